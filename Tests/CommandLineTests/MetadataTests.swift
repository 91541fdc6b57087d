// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// A shared meme carries no location or camera details (what the AppStream description promises):
/// a photo with EXIF (camera make and GPS position), XMP and IPTC becomes a JPEG or PNG with none of
/// them, on the JPEG block path, a full JPEG encode and PNG alike. The one XMP packet a JPEG meme
/// has is MemeMe's own, holding its description (SendReadyTests reads it all with exiftool).
@Suite struct MetadataTests {
  @Test(arguments: [
    ["-o", "meme.jpg"], ["-o", "meme.jpg", "--reencode"], ["-o", "meme.png"],
  ])
  func aMemeKeepsNoLocationOrCameraDetails(options: [String]) throws {
    let fixtures = try Fixtures()
    let input = try Self.taggedPhoto(in: fixtures)
    let source = try Data(contentsOf: URL(fileURLWithPath: input))
    // The photo really carries them: the check below can fail.
    for tag in Self.tags { #expect(source.range(of: Data(tag.utf8)) != nil, "the photo has \(tag)") }
    #expect(Self.jpegMarkers(of: [UInt8](source)).contains(0xE1))

    let output = fixtures.path(options[1])
    let arguments =
      ["render", input, "--top", "top", "--bottom", "bottom"] + options.dropFirst(2) + ["-o", output]
    let result = try CommandLineRunner.run(arguments)
    #expect(result.status == 0, "\(result.standardError)")
    let meme = try Data(contentsOf: URL(fileURLWithPath: output))
    for tag in Self.tags { #expect(meme.range(of: Data(tag.utf8)) == nil, "\(options): \(tag) is kept") }
    if output.hasSuffix(".jpg") {
      let segments = Self.jpegSegments(of: [UInt8](meme))
      #expect(!segments.contains { $0.marker == 0xED }, "APP13 kept: \(segments.map(\.marker))")
      // APP1 is MemeMe's XMP alone: its description, nothing of the photo's.
      for app1 in segments where app1.marker == 0xE1 {
        let text = String(decoding: app1.payload, as: UTF8.self)
        #expect(
          text.hasPrefix("http://ns.adobe.com/xap/1.0/\0"), "an APP1 that is not XMP: \(text.prefix(40))")
        #expect(text.contains("<dc:description>") && text.contains("top\nbottom"))
        #expect(!text.contains("exif:") && !text.contains("48,8.22N"), "the photo's XMP is kept")
      }
    }
  }

  /// Text that each kind of metadata puts in the file: EXIF's header and camera make, XMP's packet
  /// with a GPS position, IPTC's Photoshop resource block.
  private static let tags = ["Exif\0\0", "PhotoCam", "GPSLatitude", "48,8.22N", "Photoshop 3.0", "Munich"]

  /// A JPEG photo with an EXIF block (camera make, and a GPS IFD with a latitude), an XMP packet
  /// and an IPTC block, as a camera and a photo organiser leave them.
  private static func taggedPhoto(in fixtures: Fixtures) throws -> String {
    var bytes = try ImageWriter.encode(fixtures.image(width: 320, height: 240), as: .jpeg(quality: 90))
    let make = Array("PhotoCam\0".utf8)
    // Little-endian TIFF: IFD0 at 8 with Make (ASCII, at 38) and the GPS IFD pointer (at 48);
    // the GPS IFD holds GPSLatitudeRef "N".
    var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00]
    tiff += [0x0F, 0x01, 0x02, 0x00, UInt8(make.count), 0x00, 0x00, 0x00, 38, 0x00, 0x00, 0x00]
    tiff += [0x25, 0x88, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 48, 0x00, 0x00, 0x00]
    tiff += [0x00, 0x00, 0x00, 0x00] + make + [0x00]  // next IFD none; Make; pad to 48
    tiff += [0x01, 0x00, 0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x4E, 0x00, 0x00, 0x00]
    tiff += [0x00, 0x00, 0x00, 0x00]
    let xmp = Array(
      ("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF "
        + "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description "
        + "xmlns:exif=\"http://ns.adobe.com/exif/1.0/\" exif:GPSLatitude=\"48,8.22N\"/></rdf:RDF></x:xmpmeta>")
        .utf8)
    // An 8BIM resource 0x0404 (IPTC-NAA) holding record 2:90, the city.
    let iptc: [UInt8] = [0x1C, 0x02, 0x5A, 0x00, 0x06] + Array("Munich".utf8)
    let photoshop =
      Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x04, 0x00, 0x00]
      + [0x00, 0x00, 0x00, UInt8(iptc.count)] + iptc + [0x00]
    let segments = [
      segment(0xE1, Array("Exif\0\0".utf8) + tiff), segment(0xE1, xmp), segment(0xED, photoshop),
    ]
    bytes.insert(contentsOf: segments.joined(), at: 2)  // right after SOI
    let path = fixtures.path("tagged.jpg")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// The marker bytes of the segments before a JPEG's first scan.
  private static func jpegMarkers(of bytes: [UInt8]) -> [UInt8] {
    jpegSegments(of: bytes).map(\.marker)
  }

  /// The segments before a JPEG's first scan: marker byte and payload.
  private static func jpegSegments(of bytes: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
    var segments: [(marker: UInt8, payload: [UInt8])] = []
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
      let end = min(bytes.count, offset + 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])))
      segments.append((bytes[offset + 1], Array(bytes[min(offset + 4, end)..<end])))
      offset = end
    }
    return segments
  }
}
