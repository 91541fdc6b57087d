// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import Testing

@testable import MemeCore

/// Files small on disk that made gdk-pixbuf's loaders spin (issue 33) decode in well under a second:
/// MemeMe shows them only their first frame or directory, and a GIF that declares more frames than
/// an animation may have is refused from its structure (issue 48: the still path reads GIFs with the
/// animation reader and its limits).
@Suite struct DecodeTimeTests {
  @Test func aGIFOfTwentyThousandFramesIsRefusedAtOnce() throws {
    let gif = SlowPictures.manyFrameGIF(width: 500, height: 500, frames: 20_000)
    // Processor time of this thread, where the decode runs: the wall clock stretches under load.
    var failure: ImageError?
    let elapsed = ThreadProcessorTime.measure {
      do throws(ImageError) {
        _ = try ImageLoader().load(data: gif, name: "frames.gif")
      } catch {
        failure = error
      }
    }
    #expect(failure?.reason == "the animation has more than 6,000 frames", "\(String(describing: failure))")
    #expect(elapsed < 1, "took \(elapsed) s")
  }

  @Test func aGIFOfSixThousandFramesDecodesItsFirstAtOnce() throws {
    let gif = SlowPictures.manyFrameGIF(width: 500, height: 500, frames: AnimationLimits.defaultMaxFrames)
    var decoded: RasterImage?
    let elapsed = try ThreadProcessorTime.measure {
      decoded = try ImageLoader().load(data: gif, name: "frames.gif")
    }
    let image = try #require(decoded)
    #expect(image.width == 500 && image.height == 500)
    #expect(image.color(atX: 0, y: 0).red > 0.9, "the first frame's red pixel")
    #expect(elapsed < 1, "took \(elapsed) s")
  }

  @Test func aTIFFOfEightyThousandDirectoriesDecodesItsFirstAtOnce() throws {
    let tiff = SlowPictures.manyDirectoryTIFF(extra: 80_000)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("directories-\(UUID()).tiff")
    try Data(tiff).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var size = (width: 0, height: 0)
    var decoded: RasterImage?
    let elapsed = try ThreadProcessorTime.measure {
      size = try ImageLoader().pixelSize(ofImageAt: url)
      decoded = try ImageLoader().load(contentsOf: url)
    }
    let image = try #require(decoded)
    #expect(size.width == 256 && size.height == 256)
    #expect(image.width == 256 && image.height == 256)
    #expect(elapsed < 1, "took \(elapsed) s")
  }

  @Test func aGIFCutShortInItsFirstFrameStillFails() {
    let gif = SlowPictures.manyFrameGIF(width: 4, height: 4, frames: 3)
    // The first image descriptor starts after the header, the colour table and the two extensions.
    let firstImage = 6 + 7 + 6 + 19 + 8
    for kept in (firstImage + 1)..<(firstImage + 15) {
      #expect(throws: ImageError.self) { try ImageLoader().load(data: Array(gif[0..<kept]), name: "cut.gif") }
    }
  }
}
