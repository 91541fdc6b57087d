// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Testing

@testable import MemeCore

@Suite final class ImageIOErrorTests {
  /// A fresh folder for each test, removed when the test ends.
  let folder = Fixtures.temporaryFolder()

  deinit {
    Fixtures.remove(folder)
  }

  /// The error loading `url` gives, checked to name the file and state its reason on one line.
  func failure(loading url: URL, loader: ImageLoader = ImageLoader()) -> ImageError? {
    do {
      _ = try loader.load(contentsOf: url)
      return nil
    } catch {
      #expect(error.description.hasPrefix(url.path + ": "))
      #expect(!error.description.contains("\n"))
      return error
    }
  }

  @Test func missingFile() {
    let error = failure(loading: folder.appendingPathComponent("nothing.jpg"))
    #expect(error?.kind == .notFound)
    #expect(error?.reason == "no such file")
  }

  @Test func danglingAndLoopingLinks() throws {
    let dangling = folder.appendingPathComponent("dangling.jpg")
    try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "gone.jpg")
    #expect(failure(loading: dangling)?.reason.contains("broken symbolic link") == true)
    let loop = folder.appendingPathComponent("loop.jpg")
    try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.jpg")
    #expect(failure(loading: loop)?.reason.contains("symbolic link loop") == true)
  }

  @Test func folderAndFIFOAreRefusedWithoutBlocking() throws {
    #expect(failure(loading: folder)?.kind == .notRegularFile)
    let fifo = folder.appendingPathComponent("pipe.jpg")
    try #require(mkfifo(fifo.path, 0o644) == 0)
    // Nobody writes to the pipe: a blocking open or read would hang this test forever.
    let error = failure(loading: fifo)
    #expect(error?.kind == .notRegularFile)
    #expect(error?.reason.contains("FIFO") == true)
    #expect(throws: ImageError.self) { try ImageLoader().pixelSize(ofImageAt: fifo) }
  }

  // Root reads any file regardless of its mode, so EACCES cannot be produced with chmod there.
  @Test(.enabled(if: getuid() != 0, "root can read files with mode 000"))
  func unreadableFile() throws {
    let url = folder.appendingPathComponent("secret.jpg")
    Fixtures.write(Fixtures.jpeg(Fixtures.markedImage()), to: url)
    try #require(chmod(url.path, 0) == 0)
    let error = failure(loading: url)
    #expect(error?.kind == .unreadable)
    #expect(error?.reason == "permission denied")
  }

  @Test func emptyFileAndData() {
    let url = folder.appendingPathComponent("empty.png")
    Fixtures.write([], to: url)
    #expect(failure(loading: url)?.reason == "file is empty")
    #expect(throws: ImageError.self) { try ImageLoader().load(data: [], name: "clipboard") }
  }

  @Test func notAnImage() {
    let url = folder.appendingPathComponent("notes.jpg")
    Fixtures.write(Array("just some text, not a picture\n".utf8), to: url)
    let error = failure(loading: url)
    #expect(error?.kind == .unsupported)
    #expect(error?.reason.hasPrefix("not an image file") == true)
  }

  @Test(arguments: [0.5, 0.1, 0.01])
  func truncatedJPEG(keeping fraction: Double) {
    let whole = Fixtures.jpeg(Fixtures.noise(width: 256, height: 256, translucent: false))
    let url = folder.appendingPathComponent("cut.jpg")
    Fixtures.write(Array(whole[0..<Int(Double(whole.count) * fraction)]), to: url)
    #expect(failure(loading: url)?.reason == "file is truncated")
  }

  @Test func truncatedPNG() {
    let whole = try! ImageWriter.encode(Fixtures.noise(width: 64, height: 64, translucent: false), as: .png)
    let url = folder.appendingPathComponent("cut.png")
    Fixtures.write(Array(whole[0..<whole.count / 2]), to: url)
    #expect(failure(loading: url)?.reason == "file is truncated")
  }

  /// gdk-pixbuf's WebP and TIFF loaders give what they could read, with no error, for a file cut
  /// short (issue 33): MemeMe says it is truncated, as for a JPEG or a PNG.
  @Test(arguments: ["webp", "tiff"])
  func truncatedWebPAndTIFF(type: String) {
    let whole = Fixtures.saved(Fixtures.noise(width: 96, height: 64, translucent: false), as: type)
    for kept in [whole.count / 2, whole.count * 9 / 10, whole.count - 1] {
      let url = folder.appendingPathComponent("cut.\(type)")
      Fixtures.write(Array(whole[0..<kept]), to: url)
      let error = failure(loading: url)
      #expect(
        error?.reason == "file is truncated", "\(kept) of \(whole.count) bytes: \(String(describing: error))")
      #expect(error?.description.contains("\n") == false)
    }
    let url = folder.appendingPathComponent("whole.\(type)")
    Fixtures.write(whole, to: url)
    #expect(failure(loading: url) == nil)
  }

  /// A GIF is read as the animation reader reads it (issue 48): cut before its first frame ends,
  /// it fails in one line; cut after, its first frame is drawn whole, as it is without its trailer.
  @Test func truncatedGIF() throws {
    let whole = Fixtures.redThenBlueGIF
    var firstWhole: Int?
    for kept in 6..<whole.count {
      let url = folder.appendingPathComponent("cut.gif")
      Fixtures.write(Array(whole[0..<kept]), to: url)
      do {
        let picture = try ImageLoader().load(contentsOf: url)
        if firstWhole == nil { firstWhole = kept }
        #expect(picture.damage == nil, "\(kept) of \(whole.count) bytes")
        #expect(picture.color(atX: 0, y: 0) == RGBAColor(red: 1, green: 0, blue: 0), "\(kept) bytes")
      } catch {
        #expect(firstWhole == nil, "\(kept) of \(whole.count) bytes fails after a shorter cut was read")
        #expect(error.kind == .corrupt, "\(kept) of \(whole.count) bytes: \(error)")
        #expect(!error.description.contains("\n"))
      }
    }
    // The first frame ends with the 42nd byte, where the second frame's graphic control begins.
    #expect(firstWhole == 42)
  }

  @Test func corruptFiles() {
    // A JPEG whose quantisation table is gone: libjpeg stops with an error.
    var jpeg = Fixtures.jpeg(Fixtures.markedImage())
    let table = Fixtures.jpegSegment(0xDB, in: jpeg)!
    jpeg[table + 1] = 0xE5  // the DQT segment becomes an ignorable APP5
    let badJPEG = folder.appendingPathComponent("bad.jpg")
    Fixtures.write(jpeg, to: badJPEG)
    let jpegError = failure(loading: badJPEG)
    #expect(jpegError?.kind == .corrupt)
    #expect(jpegError?.reason.hasPrefix("corrupt JPEG") == true)
    // A PNG whose image data is noise.
    var png = try! ImageWriter.encode(Fixtures.markedImage(), as: .png)
    for index in 60..<min(png.count - 20, 90) { png[index] ^= 0x5A }
    let badPNG = folder.appendingPathComponent("bad.png")
    Fixtures.write(png, to: badPNG)
    #expect(failure(loading: badPNG)?.kind == .corrupt)
  }

  /// More than `ImageLoader.largestFittedMultiple` times the limit is refused (within it, a JPEG or
  /// PNG opens smaller: see `OpenedSmallerTests`).
  @Test func pixelLimitRefusesFromTheHeader() throws {
    let small = ImageLoader(maxPixels: 500)
    let jpegURL = folder.appendingPathComponent("big.jpg")
    Fixtures.write(Fixtures.jpeg(Fixtures.markedImage(width: 100, height: 100)), to: jpegURL)
    let error = failure(loading: jpegURL, loader: small)
    #expect(error?.kind == .tooLarge)
    #expect(
      error?.reason.contains(
        "(\(PixelCount.grouped(10000)) pixels), more than the limit of \(PixelCount.grouped(500)) pixels")
        == true)

    // Headers claiming 60000 × 60000 (14 GB of pixels) over tiny bodies: refused as too large, so
    // nothing tried to allocate them (which would fail as out of memory or crash instead).
    var jpeg = Fixtures.jpeg(Fixtures.markedImage())
    let frame = Fixtures.jpegSegment(0xC0, in: jpeg)!
    jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0xEA, 0x60, 0xEA, 0x60])
    let hugeJPEG = folder.appendingPathComponent("huge.jpg")
    Fixtures.write(jpeg, to: hugeJPEG)
    #expect(failure(loading: hugeJPEG)?.kind == .tooLarge)
    #expect(try ImageLoader().pixelSize(ofImageAt: hugeJPEG) == (60000, 60000))

    var png = Fixtures.saved(Fixtures.markedImage(), as: "png")
    let header = Fixtures.chunk(
      "IHDR", Fixtures.bigEndian(60000) + Fixtures.bigEndian(60000) + Array(png[24..<29]))
    png.replaceSubrange(8..<33, with: header)
    let hugePNG = folder.appendingPathComponent("huge.png")
    Fixtures.write(png, to: hugePNG)
    let pngError = failure(loading: hugePNG)
    #expect(pngError?.kind == .tooLarge)
    #expect(pngError?.reason.contains("(\(PixelCount.grouped(3600)) megapixels)") == true)
    #expect(try ImageLoader().pixelSize(ofImageAt: hugePNG) == (60000, 60000))
  }
}

/// Damaged data of every kind must give an image or an `ImageError`, never a crash or a hang.
@Suite struct ImageIODamageTests {
  static let samples: [(String, [UInt8])] = [
    ("exif.jpg", Fixtures.jpeg(Fixtures.markedImage(), orientation: 6)),
    ("alpha.png", Fixtures.saved(Fixtures.noise(width: 24, height: 16, translucent: true), as: "png")),
    ("picture.bmp", Fixtures.saved(Fixtures.markedImage(), as: "bmp")),
    ("picture.tiff", Fixtures.tiff(Fixtures.saved(Fixtures.markedImage(), as: "tiff"), orientation: 8)),
    ("picture.webp", Fixtures.saved(Fixtures.markedImage(), as: "webp")),
    ("blink.gif", Fixtures.redThenBlueGIF),
  ]

  @Test(arguments: samples.map(\.0))
  func damagedCopiesNeverCrash(name: String) {
    let original = Self.samples.first { $0.0 == name }!.1
    var state: UInt32 = 0x1234_5678
    func random(_ bound: Int) -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 8) % bound
    }
    var damaged: [[UInt8]] = (0..<original.count).map { Array(original[0..<$0]) }  // every truncation
    for _ in 0..<150 {
      var copy = original
      for _ in 0...random(4) { copy[random(copy.count)] = UInt8(random(256)) }
      damaged.append(copy)
    }
    for bytes in damaged {
      do {
        let image = try ImageLoader().load(data: bytes, name: name)
        #expect(image.width > 0 && image.height > 0)
      } catch {
        #expect(error.description.hasPrefix("\(name): "))
        #expect(!error.description.contains("\n"))
      }
    }
  }
}
