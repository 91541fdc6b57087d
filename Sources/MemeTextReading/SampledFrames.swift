// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// The frames of a file that are read for its words: a still picture's one, an animation's or a
/// video's first, middle and last, each fitted within a side length.
enum SampledFrames {
  /// The frames read; an animation whose frames are still being composed at `deadline` (on the
  /// `ReadingClock`) gives those kept by then.
  static func frames(of url: URL, longestSide: Int, until deadline: Duration)
    throws(ImageError)
    -> [RasterImage]
  {
    if VideoFile.isVideo(url) {
      return try VideoProbe.frames(of: url, atFractions: [0, 0.5, 1]).compactMap {
        fitted($0, longestSide: longestSide)
      }
    }
    if let info = AnimationReader.info(ofImageAt: url), info.frameCount > 1 {
      return try animationFrames(of: url, count: info.frameCount, longestSide: longestSide, until: deadline)
    }
    return [try still(at: url, longestSide: longestSide)]
  }

  /// A still picture decoded straight to the size read (a JPEG by libjpeg's DCT scaling).
  private static func still(at url: URL, longestSide: Int) throws(ImageError) -> RasterImage {
    let loader = ImageLoader()
    let size = try loader.pixelSize(ofImageAt: url)
    let width = fittedSize(width: size.width, height: size.height, longestSide: longestSide).width
    return try loader.load(contentsOf: url, targetWidth: width)
  }

  /// The first, middle and last frames: every frame is composed in turn (a GIF's frame is drawn over
  /// the ones before it), and those three are kept, fitted.
  private static func animationFrames(
    of url: URL, count: Int, longestSide: Int, until deadline: Duration
  ) throws(ImageError) -> [RasterImage] {
    let reader = try AnimationReader(contentsOf: url)
    let wanted = Set([0, count / 2, count - 1])
    var frames: [RasterImage] = []
    var index = 0
    while ReadingClock.now < deadline, try reader.nextFrame() != nil {
      if wanted.contains(index), let frame = fitted(reader.canvas, longestSide: longestSide) {
        frames.append(frame)
      }
      index += 1
    }
    return frames
  }

  /// `image` scaled down so its longest side is at most `longestSide`, unless it has no more pixels
  /// than a 4:3 picture of that side (a copy either way, as the reader's canvas changes); nil when
  /// out of memory.
  static func fitted(_ image: RasterImage, longestSide: Int) -> RasterImage? {
    let size = fittedSize(width: image.width, height: image.height, longestSide: longestSide)
    guard size.width != image.width || size.height != image.height else { return image.copy() }
    return image.scaled(toWidth: size.width, height: size.height)
  }

  static func fittedSize(width: Int, height: Int, longestSide: Int) -> (width: Int, height: Int) {
    let longest = max(width, height)
    // A strip (a hidden area's line of letters, cut out of a wide picture) keeps its pixels: made
    // as short as it is long, its letters would be too small to read, and it costs little.
    let fewPixels = Double(width) * Double(height) <= Double(longestSide * longestSide) * 3 / 4
    guard longest > longestSide, !fewPixels else { return (width, height) }
    let scale = Double(longestSide) / Double(longest)
    return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
  }
}
