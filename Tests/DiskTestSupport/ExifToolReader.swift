// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A file's metadata as exiftool reads it: an independent reader (Perl, its own parsers for every
/// format), so the privacy tests do not check MemeMe's files with MemeMe's own idea of them.
///
/// `read(_:)` runs `exiftool -j -G1 -a -u` (JSON, family-1 groups, duplicates and unknown tags too)
/// and keeps every tag as `"Group:Tag"` → its value as text. `unexpected(allowingICCProfile:)` lists
/// every tag a MemeMe file may not carry: anything but the file's structure, the ICC profile (when
/// the source had one and the path keeps it) and MemeMe's own description. The window tests (Save
/// As, Copy, Open With, e-mail, drag-out, Detail) read their outputs through the same calls.
public struct ExifToolTags: Sendable {
  /// `"Group:Tag"` → value (numbers and lists as exiftool prints them, lists joined by ", ").
  public let values: [String: String]

  public subscript(_ key: String) -> String? { values[key] }

  /// The description in a PNG's `iTXt` chunk.
  public var pngDescription: String? { values["PNG:Description"] }
  /// The XMP `dc:description` and IPTC alt text (`Iptc4xmpCore:AltTextAccessibility`) of a JPEG,
  /// GIF or WebP.
  public var xmpDescription: String? { values["XMP-dc:Description"] }
  public var altTextAccessibility: String? { values["XMP-iptcCore:AltTextAccessibility"] }

  /// Whether the file carries an ICC profile.
  public var hasICCProfile: Bool { values.keys.contains { $0.hasPrefix("ICC") } }

  /// Tags that describe the file's own structure, which every image has.
  public static let structural: Set<String> = [
    "File:FileType", "File:FileTypeExtension", "File:MIMEType", "File:ImageWidth", "File:ImageHeight",
    "File:EncodingProcess", "File:BitsPerSample", "File:ColorComponents", "File:YCbCrSubSampling",
    "JFIF:JFIFVersion", "JFIF:ResolutionUnit", "JFIF:XResolution", "JFIF:YResolution",
    "PNG:ImageWidth", "PNG:ImageHeight", "PNG:BitDepth", "PNG:ColorType", "PNG:Compression", "PNG:Filter",
    "PNG:Interlace", "Composite:ImageSize", "Composite:Megapixels",
    "GIF:GIFVersion", "GIF:ImageWidth", "GIF:ImageHeight", "GIF:HasColorMap", "GIF:ColorResolutionDepth",
    "GIF:BitsPerPixel", "GIF:BackgroundColor", "GIF:AnimationIterations", "GIF:TransparentColor",
    "GIF:FrameCount", "GIF:Duration",
    "RIFF:WebP_Flags", "RIFF:ImageWidth", "RIFF:ImageHeight", "RIFF:VP8Version", "RIFF:HorizontalScale",
    "RIFF:VerticalScale", "RIFF:BackgroundColor", "RIFF:AnimationLoopCount", "RIFF:Duration",
  ]
  /// MemeMe's description, in the tags each format carries it in.
  public static let description: Set<String> = [
    "PNG:Description", "XMP-dc:Description", "XMP-iptcCore:AltTextAccessibility",
  ]
  /// What exiftool says about itself and the file system, not about the file's content.
  public static let aboutTheFile: Set<String> = ["SourceFile", "ExifTool", "System"]

  /// Every tag beyond the file's structure, the description and (with `allowingICCProfile`) the
  /// ICC profile, sorted: empty for a file that carries nothing private.
  public func unexpected(allowingICCProfile: Bool) -> [String] {
    values.keys.filter { key in
      let group = key.split(separator: ":", maxSplits: 1).first.map(String.init) ?? key
      if Self.aboutTheFile.contains(group) || Self.structural.contains(key) || Self.description.contains(key)
      {
        return false
      }
      if allowingICCProfile, group.hasPrefix("ICC") { return false }
      return true
    }.sorted().map { "\($0) = \(values[$0]!)" }
  }
}

public enum ExifToolReader {
  /// exiftool on the PATH (Debian: libimage-exiftool-perl), or nil.
  public static let executable: URL? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("exiftool") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  public static var isAvailable: Bool { executable != nil }

  /// Returns with exiftool installed; otherwise skips the calling test, or fails it where tools are
  /// required (`MEMEME_REQUIRE_TOOLS=1`, see `RequiredTools`).
  public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try RequiredTools.require(
      isAvailable, "exiftool is not installed (Debian: libimage-exiftool-perl)",
      sourceLocation: sourceLocation)
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
  }

  /// Every tag of the file at `url`.
  public static func read(_ url: URL) throws -> ExifToolTags {
    let output = try run(["-j", "-G1", "-a", "-u", url.path])
    guard let list = try JSONSerialization.jsonObject(with: output) as? [[String: Any]], let tags = list.first
    else {
      throw Failure(description: "exiftool printed no tags for \(url.path)")
    }
    return ExifToolTags(values: tags.mapValues(text))
  }

  /// Runs `exiftool -overwrite_original ARGUMENTS FILE`: writes tags into a file (test sources).
  public static func write(_ arguments: [String], into url: URL) throws {
    _ = try run(["-overwrite_original", "-charset", "UTF8"] + arguments + [url.path])
  }

  /// Runs exiftool and returns its standard output; throws when it fails.
  @discardableResult
  public static func run(_ arguments: [String]) throws -> Data {
    guard let executable else { throw Failure(description: "exiftool is not installed") }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both while it runs, so a full pipe cannot stall it.
    let errors = SetOnce()
    let reader = Thread { errors.set(error.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errors.isSet { usleep(1000) }
    guard process.terminationStatus == 0 else {
      throw Failure(
        description:
          "exiftool \(arguments.joined(separator: " ")) failed: \(String(decoding: errors.value, as: UTF8.self))"
      )
    }
    return data
  }

  /// A JSON value as text: strings as they are, numbers as printed, lists joined.
  private static func text(_ value: Any) -> String {
    switch value {
    case let string as String: string
    case let list as [Any]: list.map(text).joined(separator: ", ")
    case let number as NSNumber: number.stringValue
    default: "\(value)"
    }
  }
}

/// Data set once by another thread. Unchecked Sendable: every access holds the lock.
private final class SetOnce: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = Data()
  private var set = false
  func set(_ value: Data) { lock.withLock { (stored, set) = (value, true) } }
  var isSet: Bool { lock.withLock { set } }
  var value: Data { lock.withLock { stored } }
}
