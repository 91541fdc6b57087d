// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `mememe render`: the editor's rendering, with no window.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a meme from an image file, with no window.",
    discussion: """
      The output has the input's own pixel size (after EXIF orientation) unless --width is given; \
      --crop, --rotate and --flip cut and turn the upright picture first, in that order, and the \
      captions are laid out on the result. \
      Its format comes from --format or from OUTPUT's extension (.png, .jpg, .jpeg, .gif, .webp); with \
      -o -, the meme goes to standard output, as PNG unless --format says otherwise. \
      As GIF or WebP, an animated GIF or WebP keeps every frame, its delays and how often it plays, \
      with the captions drawn on every frame (a still picture becomes one frame); as PNG or JPEG, an \
      animation gives its first frame, with a note on standard error. \(animationLimitsSentence) \
      A JPEG photo written as JPEG at its own size keeps every 8×8 block no caption touches, bit for \
      bit, and only the rows under the captions are encoded again with the photo's own tables; \
      --quality, --width, --crop, --rotate, --flip or --reencode encode the whole picture instead. \
      More captions go anywhere with --caption TEXT --box X,Y,W,H [--angle DEG], repeatable: the box's \
      left, top, width and height in fractions of the (cut and turned) picture's width and height, \
      turned clockwise by DEG degrees about its centre; each is fitted into its box like the top and \
      bottom captions, and what reaches past the picture is cut off. \
      --layout band puts the top caption on a white band above the picture and the bottom one, when \
      given, on a second band under it, black and in a plain sans serif, the picture left as it is \
      (with a band under it, a JPEG photo is encoded whole); --layout poster frames the picture in black with a thin \
      white line, the top caption as the title and the bottom one as the subtitle below it, in a \
      serif. Their texts have no outline: --text-color colours the text and --outline-color the band \
      or the frame. Each band is 10% to 60% of the picture's height and grows with its text before \
      the text shrinks; the output is larger than the picture, which keeps its pixels. \
      The file carries no metadata of the input (no EXIF, GPS, XMP, IPTC or text chunks); only a JPEG \
      photo's ICC colour profile is kept on the block path, and the meme's description is written \
      as its alt text (see --description). \
      Captions that begin with '-', and negative numbers, can be given as --top=TEXT or --angle=-30. \
      A caption shrinks to fit down to a tenth of its band's or box's height, and never below \
      \(Int(CaptionGeometry.minimumLegibleFontSize)) pixels unless the band is lower; text that does \
      not fit even then is cut off at the band's edges, with a warning. \
      \(captionLimitsSentence) \(memeBudgetSentence)
      """)

  @Argument(help: "The image to draw on (JPEG, PNG, WebP, GIF, BMP or TIFF).")
  var input: String

  @Option(
    name: .shortAndLong,
    help: """
      Where to write the meme, or - for standard output. An existing file is replaced only on success \
      (through a symbolic link, the file it points to); a pipe or a device is written to, never replaced. \
      A named pipe (FIFO) with no reader blocks until one opens it, as `cat > FIFO` does; a reader that \
      leaves early gives "cannot write: broken pipe".
      """)
  var output: String

  @Option(help: "The top caption (the band's text, the poster's title).")
  var top: String = ""

  @Option(help: "The bottom caption (the poster's subtitle; the band's second band, under the picture).")
  var bottom: String = ""

  @Option(
    help: ArgumentHelp(
      "How the captions and the picture are arranged: classic (on the picture), band (above it) or poster.",
      valueName: "LAYOUT"))
  var layout: MemeLayoutKind = .classic

  @Option(help: ArgumentHelp(TextBox.commandLine.help, valueName: TextBox.commandLine.valueName))
  var caption: [String] = []

  /// Each layer's kind, in command-line order: added by `pairingLayerOptions`, never typed.
  @Option(help: .private)
  var layerKind: [LayerKindName] = []

  @Option(
    help: ArgumentHelp(
      "Where the --caption before it goes: left, top, width and height in fractions of the picture.",
      valueName: "X,Y,W,H"))
  var box: [String] = []

  @Option(
    help: ArgumentHelp(
      "Turn the --caption before it clockwise by this many degrees (-360 to 360).", valueName: "DEG"))
  var angle: [String] = []

  @Option(
    help: """
      Caption font family (default: Impact, or the closest installed substitute; for band, Helvetica, \
      for poster, Times, or their closest substitutes).
      """)
  var font: String?

  @Option(help: "Caption fill colour: #RRGGBB, #RRGGBBAA or a colour name (default: white; black for band).")
  var textColor: String?

  @Option(
    help: """
      Caption outline colour, or the colour of the band or the poster's frame: #RRGGBB, #RRGGBBAA or a \
      colour name (default: black; white for band).
      """)
  var outlineColor: String?

  @Flag(
    inversion: .prefixedNo,
    help: "Upper-case the captions, or keep their letter case (default: upper-case; as typed for band).")
  var uppercase: Bool?

  @Option(
    help: """
      JPEG or WebP quality, 1 to 100 (default \(ImageFormat.defaultJPEGQuality) for JPEG, \
      \(AnimationFormat.defaultWebPQuality) for WebP). Giving it encodes the whole picture at that quality \
      instead of keeping a JPEG photo's blocks.
      """)
  var quality: Int?

  @Flag(help: "Write WebP losslessly (--quality is then how hard it tries).")
  var lossless = false

  @Flag(help: "Encode the whole picture again even when a JPEG photo's blocks could be kept.")
  var reencode = false

  @Option(
    help: """
      Scale the output to this width in pixels (1 to \(ImageLoader.maximumSide)), keeping the aspect ratio. \
      The scaled size must stay within --max-pixels.
      """)
  var width: Int?

  @Option(
    help: ArgumentHelp(
      "Keep only this part of the picture, in its pixels after EXIF orientation: left, top, width, height.",
      valueName: "X,Y,W,H"))
  var crop: String?

  @Option(
    help: ArgumentHelp(
      "Turn the picture clockwise by 90, 180 or 270 degrees, after cropping.", valueName: "DEGREES"))
  var rotate: Int?

  @Option(
    help: ArgumentHelp(
      "Mirror the picture, after cropping and turning: horizontal or vertical (may be given twice).",
      valueName: "DIRECTION"))
  var flip: [String] = []

  @Option(help: "Output format: png, jpeg, gif or webp (default: from OUTPUT's extension).")
  var format: String?

  @Option(
    help: ArgumentHelp(
      """
      The meme's description (alt text for screen readers), written into the file: a PNG iTXt chunk \
      'Description', or an XMP packet (dc:description and Iptc4xmpCore:AltTextAccessibility) in a JPEG, \
      GIF or WebP. \
      Default: the meme's text in reading order, one caption a line: --top, the --caption boxes from \
      top to bottom, --bottom. Control characters are dropped; a description longer than one JPEG \
      metadata segment holds (about 32,000 bytes of UTF-8, less with many of & < > " ') is cut at the \
      last whole character that fits.
      """, valueName: "TEXT"))
  var description: String?

  @Option(
    help: ArgumentHelp(
      """
      Make the file at most SIZE bytes. SIZE is a number of bytes, or one with a unit: K or KB \
      (1,000), M or MB (1,000,000), G or GB (decimal, as "8 MB" is meant), or KiB, MiB, GiB \
      (1,024-based); 8M is 8,000,000 bytes. When the normal file is larger, the largest JPEG that \
      fits is written instead: quality \(SizeFitter.highestQuality) (or --quality) down to \
      \(SizeFitter.lowestQuality), then smaller in pixels, keeping the aspect ratio. A PNG that has to \
      become a JPEG is written to OUTPUT with the extension .jpg (said on standard error); when a file \
      or a symbolic link of that name exists, it is left as it is and the render fails, writing \
      nothing. A limit that not even a \(SizeFitter.minimumShortSide)-pixel-high JPEG meets fails, writing nothing. \
      A GIF or WebP keeps every frame and delay: a GIF is made smaller in pixels, then (at \
      \(SizeFitter.minimumShortSide) pixels) given fewer colours; a WebP goes down in quality to \
      \(AnimationFit.lowestWebPQuality), then smaller in pixels; a limit not even \
      \(SizeFitter.minimumShortSide)-pixel-high frames meet fails, writing nothing.
      """, valueName: "SIZE"))
  var maxBytes: String?

  @Option(
    help: """
      The most pixels an input opens with, and a --width output may have. A JPEG or PNG with more \
      (up to \(ImageLoader.largestFittedMultiple) times as many) opens smaller, within this limit, \
      with a warning; other inputs with more are refused.
      """)
  var maxPixels: Int = ImageLoader.defaultMaxPixels

  @Flag(
    name: .shortAndLong,
    help: """
      Print the size, the font used, whether the photo's JPEG blocks were kept (and if not, why), and \
      with --max-bytes the quality, pixel size and byte size chosen.
      """)
  var verbose = false

  func run() throws {
    let style = try captionStyle()
    if let animationFormat = try animationFormat() {
      return try renderAnimation(as: animationFormat, style: style)
    }
    if lossless { throw CommandFailure("--lossless applies to WebP only") }
    let imageFormat = try outputFormat()
    let transform = try pictureTransform()
    try checkSizeOptions()
    let sizeLimit = try byteLimit()
    let (destination, captions) = try openedDestinationAndCaptions(style: style)
    let summary: ExportSummary
    do {
      summary = try MemeExporter.export(
        captions, imageAt: URL(fileURLWithPath: input), to: destination, as: imageFormat,
        transform: transform,
        width: width,
        loader: ImageLoader(maxPixels: maxPixels), reencodeReason: reencodeReason,
        description: MemeDescription.resolved(description, captions: captions), sizeLimit: sizeLimit)
    } catch {
      throw CommandFailure(error.description)
    }
    let written = summary.output ?? destination
    noteFramesLeftOut(format: imageFormat)
    if let fit = summary.fit, fit.formatChanged {
      // Said whether or not --verbose is given: the file is not where, or not what, was asked for.
      let target: String
      if case .file(let url) = written { target = url.path } else { target = written.name }
      printToStandardError(
        "mememe: as PNG the meme is over \(PixelCount.grouped(fit.limit)) bytes; wrote a JPEG to "
          + "\(quoted(target)) instead")
    }
    if let damage = summary.damage {
      // The meme was made, from what could be decoded: say so rather than pass it off as whole.
      printToStandardError(
        "warning: \(quoted(input)): the picture is damaged and parts of it may look wrong (\(damage))")
    }
    if let opened = summary.openedSmaller {
      // The meme was made, smaller than the photo: say so, and which limit made it so.
      printToStandardError(
        "warning: \(quoted(input)): \(opened.message()): the picture is "
          + "\(PixelCount.grouped(opened.fileWidth)) × \(PixelCount.grouped(opened.fileHeight)) pixels, "
          + "over the limit of \(PixelCount.described(maxPixels)) (--max-pixels)")
    }
    warnAboutCutCaptions(summary.overflowingCaptions, boxes: summary.overflowingBoxes)
    if verbose {
      let name: String
      if case .file(let url) = written, written != destination {
        name = quoted(url.path)
      } else {
        name = quoted(output)
      }
      var lines = [
        "\(name): \(summary.width)×\(summary.height), font \(summary.font.family)",
        "\(name): \(summary.encoding.explanation)",
      ]
      if let fit = summary.fit { lines.append("\(name): \(Self.explanation(of: fit))") }
      // Standard output may be carrying the image itself.
      for line in lines {
        if destination == .standardOutput { printToStandardError(line) } else { print(line) }
      }
    }
  }

  /// --width and --max-pixels within their ranges.
  func checkSizeOptions() throws {
    if let width, !(1...ImageLoader.maximumSide).contains(width) {
      throw CommandFailure("--width must be between 1 and \(ImageLoader.maximumSide), not \(width)")
    }
    guard maxPixels > 0 else { throw CommandFailure("--max-pixels must be positive") }
  }

  /// The output, checked, and the captions, within their limits: the last steps before a render.
  func openedDestinationAndCaptions(style: CaptionStyle) throws -> (ImageDestination, MemeCaptions) {
    // A reader that stops early (`| head -c 10`, a FIFO's reader that exits, a socket closed) should
    // give one clear line, not kill the process silently: writes report EPIPE instead, whatever the
    // output is (`-o -`, `-o /dev/stdout`, `-o FIFO`).
    signal(SIGPIPE, SIG_IGN)
    let destination = try self.destination()
    try checkCaptionLimits()
    let captions = MemeCaptions(
      top: top, bottom: bottom, style: style,
      layers: try layers(style: style), layout: layout)
    return (destination, captions)
  }

  /// The layers the kinds' options give, in command-line order (see `pairingLayerOptions`).
  func layers(style: CaptionStyle) throws -> [MemeLayer] {
    try commandLineLayers(
      kinds: layerKind,
      values: { kind in
        switch kind {
        case .text: caption
        }
      }, boxes: box, angles: angle, style: style)
  }

  /// A warning for every caption and text box too long to fit, which is cut off.
  func warnAboutCutCaptions(_ captions: Set<CaptionPosition>, boxes: [Int]) {
    for position in CaptionPosition.allCases.filter(captions.contains) {
      printToStandardError("warning: the \(position) caption is too long to fit and is cut off")
    }
    for index in boxes {
      printToStandardError("warning: --caption #\(index + 1) is too long to fit its box and is cut off")
    }
  }

  /// --max-bytes in bytes, or nil without it.
  func byteLimit() throws -> Int? {
    guard let maxBytes else { return nil }
    guard let bytes = ByteSize.parse(maxBytes) else {
      throw CommandFailure(
        "--max-bytes must be a size such as 8M, 500K or 1500000 (bytes), not \(alwaysQuoted(maxBytes))")
    }
    return bytes
  }

  /// What --max-bytes made of the file, in one line.
  static func explanation(of fit: SizeFit) -> String {
    let limit = "size limit \(PixelCount.grouped(fit.limit)) bytes"
    let share = String(format: "%.1f%%", Double(fit.byteCount) * 100 / Double(fit.limit))
    let bytes = "\(PixelCount.grouped(fit.byteCount)) bytes (\(share) of the limit)"
    if fit.isNormalExport {
      return "\(limit): the file fits as it is, \(bytes)"
    }
    let size =
      "\(fit.width)×\(fit.height)\(fit.isScaled ? " (scaled from \(fit.originalWidth)×\(fit.originalHeight))" : "")"
    var encodes = "\(fit.encodeCount) whole encode\(fit.encodeCount == 1 ? "" : "s")"
    if fit.sampleEncodeCount > 0 {
      encodes += " and \(fit.sampleEncodeCount) sample\(fit.sampleEncodeCount == 1 ? "" : "s") of its rows"
    }
    encodes += " tried"
    return "\(limit): JPEG quality \(fit.quality ?? 0), \(size), \(bytes), \(encodes)"
  }

  /// Refuses a caption beyond `CaptionLimits`, naming it and the limit, and captions beyond the
  /// meme's budget together, rather than cutting them.
  func checkCaptionLimits() throws {
    let named =
      [("--top", top), ("--bottom", bottom)] + caption.indices.map { ("--caption #\($0 + 1)", caption[$0]) }
    for (name, text) in named {
      guard let excess = CaptionLimits.excess(in: text) else { continue }
      let what =
        switch excess {
        // (A caption alone is never beyond the meme's budget: that is judged below.)
        case .characters, .memeCharacters: "more than \(CaptionLimits.maximumCharacters) characters"
        case .lines: "more than \(CaptionLimits.maximumLines) lines"
        case .marks: "more than \(CaptionLimits.maximumMarksPerCharacter) combining marks on one character"
        }
      throw CommandFailure("\(name) has \(what); \(captionLimitsSentence.lowercasedFirst)")
    }
    // Within a caption's limits, they may still be too many together (a hundred boxes).
    if CaptionLimits.charactersInMeme(named.map(\.1)) > CaptionLimits.maximumCharactersPerMeme {
      throw CommandFailure(
        "--top, --bottom and the --caption boxes have more than \(CaptionLimits.maximumCharactersPerMeme) "
          + "characters together; \(memeBudgetSentence.lowercasedFirst)")
    }
  }

  var writesToStandardOutput: Bool { output == "-" }

  /// Why the options ask for the whole picture to be encoded, or `nil` when the blocks may be kept.
  private var reencodeReason: String? {
    if reencode { return "--reencode was given" }
    if quality != nil { return "--quality was given" }
    return nil
  }

  func destination() throws -> ImageDestination {
    guard writesToStandardOutput else { return .file(URL(fileURLWithPath: output)) }
    // Image bytes would only garble a terminal, as gzip and others refuse to.
    if isatty(STDOUT_FILENO) != 0 {
      throw CommandFailure("standard output is a terminal; redirect it to a file or a pipe, or give -o FILE")
    }
    return .standardOutput
  }

  private func captionStyle() throws -> CaptionStyle {
    let defaults = layout.defaultStyle
    guard let text = textColor.map(RGBAColor.init(parsing:)) ?? defaults.textColor else {
      throw CommandFailure("--text-color: \(alwaysQuoted(textColor ?? "")) is not a colour")
    }
    guard let outline = outlineColor.map(RGBAColor.init(parsing:)) ?? defaults.outlineColor else {
      throw CommandFailure("--outline-color: \(alwaysQuoted(outlineColor ?? "")) is not a colour")
    }
    if let font {
      // A missing font must never silently become another one.
      let resolved = FontResolver.resolve(font)
      guard !resolved.isSubstitute else {
        throw CommandFailure("--font: font family \(alwaysQuoted(font)) is not installed")
      }
    }
    return CaptionStyle(
      fontFamily: font, textColor: text, outlineColor: outline, isUppercase: uppercase ?? defaults.isUppercase
    )
  }

  /// --crop, --rotate and --flip as one transform (checked against the picture when it is read).
  func pictureTransform() throws -> PictureTransform {
    var transform = PictureTransform.identity
    if let crop {
      let numbers = crop.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2],
        let h = numbers[3],
        x >= 0, y >= 0, w > 0, h > 0
      else {
        throw CommandFailure(
          "--crop must be X,Y,WIDTH,HEIGHT in pixels (a positive size), not \(alwaysQuoted(crop))")
      }
      transform.crop = PixelRect(x: x, y: y, width: w, height: h)
    }
    if let rotate {
      guard [0, 90, 180, 270].contains(rotate) else {
        throw CommandFailure("--rotate must be 90, 180 or 270, not \(rotate)")
      }
      transform = PictureTransform(crop: transform.crop, quarterTurns: rotate / 90)
    }
    for direction in flip {
      switch direction {
      case "horizontal": transform.flipsHorizontally.toggle()
      case "vertical": transform.flipsVertically.toggle()
      default: throw CommandFailure("--flip must be horizontal or vertical, not \(alwaysQuoted(direction))")
      }
    }
    return transform
  }

  /// --format, or the output's extension (PNG for standard output).
  var formatName: String {
    format ?? (writesToStandardOutput ? "png" : URL(fileURLWithPath: output).pathExtension)
  }

  private func outputFormat() throws -> ImageFormat {
    let quality = quality ?? ImageFormat.defaultJPEGQuality
    guard (1...100).contains(quality) else {
      throw CommandFailure("--quality must be between 1 and 100, not \(quality)")
    }
    let name = formatName
    guard let kind = ImageFormat(fileExtension: name) else {
      throw CommandFailure(
        format == nil
          ? "\(quoted(output)): unknown image format; name it .png, .jpg, .jpeg, .gif or .webp, or pass --format"
          : "--format must be png, jpeg, gif or webp, not \(alwaysQuoted(name))")
    }
    if case .jpeg = kind { return .jpeg(quality: quality) }
    return kind
  }
}

/// What one caption may hold, as `--help` and the refusal of a longer caption say it.
let captionLimitsSentence =
  "A caption holds at most \(CaptionLimits.maximumCharacters) characters (Unicode code points), "
  + "\(CaptionLimits.maximumLines) lines and \(CaptionLimits.maximumMarksPerCharacter) combining marks on one "
  + "character."

/// What all the captions of a meme may hold together, as `--help` and the refusal of more say it.
let memeBudgetSentence =
  "All the captions and text boxes of a meme hold at most \(CaptionLimits.maximumCharactersPerMeme) "
  + "characters together, and at most \(CaptionLimits.maximumGlyphsPerMeme) of their glyphs are drawn "
  + "(text past that is cut off, with a warning)."

extension String {
  fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}

/// A name or value from the command line as a message shows it: quoted when it could break the line
/// or reach the terminal.
func quoted(_ name: String) -> String { FileNameQuoting.quoted(name) }

/// Always in quotes, for values set in a sentence (`'Comic Sans'`), escaped like `quoted`; a long
/// value (a 100 KB `--text-color`) is shortened to its start and its length, so the message stays one
/// readable line.
func alwaysQuoted(_ value: String) -> String {
  let text = FileNameQuoting.quoted(shortened(value))
  return text.hasPrefix("'") || text.hasPrefix("$") ? text : "'\(text)'"
}

/// A failure reported as one line on standard error, with a non-zero exit.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func printToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The longest value a message shows whole, in characters.
let longestValueShown = 60

/// `value`, or its first characters and how long it is when it is longer than `longestValueShown`.
func shortened(_ value: String) -> String {
  guard value.count > longestValueShown else { return value }
  return "\(value.prefix(longestValueShown - 20))… (\(value.count) characters)"
}

/// `message` with every word longer than `longestValueShown` shortened: the argument parser echoes
/// whatever value it refuses.
func shorteningLongWords(_ message: String) -> String {
  guard message.count > longestValueShown else { return message }
  return message.split(separator: " ", omittingEmptySubsequences: false).map { word in
    word.count > longestValueShown ? shortened(String(word)) : String(word)
  }.joined(separator: " ")
}

/// `--layout classic|band|poster`, by the layouts' own names.
extension MemeLayoutKind: ExpressibleByArgument {}
extension LayerKindName: ExpressibleByArgument {}
