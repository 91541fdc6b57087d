// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureFixtures
import Testing

@testable import MemeCore

/// Nothing private leaves through the engine: sources full of EXIF (GPS, camera, serial numbers,
/// dates), XMP, IPTC, an EXIF thumbnail, PNG `eXIf` and text chunks, WebP EXIF and XMP, exported to
/// PNG and JPEG, on the JPEG block path and under a size limit, read back by exiftool: only the ICC
/// profile (on the block path, which keeps the photo's colours as they are) and MemeMe's
/// description remain. The command line's and the Share pipeline's own tests do the same through
/// them.
@Suite struct ExportPrivacyTests {
  static let captions = MemeCaptions(top: "Nothing to see", bottom: "here")
  static let description = "A meme with no location\nand nothing else"

  static let folder: URL = {
    let url = ScratchFolder.path("export-privacy")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// An export path: how the meme is written, and whether it may keep the source's ICC profile.
  enum Path: String, CaseIterable, CustomStringConvertible {
    case png, jpeg, reencodedJPEG, blockPath, fittedJPEG, fittedFromPNG, standardOutputLike

    var description: String { rawValue }
  }

  /// The tags the source really has: without them the test would prove nothing.
  @Test(arguments: PrivateSources.Kind.allCases) func theSourcesCarryEverything(kind: PrivateSources.Kind)
    throws
  {
    try ExifToolReader.require()
    let tags = try ExifToolReader.read(try PrivateSources.picture(kind))
    for key in PrivateSources.expectedInSource(kind) {
      #expect(tags[key] != nil, "the \(kind) source has no \(key)")
    }
  }

  @Test(arguments: PrivateSources.Kind.allCases, Path.allCases)
  func onlyTheProfileAndTheDescriptionRemain(kind: PrivateSources.Kind, path: Path) throws {
    try ExifToolReader.require()
    let source = try PrivateSources.picture(kind)
    let name = "\(kind)-\(path)-\(UUID().uuidString)"
    var output = Self.folder.appendingPathComponent("\(name).jpg")
    var keptBlocks = false
    switch path {
    case .png:
      output = Self.folder.appendingPathComponent("\(name).png")
      try MemeExporter.export(
        Self.captions, imageAt: source, to: .file(output), as: .png, description: Self.description)
    case .jpeg:
      let summary = try MemeExporter.export(
        Self.captions, imageAt: source, to: .file(output), as: .jpeg(quality: 90),
        description: Self.description)
      if case .keptBlocks = summary.encoding { keptBlocks = true }
    case .reencodedJPEG:
      try MemeExporter.export(
        Self.captions, imageAt: source, to: .file(output), as: .jpeg(quality: 90), reencodeReason: "test",
        description: Self.description)
    case .blockPath:
      guard kind == .jpeg else { return }
      let summary = try #require(
        try MemeExporter.exportKeepingJPEGBlocks(
          Self.captions, imageAt: source, to: .file(output), description: Self.description))
      guard case .keptBlocks = summary.encoding else {
        Issue.record("the block path was not taken")
        return
      }
      keptBlocks = true
    case .fittedJPEG:
      let summary = try MemeExporter.export(
        Self.captions, imageAt: source, to: .file(output), as: .jpeg(quality: 90),
        description: Self.description,
        sizeLimit: 6_000)
      #expect(summary.fit?.isNormalExport == false)
    case .fittedFromPNG:
      let asked = Self.folder.appendingPathComponent("\(name).png")
      let summary = try MemeExporter.export(
        Self.captions, imageAt: source, to: .file(asked), as: .png, description: Self.description,
        sizeLimit: 12_000)
      #expect(summary.fit?.formatChanged == true)
      #expect(summary.output == .file(output))
      #expect(!FileManager.default.fileExists(atPath: asked.path))
    case .standardOutputLike:
      // In memory, as a share hands it over (the block path's bytes for a JPEG photo).
      let bytes =
        try MemeExporter.encodeKeepingJPEGBlocks(
          Self.captions, imageAt: source, description: Self.description)
        ?? Data(
          try ImageWriter.encode(
            MemeRenderer.rendered(Self.captions, image: try ImageLoader().load(contentsOf: source))!,
            as: .jpeg(quality: 90), description: Self.description))
      try bytes.write(to: output)
      keptBlocks = kind == .jpeg
    }
    let tags = try ExifToolReader.read(output)
    let unexpected = tags.unexpected(allowingICCProfile: keptBlocks)
    #expect(unexpected.isEmpty, "\(kind) → \(path) carries \(unexpected)")
    if keptBlocks {
      // The block path keeps the photo's colours meaning what they meant.
      #expect(tags["ICC_Profile:ProfileDescription"] == PrivateSources.iccDescription)
    }
    if output.pathExtension == "png" {
      #expect(tags.pngDescription == Self.description)
    } else {
      #expect(tags.xmpDescription == Self.description && tags.altTextAccessibility == Self.description)
    }
    // Nothing of it anywhere in the bytes either, in a form exiftool might not read.
    let bytes = try Data(contentsOf: output)
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(kind) → \(path) holds \"\(secret)\"")
    }
  }
}
