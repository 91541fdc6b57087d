// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `mememe render`: the editor's rendering, with no window.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a meme from an image file, with no window.",
    discussion: renderDiscussion)

  @Argument(
    help: ArgumentHelp(
      "The image to draw on (JPEG, PNG, WebP, GIF, BMP or TIFF); with --panels, one for each cell, in order.",
      valueName: "input"))
  var inputs: [String] = []

  /// The one picture of a meme without --panels.
  var input: String { inputs.first ?? "" }

  @Option(help: ArgumentHelp(PanelOptions.arrangementHelp, valueName: "ROWSxCOLUMNS|rows"))
  var panels: String?

  @Option(
    help: ArgumentHelp(
      "The caption of panel N (from 1, in the order the pictures are given): on the picture's top in a "
        + "grid, in the white cell beside it in rows. Repeatable.",
      valueName: "N=TEXT"))
  var panelCaption: [String] = []

  @Option(
    help: ArgumentHelp(
      "How panel N's picture fills its cell: cover (the whole cell, the picture cut at the middle; the "
        + "default) or fit (the whole picture, the rest of the cell in the gutter colour). Repeatable.",
      valueName: "N=cover|fit"))
  var panelFit: [String] = []

  @Option(
    help: ArgumentHelp(
      "Zoom panel N's picture in from its covering or fitting size, 1 (the default) to 8. Repeatable.",
      valueName: "N=Z"))
  var panelZoom: [String] = []

  @Option(
    help: ArgumentHelp(
      "The point of panel N's picture, in fractions of its width and height, put in the middle of its cell "
        + "as far as the picture allows (default 0.5,0.5: the middle). Repeatable.",
      valueName: "N=X,Y"))
  var panelFocus: [String] = []

  @Option(
    help: ArgumentHelp(
      "The space between panels, in pixels of the output (\(PanelGrid.gutterRange.lowerBound) to "
        + "\(PanelGrid.gutterRange.upperBound); default 0).",
      valueName: "PX"))
  var gutter = 0

  @Option(help: "The gutters' colour: #RRGGBB or a colour name (default: white).")
  var gutterColor: String?

  @Option(
    help: ArgumentHelp(
      "Every panel cell's shape, width to height (default: the first picture's).", valueName: "W:H"))
  var cellAspect: String?

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

  @Option(help: ArgumentHelp(StickerLayer.commandLine.help, valueName: StickerLayer.commandLine.valueName))
  var sticker: [String] = []

  /// Each layer's kind, in command-line order: added by `pairingLayerOptions`, never typed.
  @Option(help: .private)
  var layerKind: [LayerKindName] = []

  @Option(
    help: ArgumentHelp(
      "Where the --caption or --sticker before it goes: left, top, width and height in fractions of the "
        + "picture.",
      valueName: "X,Y,W,H"))
  var box: [String] = []

  @Option(
    help: ArgumentHelp(
      "Turn the --caption or --sticker before it clockwise by this many degrees (-360 to 360).",
      valueName: "DEG"))
  var angle: [String] = []

  @Option(
    help: ArgumentHelp(
      "How opaque the --sticker before it is drawn, from 0 (invisible) to 1 (opaque, the default).",
      valueName: "O"))
  var opacity: [String] = []

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
    let style = try StyleOptions.style(
      layout: layout, font: font, textColor: textColor, outlineColor: outlineColor, uppercase: uppercase)
    if let panels {
      return try renderPanels(panels, style: style)
    }
    guard inputs.count == 1 else {
      throw CommandFailure(
        inputs.isEmpty
          ? "give the picture to draw on" : "give one picture to draw on, or --panels for several in one meme"
      )
    }
    if let animationFormat = try animationFormat() {
      return try renderAnimation(as: animationFormat, style: style)
    }
    if lossless { throw CommandFailure("--lossless applies to WebP only") }
    let imageFormat = try outputFormat()
    let transform = try TransformOptions.transform(crop: crop, rotate: rotate, flip: flip)
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
    noteFramesLeftOut(format: imageFormat, captions: captions)
    RenderReport.warnAboutStill(summary, written: written, input: input, maxPixels: maxPixels)
    RenderReport.warnAboutCutCaptions(summary.overflowingCaptions, boxes: summary.overflowingBoxes)
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
      if let fit = summary.fit { lines.append("\(name): \(RenderReport.explanation(of: fit))") }
      RenderReport.printVerbose(lines, besides: destination)
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
  func openedDestinationAndCaptions(style: CaptionStyle, panelCaptions: [String] = []) throws -> (
    ImageDestination, MemeCaptions
  ) {
    // A reader that stops early (`| head -c 10`, a FIFO's reader that exits, a socket closed) should
    // give one clear line, not kill the process silently: writes report EPIPE instead, whatever the
    // output is (`-o -`, `-o /dev/stdout`, `-o FIFO`).
    signal(SIGPIPE, SIG_IGN)
    let destination = try self.destination()
    try CaptionLimitsCheck.check(top: top, bottom: bottom, captions: caption, panelCaptions: panelCaptions)
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
        case .sticker: sticker
        }
      }, boxes: box, angles: angle, opacities: opacity, style: style)
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

  /// --format, or the output's extension (PNG for standard output).
  var formatName: String {
    format ?? (writesToStandardOutput ? "png" : URL(fileURLWithPath: output).pathExtension)
  }

  func outputFormat() throws -> ImageFormat {
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

/// `--layout classic|band|poster`, by the layouts' own names.
extension MemeLayoutKind: ExpressibleByArgument {}
extension LayerKindName: ExpressibleByArgument {}
