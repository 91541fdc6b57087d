import DiskTestSupport
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PixelCompare
import Testing

/// libjpeg-turbo's own command-line tools (cjpeg, djpeg, jpegtran): photos made at test time and a
/// decoder that is not MemeMe's, so the block-path tests compare against an independent reference.
public enum JPEGTools {
  /// A decoded picture: packed 8-bit samples, 3 per pixel (1 for greyscale).
  public struct Decoded {
    public let width: Int
    public let height: Int
    public let channels: Int
    public let samples: [UInt8]
  }

  /// Whether cjpeg, djpeg and jpegtran are installed. Suites that need them run when they are, and
  /// also when `MEMEME_REQUIRE_TOOLS=1` asks for completeness: they then fail on the missing tool
  /// instead of being skipped.
  public static var shouldRun: Bool { available || RequiredTools.areRequired }

  public static var available: Bool {
    ["cjpeg", "djpeg", "jpegtran"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    }
  }

  /// A photo-like JPEG made by cjpeg from a generated picture, with cjpeg's `options`
  /// (`-sample 2x2`, `-progressive`, `-restart 1`, `-grayscale`, `-icc FILE`).
  public static func photo(width: Int, height: Int, options: [String], in folder: URL, seed: UInt32 = 7)
    throws
    -> URL
  {
    let ppm = folder.appendingPathComponent("photo-\(width)x\(height).ppm")
    if !FileManager.default.fileExists(atPath: ppm.path) {
      let header = Array("P6\n\(width) \(height)\n255\n".utf8)
      var bytes = [UInt8](repeating: 0, count: header.count + width * height * 3)
      bytes.withUnsafeMutableBufferPointer { buffer in
        for (index, byte) in header.enumerated() { buffer[index] = byte }
        pixel_fill_photo(buffer.baseAddress! + header.count, Int32(width), Int32(height), seed)
      }
      try Data(bytes).write(to: ppm)
    }
    let name = "photo-\(width)x\(height)-\(options.joined().filter { $0.isLetter || $0.isNumber }).jpg"
    let output = folder.appendingPathComponent(name)
    try run("cjpeg", ["-quality", "88"] + options + ["-outfile", output.path, ppm.path])
    return output
  }

  /// A copy of `jpeg` with an EXIF segment holding only `orientation`, placed right after SOI.
  public static func withOrientation(_ jpeg: URL, _ orientation: Int, in folder: URL) throws -> URL {
    let bytes = [UInt8](try Data(contentsOf: jpeg))
    // Big-endian TIFF: header, one IFD with one SHORT entry (0x0112), no next IFD.
    let tiff: [UInt8] =
      [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]
      + [0, 0, 0, 0]
    let payload = Array("Exif\0\0".utf8) + tiff
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    let output = folder.appendingPathComponent(
      jpeg.deletingPathExtension().lastPathComponent + "-o\(orientation).jpg")
    try Data(Array(bytes[0..<2]) + segment + Array(bytes[2...])).write(to: output)
    return output
  }

  /// jpegtran's lossless turn for an EXIF orientation (`-perfect`: it fails rather than trim).
  public static func upright(_ jpeg: URL, orientation: Int, in folder: URL) throws -> URL {
    let operations = [
      2: ["-flip", "horizontal"], 3: ["-rotate", "180"], 4: ["-flip", "vertical"], 5: ["-transpose"],
      6: ["-rotate", "90"], 7: ["-transverse"], 8: ["-rotate", "270"],
    ]
    guard let operation = operations[orientation] else { return jpeg }
    let output = folder.appendingPathComponent("upright-\(orientation).jpg")
    try run("jpegtran", ["-perfect", "-copy", "none"] + operation + ["-outfile", output.path, jpeg.path])
    return output
  }

  /// How far djpeg's decoding of `jpeg` lies from `image` (opaque), sample by sample; nil when
  /// their sizes differ.
  public static func difference(of jpeg: URL, from image: RasterImage) throws -> sample_difference? {
    let decoded = try decode(jpeg)
    guard decoded.width == image.width, decoded.height == image.height, decoded.channels == 3 else {
      return nil
    }
    var samples = [UInt8](repeating: 0, count: image.width * image.height * 3)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let color = image.color(atX: x, y: y)
        let index = (y * image.width + x) * 3
        samples[index] = UInt8((color.red * 255).rounded())
        samples[index + 1] = UInt8((color.green * 255).rounded())
        samples[index + 2] = UInt8((color.blue * 255).rounded())
      }
    }
    return pixel_sample_difference(
      decoded.samples, samples, Int32(image.width), 3, 0, Int32(image.height))
  }

  /// djpeg's decoding (its defaults: accurate integer IDCT, fancy upsampling), as grey if asked.
  /// With `smooth` false, djpeg's `-nosmooth`: subsampled chroma is replicated, not blended with
  /// the neighbouring rows', so each MCU row decodes from its own blocks alone.
  public static func decode(_ jpeg: URL, grey: Bool = false, smooth: Bool = true) throws -> Decoded {
    let data = try run(
      "djpeg", ["-pnm"] + (grey ? ["-grayscale"] : []) + (smooth ? [] : ["-nosmooth"]) + [jpeg.path])
    // "P6\nW H\n255\n" or "P5\n...": three whitespace-ended fields after the magic.
    var fields: [Int] = []
    var index = 2
    var number = 0
    var inNumber = false
    while fields.count < 3 {
      let byte = data[index]
      if byte >= 0x30 && byte <= 0x39 {
        number = number * 10 + Int(byte - 0x30)
        inNumber = true
      } else if inNumber {
        fields.append(number)
        number = 0
        inNumber = false
      }
      index += 1
    }
    let channels = data[1] == 0x36 ? 3 : 1
    return Decoded(width: fields[0], height: fields[1], channels: channels, samples: Array(data[index...]))
  }

  /// The ICC profile djpeg finds in `jpeg`, or nil.
  public static func iccProfile(of jpeg: URL, in folder: URL) throws -> Data? {
    let output = folder.appendingPathComponent("extracted-\(UUID().uuidString).icc")
    try run("djpeg", ["-icc", output.path, "-outfile", "/dev/null", jpeg.path])
    return try? Data(contentsOf: output)
  }

  /// The marker bytes of every segment before the first scan (0xE1 for APP1 and so on).
  public static func markers(of jpeg: URL) throws -> [UInt8] {
    let bytes = [UInt8](try Data(contentsOf: jpeg))
    var markers: [UInt8] = []
    var index = 2
    while index + 4 <= bytes.count, bytes[index] == 0xFF {
      let marker = bytes[index + 1]
      markers.append(marker)
      if marker == 0xDA { break }
      index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
    }
    return markers
  }

  @discardableResult
  public static func run(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ToolFailure(tool: tool, arguments: arguments) }
    return [UInt8](data)
  }

  public struct ToolFailure: Error, CustomStringConvertible {
    public let tool: String
    public let arguments: [String]
    public var description: String { "\(tool) \(arguments.joined(separator: " ")) failed" }
  }
}

extension JPEGTools {
  /// How a JPEG written by the block path differs from the 4:4:4 `photo` it was made from, about the
  /// MCU-aligned rectangle `x0..<x1` × `y0..<y1` the block path may re-encode.
  public struct KeptBlocks {
    /// The regions around the rectangle whose coefficients (cut out losslessly by `jpegtran -crop`,
    /// which writes the same bytes for the same coefficients) are not the photo's.
    public var regionsWithOtherCoefficients: [String] = []
    /// The 8 × 8 blocks outside the rectangle that djpeg decodes otherwise than the photo's.
    public var strayBlocks: [(x: Int, y: Int)] = []
    /// How many blocks inside it decode otherwise.
    public var changedInside = 0
  }

  /// Compares `meme` with `photo` (both `width` × `height`, 4:4:4: an MCU is one 8 × 8 block of each
  /// component) around `x0..<x1` × `y0..<y1`, with libjpeg-turbo's own tools.
  public static func keptBlocks(
    of meme: URL, from photo: URL, width: Int, height: Int, outside x0: Int, _ y0: Int, _ x1: Int, _ y1: Int
  ) throws -> KeptBlocks {
    var kept = KeptBlocks()
    let regions = [
      (0, 0, width, y0), (0, y1, width, height - y1), (0, y0, x0, y1 - y0), (x1, y0, width - x1, y1 - y0),
    ].filter { $0.2 > 0 && $0.3 > 0 }
    for (x, y, regionWidth, regionHeight) in regions {
      let crop = ["-copy", "none", "-crop", "\(regionWidth)x\(regionHeight)+\(x)+\(y)"]
      if try run("jpegtran", crop + [photo.path]) != run("jpegtran", crop + [meme.path]) {
        kept.regionsWithOtherCoefficients.append("\(regionWidth)×\(regionHeight)+\(x)+\(y)")
      }
    }
    let before = try decode(photo, smooth: false)
    let after = try decode(meme, smooth: false)
    guard before.width == after.width, before.height == after.height, after.channels == 3 else {
      kept.regionsWithOtherCoefficients.append("the whole picture: another size or colour")
      return kept
    }
    for blockY in stride(from: 0, to: height, by: 8) {
      for blockX in stride(from: 0, to: width, by: 8) {
        let same = (blockY..<min(blockY + 8, height)).allSatisfy { y in
          let start = (y * width + blockX) * 3
          let end = (y * width + min(blockX + 8, width)) * 3
          return before.samples[start..<end].elementsEqual(after.samples[start..<end])
        }
        let inside = (x0..<x1).contains(blockX) && (y0..<y1).contains(blockY)
        if !same, !inside { kept.strayBlocks.append((blockX, blockY)) }
        if !same, inside { kept.changedInside += 1 }
      }
    }
    return kept
  }
}
