// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureFixtures
import Testing

/// `mememe render` makes send-ready files: nothing private from the source (read back by exiftool),
/// the meme's description as alt text (`--description`, by default its text), in PNG, JPEG, GIF and
/// WebP, and, with `--max-bytes`, a file within the size asked for.
@Suite struct SendReadyTests {
  static let top = "One does not simply"
  static let bottom = "send a GPS position"
  static let defaultDescription = "\(top)\n\(bottom)"

  // MARK: Privacy

  @Test(arguments: PrivateSources.Kind.allCases, ["png", "jpg", "gif", "webp"])
  func renderedFilesCarryNothingFromTheSource(kind: PrivateSources.Kind, output extension: String) throws {
    try ExifToolReader.require()
    let fixtures = try Fixtures()
    let source = try PrivateSources.picture(kind)
    let output = fixtures.path("meme.\(`extension`)")
    let result = try CommandLineRunner.run(
      ["render", source.path, "--top", Self.top, "--bottom", Self.bottom, "-o", output, "-v"])
    #expect(result.status == 0, "\(result.standardError)")
    let tags = try ExifToolReader.read(URL(fileURLWithPath: output))
    // A JPEG photo written as JPEG keeps its blocks, and with them its ICC profile.
    let keepsBlocks = kind == .jpeg && `extension` == "jpg"
    #expect(result.standardOutput.contains("kept the photo's JPEG blocks") == keepsBlocks)
    let unexpected = tags.unexpected(allowingICCProfile: keepsBlocks)
    #expect(unexpected.isEmpty, "\(kind) → \(`extension`): \(unexpected)")
    if `extension` == "png" {
      #expect(tags.pngDescription == Self.defaultDescription)
    } else {
      #expect(tags.xmpDescription == Self.defaultDescription)
      #expect(tags.altTextAccessibility == Self.defaultDescription)
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(kind) → \(`extension`) holds \"\(secret)\"")
    }
  }

  /// The other ways a JPEG is written: encoded whole (--reencode, --quality, --width, turned), to
  /// standard output, and fitted under a size limit.
  @Test(arguments: [
    ["--reencode"], ["--quality", "80"], ["--width", "320"], ["--rotate", "90"], ["--max-bytes", "9K"],
  ])
  func everyJPEGPathIsPrivate(options: [String]) throws {
    try ExifToolReader.require()
    let fixtures = try Fixtures()
    let source = try PrivateSources.picture(.jpeg)
    let output = fixtures.path("meme.jpg")
    let result = try CommandLineRunner.run(
      ["render", source.path, "--top", Self.top, "--bottom", Self.bottom, "-o", output] + options)
    #expect(result.status == 0, "\(result.standardError)")
    let tags = try ExifToolReader.read(URL(fileURLWithPath: output))
    #expect(
      tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.unexpected(allowingICCProfile: false))")
    #expect(tags.xmpDescription == Self.defaultDescription)
  }

  @Test(arguments: ["png", "jpeg", "gif", "webp"]) func standardOutputIsPrivate(format: String) throws {
    try ExifToolReader.require()
    let fixtures = try Fixtures()
    let source = try PrivateSources.picture(.webp)
    let result = try CommandLineRunner.run(
      ["render", source.path, "--top", Self.top, "-o", "-", "--format", format, "--description", "piped"])
    #expect(result.status == 0, "\(result.standardError)")
    let output = fixtures.folder.appendingPathComponent("piped.\(format)")
    try result.outputBytes.write(to: output)
    let tags = try ExifToolReader.read(output)
    #expect(
      tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.unexpected(allowingICCProfile: false))")
    #expect((format == "png" ? tags.pngDescription : tags.xmpDescription) == "piped")
  }

  // MARK: The description

  @Test(arguments: ["png", "jpg", "gif", "webp"]) func descriptionIsWrittenExactly(extension: String) throws {
    try ExifToolReader.require()
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 320, height: 240), as: "in.jpg", format: .jpeg(quality: 85))
    let text = "Ein Mann, überrascht 😮\n<b>bold</b> & \"quoted\" 'text'"
    let output = fixtures.path("described.\(`extension`)")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "x", "-o", output, "--description", text,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let tags = try ExifToolReader.read(URL(fileURLWithPath: output))
    if `extension` == "png" {
      #expect(tags.pngDescription == text)
    } else {
      #expect(tags.xmpDescription == text && tags.altTextAccessibility == text)
    }
  }

  /// The default reads the captions in order: top, the boxes from top to bottom, bottom; an empty
  /// --description is the default too.
  @Test func theDefaultDescriptionIsTheTextInReadingOrder() throws {
    try ExifToolReader.require()
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 320, height: 240), as: "in.png", format: .png)
    let output = fixtures.path("ordered.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "first", "--bottom", "last", "--caption", "third", "--box", "0.1,0.6,0.5,0.2",
      "--caption", "second", "--box", "0.1,0.3,0.5,0.2", "--description=", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try ExifToolReader.read(URL(fileURLWithPath: output)).pngDescription == "first\nsecond\nthird\nlast")
  }

  // MARK: --max-bytes

  /// A photo-like picture that compresses like a photo (noise), 800 × 600.
  static func photo(_ fixtures: Fixtures) throws -> String {
    try fixtures.write(fixtures.noise(width: 800, height: 600, seed: 5), as: "photo.png", format: .png)
  }

  @Test func aGenerousLimitKeepsTheNormalFile() throws {
    let fixtures = try Fixtures()
    let input = try Self.photo(fixtures)
    let output = fixtures.path("meme.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "hi", "-o", output, "--max-bytes", "1G", "-v",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput.contains("size limit 1,000,000,000 bytes: the file fits as it is"))
    #expect(try fixtures.decode(output).width == 800)
  }

  /// A tight limit: a JPEG at the highest quality that fits, its quality, pixel size and bytes said
  /// with --verbose, and the file read back by djpeg within the limit.
  @Test(arguments: ["300K", "150KB", "40000", "20k"]) func aTightLimitIsMet(limit: String) throws {
    let fixtures = try Fixtures()
    let input = try Self.photo(fixtures)
    let output = fixtures.path("meme.jpg")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "fits", "--bottom", "in the limit", "-o", output, "--max-bytes", limit,
      "--verbose",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let bytes = try #require(ByteSize.parse(limit))
    let size = try Data(contentsOf: URL(fileURLWithPath: output)).count
    #expect(size <= bytes && size * 10 >= bytes * 9, "\(size) of \(bytes)")
    let line = try #require(result.standardOutput.split(separator: "\n").last.map(String.init))
    #expect(line.contains("JPEG quality"), "\(line)")
    #expect(
      line.contains(PixelCount.grouped(size, locale: Locale(identifier: "en_US")) + " bytes"), "\(line)")
    // djpeg reads it, at the size it says.
    let decoded = try runTool("/usr/bin/djpeg", ["-pnm", output])
    let header = String(decoding: decoded.prefix(20), as: UTF8.self).split(whereSeparator: \.isWhitespace)
    #expect(line.contains("\(header[1])×\(header[2])"), "\(line) / \(header)")
  }

  /// Asked for a PNG that cannot fit: a JPEG named .jpg, said on standard error in one line.
  @Test func aPNGOverTheLimitBecomesAJPEGNamedSo() throws {
    let fixtures = try Fixtures()
    let input = try Self.photo(fixtures)
    let output = fixtures.path("meme.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "hi", "-o", output, "--max-bytes", "100K",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    let jpeg = fixtures.path("meme.jpg")
    #expect(try Data(contentsOf: URL(fileURLWithPath: jpeg)).prefix(2) == Data([0xFF, 0xD8]))
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("wrote a JPEG to") && result.standardError.contains("meme.jpg"))
  }

  /// The JPEG's name was not given, so it is never taken from what has it: a file there, or a
  /// symbolic link (to a file outside the folder, or to nothing), stays as it was, the PNG is not
  /// written either, and the render fails in one line.
  @Test(arguments: ["file", "link", "dangling link"]) func aPNGOverTheLimitNeverReplacesTheOtherName(
    planted: String
  ) throws {
    let fixtures = try Fixtures()
    let outside = try Fixtures()
    let input = try Self.photo(fixtures)
    let output = fixtures.path("meme.png")
    let jpeg = fixtures.path("meme.jpg")
    let target = outside.path("precious.txt")
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: target))
    switch planted {
    case "file": try Data("precious\n".utf8).write(to: URL(fileURLWithPath: jpeg))
    case "link": try FileManager.default.createSymbolicLink(atPath: jpeg, withDestinationPath: target)
    default:
      try FileManager.default.createSymbolicLink(atPath: jpeg, withDestinationPath: outside.path("gone"))
    }
    let before = try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path).sorted()
    let result = try CommandLineRunner.run([
      "render", input, "--top", "hi", "-o", output, "--max-bytes", "100K",
    ])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(result.standardError.hasPrefix("mememe: ") && result.standardError.contains("meme.jpg"))
    #expect(result.standardError.contains("exists"), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path).sorted() == before)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.folder.path) == ["precious.txt"])
    switch planted {
    case "file": #expect(try String(contentsOfFile: jpeg, encoding: .utf8) == "precious\n")
    case "link": #expect(try FileManager.default.destinationOfSymbolicLink(atPath: jpeg) == target)
    default:
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: jpeg) == outside.path("gone"))
    }
  }

  /// A limit nothing meets: one line, a failure status, and no file.
  @Test(arguments: ["200", "1K"]) func anImpossibleLimitFailsWritingNothing(limit: String) throws {
    let fixtures = try Fixtures()
    let input = try Self.photo(fixtures)
    let output = fixtures.path("meme.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "hi", "-o", output, "--max-bytes", limit,
    ])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1)
    #expect(
      result.standardError.hasPrefix("mememe: ") && result.standardError.contains("no JPEG of the meme fits"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path).sorted() == ["photo.png"])
  }

  @Test(arguments: ["", "8X", "-5M", "0"]) func aBadLimitIsRefused(limit: String) throws {
    let fixtures = try Fixtures()
    let input = try Self.photo(fixtures)
    let result = try CommandLineRunner.run([
      "render", input, "-o", fixtures.path("m.png"), "--max-bytes=\(limit)",
    ])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("--max-bytes"), "\(result.standardError)")
  }

  @Test func helpExplainsTheNewOptions() throws {
    let help = try CommandLineRunner.run(["render", "--help"]).standardOutput
    #expect(help.contains("--description <TEXT>"))
    #expect(help.contains("--max-bytes <SIZE>"))
    #expect(help.contains("M or MB") && help.contains("1,000,000") && help.contains("decimal"))
  }

  private func runTool(_ path: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return data
  }
}
