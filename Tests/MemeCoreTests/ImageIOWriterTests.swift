// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Testing

@testable import MemeCore

@Suite final class ImageIOWriterTests {
  /// A fresh folder for each test, removed when the test ends.
  let folder = Fixtures.temporaryFolder()

  deinit {
    Fixtures.remove(folder)
  }

  @Test func opaquePNGRoundTripsExactly() throws {
    // Tall enough that the rows are filtered in several parts on several cores.
    let source = Fixtures.noise(width: 301, height: 203, translucent: false)
    let url = folder.appendingPathComponent("noise.png")
    try ImageWriter.write(source, to: url, as: .png)
    let bytes = Fixtures.contents(of: url)
    #expect(bytes[25] == 2)  // IHDR colour type: RGB, no alpha channel
    let decoded = try ImageLoader().load(contentsOf: url)
    #expect(decoded.width == 301 && decoded.height == 203)
    for (x, y) in [(0, 0), (300, 0), (150, 101), (0, 202), (300, 202), (77, 150)] {
      #expect(decoded.color(atX: x, y: y) == source.color(atX: x, y: y))
    }
  }

  /// Strips of one, a few and many rows: every strip boundary joins two separately compressed
  /// deflate streams, whose ends fall at all sorts of bit positions.
  @Test(arguments: [1, 3 * 904, 40 * 904])
  func pngStripsJoinIntoOneValidStream(stripBytes: Int) throws {
    for source in [
      Fixtures.noise(width: 301, height: 203, translucent: false),
      Fixtures.noise(width: 97, height: 61, translucent: true, seed: 11),
      Fixtures.markedImage(width: 300, height: 120),
    ] {
      var sink = ArraySink()
      try PNGEncoder.encode(source, stripBytes: stripBytes, to: &sink, name: "strips.png")
      let decoded = try ImageLoader().load(data: sink.bytes, name: "strips.png")
      #expect(decoded.width == source.width && decoded.height == source.height)
      for y in 0..<source.height {
        for x in 0..<source.width where source.color(atX: x, y: y).alpha == 1 {
          #expect(decoded.color(atX: x, y: y) == source.color(atX: x, y: y))
        }
      }
    }
  }

  @Test func translucentPNGKeepsAlpha() throws {
    let source = Fixtures.noise(width: 120, height: 90, translucent: true)
    let bytes = try ImageWriter.encode(source, as: .png)
    #expect(bytes[25] == 6)  // IHDR colour type: RGBA
    let decoded = try ImageLoader().load(data: bytes, name: "alpha.png")
    #expect(decoded.hasAlpha)
    for y in stride(from: 0, to: 90, by: 7) {
      for x in stride(from: 0, to: 120, by: 11) {
        let expected = source.color(atX: x, y: y)
        let actual = decoded.color(atX: x, y: y)
        #expect(abs(expected.alpha - actual.alpha) < 0.5 / 255)
        // Premultiplied storage keeps about 8 bits of alpha × colour; faint pixels lose precision.
        if expected.alpha > 0.2 {
          #expect(distance(actual, expected.red, expected.green, expected.blue) <= 1.5 / expected.alpha)
        }
      }
    }
  }

  @Test func jpegRoundTripAndQuality() throws {
    let source = Fixtures.markedImage(width: 128, height: 64)
    let high = try ImageWriter.encode(source, as: .jpeg(quality: 95))
    let low = try ImageWriter.encode(
      Fixtures.noise(width: 128, height: 64, translucent: false), as: .jpeg(quality: 10))
    let lowHigh = try ImageWriter.encode(
      Fixtures.noise(width: 128, height: 64, translucent: false), as: .jpeg(quality: 95))
    #expect(low.count < lowHigh.count)
    let decoded = try ImageLoader().load(data: high, name: "photo.jpg")
    #expect(distance(decoded.color(atX: 4, y: 4), 1, 0, 0) < 20)
    #expect(distance(decoded.color(atX: 64, y: 40), 0.5, 0.5, 0.5) < 4)
  }

  @Test func jpegFlattensTransparencyOnWhite() throws {
    let clear = Fixtures.filled(width: 16, height: 16, red: 0, green: 0, blue: 0, alpha: 0)
    let decodedClear = try ImageLoader().load(
      data: ImageWriter.encode(clear, as: .jpeg(quality: 95)), name: "a.jpg")
    #expect(distance(decodedClear.color(atX: 8, y: 8), 1, 1, 1) < 3)
    let halfBlack = Fixtures.filled(width: 16, height: 16, red: 0, green: 0, blue: 0, alpha: 0.5)
    let decodedHalf = try ImageLoader().load(
      data: ImageWriter.encode(halfBlack, as: .jpeg(quality: 95)), name: "b.jpg")
    #expect(distance(decodedHalf.color(atX: 8, y: 8), 0.5, 0.5, 0.5) < 3)
    #expect(!decodedHalf.hasAlpha)
  }

  @Test func writeReplacesAnExistingFileAndKeepsItsPermissions() throws {
    let url = folder.appendingPathComponent("meme.jpg")
    Fixtures.write(Array("old contents".utf8), to: url)
    try #require(chmod(url.path, 0o640) == 0)
    try ImageWriter.write(Fixtures.markedImage(), to: url, as: .jpeg(quality: 80))
    let image = try ImageLoader().load(contentsOf: url)
    #expect(image.width == 64)
    var info = stat()
    try #require(stat(url.path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(Fixtures.strayFiles(in: folder, expected: ["meme.jpg"]).isEmpty)
  }

  @Test func failedWriteLeavesTheExistingFileAndNoTemporaryFile() throws {
    let url = folder.appendingPathComponent("meme.png")
    let original = Array("precious bytes that must survive".utf8)
    Fixtures.write(original, to: url)
    // The new file is made, then the encoder fails at its first write (a failure after bytes were
    // written is DurableFileTests' `aFailedWriteLeavesTheTargetAndNoFile`).
    let cancelled = Cancellation()
    cancelled.cancel()
    #expect(throws: ImageError.self) {
      try ImageWriter.write(Fixtures.markedImage(), to: url, as: .png, cancellation: cancelled)
    }
    #expect(Fixtures.contents(of: url) == original)
    #expect(Fixtures.strayFiles(in: folder, expected: ["meme.png"]).isEmpty)
  }

  @Test func unwritableTargetsFailCleanly() throws {
    let missingFolder = folder.appendingPathComponent("nowhere/meme.png")
    do {
      try ImageWriter.write(Fixtures.markedImage(), to: missingFolder, as: .png)
      Issue.record("writing into a missing folder succeeded")
    } catch {
      #expect(error.kind == .writeFailed)
      #expect(error.description == "\(missingFolder.path): cannot write: the folder does not exist")
    }
    let subfolder = folder.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
    #expect(throws: ImageError.self) {
      try ImageWriter.write(Fixtures.markedImage(), to: subfolder, as: .jpeg(quality: 90))
    }
    #expect(Fixtures.strayFiles(in: folder, expected: ["taken"]).isEmpty)
  }

  /// Save As in the editor and the detail window write through here, as `mememe render -o` does.
  @Test func writingThroughALinkReplacesItsFileAndKeepsTheLink() throws {
    let target = folder.appendingPathComponent("real.png")
    Fixtures.write(Array("old".utf8), to: target)
    let link = folder.appendingPathComponent("link.png")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.png")

    try ImageWriter.write(Fixtures.markedImage(), to: link, as: .png)

    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.png")
    #expect(try ImageLoader().load(contentsOf: target).width == 64)
    #expect(Fixtures.strayFiles(in: folder, expected: ["real.png", "link.png"]).isEmpty)
  }

  /// The temporary file's name is short whatever the target's: a 255-byte name still works.
  @Test func longestNameIsWritable() throws {
    let url = folder.appendingPathComponent(String(repeating: "m", count: 251) + ".png")

    try ImageWriter.write(Fixtures.markedImage(), to: url, as: .png)

    #expect(try ImageLoader().load(contentsOf: url).width == 64)
    #expect(Fixtures.strayFiles(in: folder, expected: [url.lastPathComponent]).isEmpty)
  }
}
