// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// A picture in the editor: the full-resolution pixels export uses, and a smaller copy the canvas
/// draws from so that a keystroke never rescales a 48-megapixel image.
public nonisolated final class EditorImage: Sendable {
  /// The file the picture came from (pasted pictures are saved to the cache first).
  public let url: URL
  /// The source's own pixels: what Save As, Copy Image and drag out export.
  public let full: RasterImage
  /// At most `previewLimit` pixels on its longest side (or `full` itself when smaller).
  public let preview: RasterImage
  /// The animation's structure when the file is an animated GIF or WebP (more than one frame), whose
  /// first frame `full` is; nil for a still picture. Shares of an animated picture may write every
  /// frame (`ShareFormat.animated`), read again from `url`.
  public let animation: AnimationInfo?
  /// The kind of animation the file is (GIF, or WebP written lossy by default), which a share of
  /// the animation proposes; nil for a still picture.
  public let animationFormat: AnimationFormat?
  /// Where the animation's frames lie in time, read by decoding them once while it was opened (off
  /// the main thread), so that playing it starts without that pass; nil for a still picture, or
  /// when it was not read.
  public let timeline: AnimationTimeline?
  /// What the video is when the file is one (MP4, WebM, Matroska, QuickTime), whose first frame
  /// `full` is; nil for a picture. The editor plays it (`VideoPlayer`) and shares of it caption
  /// every frame (`VideoExporter`), read again from `url`.
  public let video: VideoInfo?
  /// Whether the picture has sound (a video's) that the meme can keep or leave out; never a GIF's
  /// or a WebP's.
  public let hasSound: Bool

  /// Big enough for a full-screen canvas on a HiDPI laptop, small enough to rescale per resize.
  public static let previewLimit = 2560

  public init(
    url: URL, full: RasterImage, preview: RasterImage, animation: AnimationInfo? = nil,
    animationFormat: AnimationFormat = .gif, timeline: AnimationTimeline? = nil, hasSound: Bool = false,
    video: VideoInfo? = nil
  ) {
    self.hasSound = hasSound || video?.hasAudio == true
    self.url = url
    self.full = full
    self.preview = preview
    self.animation = animation.flatMap { $0.isAnimated ? $0 : nil }
    self.animationFormat = self.animation == nil ? nil : animationFormat
    self.timeline = self.animation == nil ? nil : timeline
    self.video = video
  }

  public var isAnimated: Bool { animation != nil }
  public var isVideo: Bool { video != nil }

  public var width: Int { full.width }
  public var height: Int { full.height }

  /// Decodes `url` and makes its preview (slow: call it off the main thread).
  public static func load(contentsOf url: URL) throws(ImageError) -> EditorImage {
    try PictureLoader.load(url).get()
  }

  /// The preview size for a `width` × `height` source: the same aspect ratio, within the limit.
  static func previewSize(width: Int, height: Int) -> (width: Int, height: Int) {
    let longest = max(width, height)
    guard longest > previewLimit else { return (width, height) }
    let scale = Double(previewLimit) / Double(longest)
    return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
  }
}
