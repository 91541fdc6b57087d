// SPDX-License-Identifier: GPL-3.0-or-later

/// The one piece of metadata MemeMe writes into a file: the meme's description (alt text, see
/// `MemeDescription`). Nothing of the source picture's metadata (EXIF, XMP, IPTC, text chunks) is
/// ever carried over: the decoders read pixels only, and the encoders write only what is here (and,
/// on the JPEG block path, the photo's ICC profile, which says what its colours mean).
///
/// - PNG: an `iTXt` chunk with the keyword `Description`, uncompressed UTF-8, no language tag.
/// - JPEG: an XMP packet in an APP1 segment, with the text as `dc:description` and as the IPTC
///   2021 alt-text property `Iptc4xmpCore:AltTextAccessibility`, each an `rdf:Alt` with one
///   `x-default` item.
/// - GIF and WebP (animations): the same XMP packet, in an "XMP Data" application extension (GIF)
///   or an `XMP ` chunk (WebP).
///
/// A JPEG segment holds at most 65,533 bytes, and the XMP packet carries the text twice, escaped
/// for XML; so a description is cut, at the last whole character (grapheme cluster) that fits, to
/// what one packet can hold: 32,000 and some bytes of UTF-8 text, less when it holds characters
/// XML escapes (`&`, `<`, `>`, quotes). The same cut applies to PNG, so both formats of a meme
/// carry the same text. No real alt text comes near it (services cap alt text at 1,000 to 5,000
/// characters).
enum DescriptionMetadata {
  /// What starts an APP1 segment holding XMP (with its NUL).
  static let xmpIdentifier = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
  /// The most an APP1 segment's data may hold (its 16-bit length counts itself).
  static let maximumSegmentData = 65_533

  private static let packetStart =
    "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
    + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
    + " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
    + "  <rdf:Description rdf:about=\"\"\n"
    + "    xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
    + "    xmlns:Iptc4xmpCore=\"http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/\">\n"
    + "   <dc:description>\n    <rdf:Alt>\n     <rdf:li xml:lang=\"x-default\">"
  private static let packetMiddle =
    "</rdf:li>\n    </rdf:Alt>\n   </dc:description>\n"
    + "   <Iptc4xmpCore:AltTextAccessibility>\n    <rdf:Alt>\n     <rdf:li xml:lang=\"x-default\">"
  private static let packetEnd =
    "</rdf:li>\n    </rdf:Alt>\n   </Iptc4xmpCore:AltTextAccessibility>\n"
    + "  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>"

  /// How many bytes of escaped text the packet has room for (it holds the text twice).
  static let escapedTextBudget =
    (maximumSegmentData - xmpIdentifier.count - packetStart.utf8.count - packetMiddle.utf8.count
      - packetEnd.utf8.count) / 2

  /// `description` cleaned (`MemeDescription.cleaned`) and cut to what one XMP packet can hold;
  /// nil when nothing is left to write.
  static func written(_ description: String?) -> String? {
    guard let description else { return nil }
    let text = MemeDescription.cleaned(description)
    guard !text.isEmpty else { return nil }
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let cost = text[index].unicodeScalars.reduce(0) { $0 + escapedLength(of: $1) }
      guard used + cost <= escapedTextBudget else { break }
      used += cost
      end = text.index(after: index)
    }
    return end == text.endIndex ? text : String(text[..<end])
  }

  /// The whole APP1 segment (marker, length, data) for a JPEG, or nil when there is no text.
  static func jpegSegment(_ description: String?) -> [UInt8]? {
    guard let data = xmpSegmentData(description) else { return nil }
    let length = data.count + 2
    return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + data
  }

  /// The APP1 segment's data: the XMP identifier and the packet, or nil when there is no text.
  static func xmpSegmentData(_ description: String?) -> [UInt8]? {
    xmpPacket(description).map { xmpIdentifier + $0 }
  }

  /// The XMP packet holding the text, or nil when there is no text.
  static func xmpPacket(_ description: String?) -> [UInt8]? {
    guard let text = written(description) else { return nil }
    let escaped = escaped(text)
    return Array((packetStart + escaped + packetMiddle + escaped + packetEnd).utf8)
  }

  /// The data of a PNG `iTXt` chunk holding the text, or nil when there is no text: keyword, NUL,
  /// compression flag and method (0, 0: uncompressed), empty language tag and translated keyword
  /// (each ended by a NUL), the UTF-8 text.
  static func pngTextChunkData(_ description: String?) -> [UInt8]? {
    guard let text = written(description) else { return nil }
    return Array("Description".utf8) + [0, 0, 0, 0, 0] + Array(text.utf8)
  }

  /// `text` safe inside an XML element: the five characters XML gives meaning to as entities.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func escapedLength(of scalar: Unicode.Scalar) -> Int {
    switch scalar {
    case "&": 5
    case "<", ">": 4
    case "\"", "'": 6
    default: UTF8.width(scalar)
    }
  }
}

/// A JPEG from TurboJPEG with the description's XMP segment put in, without copying the file: the
/// segment goes right after the start of image and TurboJPEG's JFIF segment, where readers look for
/// metadata first.
enum JPEGMetadata {
  /// Writes `jpeg` to `sink` with the segment for `description` (none without text) put in.
  static func write(_ jpeg: UnsafeRawBufferPointer, description: String?, to sink: inout some ByteSink)
    throws(ImageError)
  {
    guard let segment = DescriptionMetadata.jpegSegment(description) else { return try sink.write(jpeg) }
    let split = insertionPoint(in: jpeg)
    try sink.write(UnsafeRawBufferPointer(rebasing: jpeg[..<split]))
    try sink.write(segment)
    try sink.write(UnsafeRawBufferPointer(rebasing: jpeg[split...]))
  }

  /// The bytes a segment of `segmentBytes` adds to a JPEG for `description`: what a size limit counts.
  static func segmentSize(_ description: String?) -> Int {
    DescriptionMetadata.jpegSegment(description)?.count ?? 0
  }

  /// After SOI, and after a JFIF APP0 segment that follows it.
  static func insertionPoint(in jpeg: UnsafeRawBufferPointer) -> Int {
    guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return 0 }
    guard jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count >= 6 else { return 2 }
    let end = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
    return end <= jpeg.count ? end : 2
  }
}
