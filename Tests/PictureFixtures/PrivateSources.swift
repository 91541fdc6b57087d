// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import DiskTestSupport
import Foundation
import MemeCore

/// Pictures carrying every kind of private metadata their format can hold, written into them by
/// exiftool: what a phone or a camera leaves in a photo, and more. For the privacy tests of every
/// output path (the command line, the Share pipeline, the JPEG block path, and the window's share
/// targets): each output is read back with `ExifToolReader`, which must find nothing of this.
///
/// Every source has:
/// - EXIF: GPS position, altitude and time, camera make, model, serial numbers, the lens, the owner,
///   the dates (taken, digitised, modified);
/// - XMP: a description, a title, a creator, a GPS position, a creation date;
/// - an ICC profile (`iccProfile`), which the JPEG block path may keep;
/// and, by format:
/// - JPEG: IPTC (keywords, city, by-line, caption), an EXIF thumbnail (IFD1), a comment (COM);
/// - PNG: the EXIF in an `eXIf` chunk, `tEXt` chunks (author, comment, title, creation time), IPTC
///   in a text chunk (as exiftool writes it), the XMP in an `iTXt` chunk, the profile in `iCCP`;
/// - WebP: the extended format's EXIF, XMP and ICCP chunks.
public enum PrivateSources {
  public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
    case jpeg = "jpg"
    case png
    case webp

    public var description: String { rawValue }
  }

  /// Words from the metadata written: none may appear anywhere in an output's bytes.
  public static let secrets = [
    "PrivacyCam", "Shutterbug 3000", "SN-4711-0815", "LENS-9981", "Jane Doe", "secret place", "Hidden Title",
    "Berlin", "jpegcomment", "pngcomment", "Private Author",
  ]

  /// A `width` × `height` picture of `kind` with all the metadata, made once per process and size.
  public static func picture(_ kind: Kind, width: Int = 640, height: Int = 480) throws -> URL {
    // Tests run at once: one makes each picture, the others wait for it.
    try lock.withLock { try make(kind, width: width, height: height) }
  }

  private static let lock = NSLock()

  private static func make(_ kind: Kind, width: Int, height: Int) throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("private-\(width)x\(height).\(kind.rawValue)")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let staging = Fixtures.folder.appendingPathComponent("staging-\(UUID().uuidString).\(kind.rawValue)")
    switch kind {
    case .jpeg:
      _ = Fixtures.picture(
        width: width, height: height, format: .jpeg(quality: 85), name: staging.lastPathComponent)
    case .png:
      _ = Fixtures.picture(width: width, height: height, format: .png, name: staging.lastPathComponent)
    case .webp:
      let png = Fixtures.picture(width: width, height: height, name: "webp-base-\(width)x\(height).png")
      try saveWebP(from: png, to: staging)
    }
    var arguments = common + ["-ICC_Profile<=\(try iccProfile().path)"]
    switch kind {
    case .jpeg:
      arguments += [
        "-IPTC:Keywords=secret", "-IPTC:City=Berlin", "-IPTC:By-line=Jane Doe",
        "-IPTC:Caption-Abstract=secret place", "-ThumbnailImage<=\(try thumbnail().path)",
        "-Comment=jpegcomment",
      ]
    case .png:
      arguments += [
        "-PNG:Comment=pngcomment", "-PNG:Author=Private Author", "-PNG:Title=Hidden Title",
        "-PNG:CreationTime=2021:06:01 12:34:56", "-IPTC:City=Berlin", "-IPTC:Keywords=secret",
      ]
    case .webp:
      break
    }
    try ExifToolReader.write(arguments, into: staging)
    try FileManager.default.moveItem(at: staging, to: url)
    return url
  }

  /// EXIF and XMP every source carries.
  private static let common = [
    "-EXIF:Make=PrivacyCam", "-EXIF:Model=Shutterbug 3000", "-ExifIFD:SerialNumber=SN-4711-0815",
    "-ExifIFD:LensSerialNumber=LENS-9981", "-ExifIFD:OwnerName=Jane Doe", "-EXIF:Artist=Jane Doe",
    "-EXIF:DateTimeOriginal=2021:06:01 12:34:56", "-EXIF:CreateDate=2021:06:01 12:34:56",
    "-EXIF:ModifyDate=2021:06:02 08:00:00", "-EXIF:ImageDescription=secret place",
    "-GPS:GPSLatitude=52.5163", "-GPS:GPSLatitudeRef=N", "-GPS:GPSLongitude=13.3777",
    "-GPS:GPSLongitudeRef=E",
    "-GPS:GPSAltitude=34", "-GPS:GPSAltitudeRef=0", "-GPS:GPSDateStamp=2021:06:01",
    "-GPS:GPSTimeStamp=12:34:56",
    "-XMP-dc:Description=secret place", "-XMP-dc:Title=Hidden Title", "-XMP-dc:Creator=Jane Doe",
    "-XMP-exif:GPSLatitude=52.5163 N", "-XMP-exif:GPSLongitude=13.3777 E",
    "-XMP-xmp:CreateDate=2021:06:01 12:34:56",
  ]

  /// The tags exiftool must find in every source (so that the tests prove something): GPS, camera,
  /// serial number, XMP with a GPS position and a description, the ICC profile; and per format the
  /// rest of what `picture(_:)` writes.
  public static func expectedInSource(_ kind: Kind) -> [String] {
    let common = [
      "GPS:GPSLatitude", "IFD0:Make", "IFD0:Model", "ExifIFD:SerialNumber", "ExifIFD:DateTimeOriginal",
      "XMP-dc:Description", "XMP-exif:GPSLatitude", "ICC_Profile:ProfileDescription",
    ]
    switch kind {
    case .jpeg: return common + ["IPTC:City", "IFD1:ThumbnailImage", "File:Comment"]
    case .png: return common + ["PNG:Comment", "PNG:Author", "IPTC:City"]
    case .webp: return common
    }
  }

  /// The description of the test ICC profile, as exiftool reads it.
  public static let iccDescription = "MemeMe test profile"

  /// A small but valid ICC v2 display profile: a header, a description and a white point.
  public static func iccProfile() throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("test-profile.icc")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    func uint32(_ value: Int) -> [UInt8] {
      [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    func s15Fixed16(_ value: Double) -> [UInt8] { uint32(Int((value * 65536).rounded())) }
    let whitePoint = s15Fixed16(0.9642) + s15Fixed16(1) + s15Fixed16(0.8249)
    let text = Array(iccDescription.utf8) + [0]
    // textDescriptionType: ASCII, then empty Unicode and ScriptCode parts.
    var description =
      Array("desc".utf8) + [0, 0, 0, 0] + uint32(text.count) + text + [0, 0, 0, 0, 0, 0, 0, 0]
    description += [UInt8](repeating: 0, count: 3 + 67)
    while description.count % 4 != 0 { description.append(0) }
    let white = Array("XYZ ".utf8) + [0, 0, 0, 0] + whitePoint
    let tags: [(String, [UInt8])] = [("desc", description), ("wtpt", white)]
    let dataStart = 128 + 4 + 12 * tags.count
    var table = uint32(tags.count)
    var data: [UInt8] = []
    for (signature, body) in tags {
      table += Array(signature.utf8) + uint32(dataStart + data.count) + uint32(body.count)
      data += body
    }
    let size = dataStart + data.count
    var header = uint32(size) + Array("none".utf8) + [2, 0x10, 0, 0] + Array("mntrRGB XYZ ".utf8)
    header += [0x07, 0xE4, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0] + Array("acsp".utf8)
    header += [UInt8](repeating: 0, count: 24) + [0, 0, 0, 0] + whitePoint
    header += [UInt8](repeating: 0, count: 128 - header.count)
    try Data(header + table + data).write(to: url)
    return url
  }

  /// A small JPEG for the EXIF thumbnail.
  private static func thumbnail() throws -> URL {
    Fixtures.picture(width: 160, height: 120, format: .jpeg(quality: 80), name: "exif-thumbnail.jpg")
  }

  /// The PNG at `png` saved as a WebP by gdk-pixbuf's WebP saver.
  private static func saveWebP(from png: URL, to url: URL) throws {
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(png.path, &error) else {
      defer { g_error_free(error) }
      throw ExifToolReader.Failure(description: "cannot read \(png.path) with gdk-pixbuf")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
    var values: [UnsafeMutablePointer<CChar>?] = [strdup("90"), nil]
    defer { for pointer in keys + values { free(pointer) } }
    guard gdk_pixbuf_savev(pixbuf, url.path, "webp", &keys, &values, &error) != 0 else {
      defer { g_error_free(error) }
      throw ExifToolReader.Failure(description: "gdk-pixbuf cannot save WebP")
    }
  }
}
