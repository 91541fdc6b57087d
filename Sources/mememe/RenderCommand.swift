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

  /// --panels and the options of its cells.
  @OptionGroup var panelOptions: PanelOptions

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

  /// --hide; --bubble, --tail and --bubble-text; then the effects: --deep-fry, --more-jpeg,
  /// --black-and-white, --fry-text and --seed.
  @OptionGroup var hideOptions: HideOptions
  @OptionGroup var bubbleOptions: BubbleOptions
  @OptionGroup var effectOptions: EffectOptions

  /// Each layer's kind, in command-line order: added by `pairingLayerOptions`, never typed.
  @Option(help: .private)
  var layerKind: [LayerKindName] = []

  /// --box, --angle and --opacity, which place the layer option before them.
  @OptionGroup var placement: LayerPlacementOptions

  /// --font, --text-color, --outline-color and --[no-]uppercase.
  @OptionGroup var styleOptions: StyleOptions

  @Option(
    help: """
      JPEG or WebP quality, 1 to 100 (default \(ImageFormat.defaultJPEGQuality) for JPEG, \
      \(AnimationFormat.defaultWebPQuality) for WebP). Giving it encodes the whole picture at that quality \
      instead of keeping a JPEG photo's blocks.
      """)
  var quality: Int?

  @Flag(help: "Write WebP losslessly (--quality is then how hard it tries).")
  var lossless = false

  @Flag(
    help: """
      Write the meme as a messenger sticker: 512 pixels on its long side, what the band or poster layout \
      adds around the picture transparent (its texts outlined in its colour), a still as .png or .webp \
      of at most 512 kB (a PNG over it is written as a WebP beside it), a video or an animated GIF or \
      WebP as .webm (VP9 with alpha, its first 3 seconds, at most 30 frames a second, no sound, at most \
      256 kB). --max-bytes may lower the limit.
      """)
  var asSticker = false

  @Flag(help: "Encode the whole picture again even when a JPEG photo's blocks could be kept.")
  var reencode = false

  @Option(
    help: """
      Scale the output to this width in pixels (1 to \(ImageLoader.maximumSide)), keeping the aspect ratio. \
      The scaled size must stay within --max-pixels.
      """)
  var width: Int?

  /// --crop, --rotate and --flip.
  @OptionGroup var transformOptions: TransformOptions

  /// --trim, --speed and --mute, for a video.
  @OptionGroup var timingOptions: TimingOptions

  @Option(help: "Output format: png, jpeg, gif, webp, mp4 or webm (default: from OUTPUT's extension).")
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

  /// --max-bytes and --max-pixels.
  @OptionGroup var limitOptions: LimitOptions
  var maxPixels: Int { limitOptions.maxPixels }

  @Flag(
    name: .shortAndLong,
    help: """
      Print the size, the font used, whether the photo's JPEG blocks were kept (and if not, why), and \
      with --max-bytes the quality, pixel size and byte size chosen.
      """)
  var verbose = false

  func run() throws {
    let style = try styleOptions.style(layout: layout)
    if let panels = panelOptions.panels {
      if asSticker { throw CommandFailure("--as-sticker does not apply to --panels yet") }
      return try renderPanels(panels, style: style)
    }
    guard inputs.count == 1 else {
      throw CommandFailure(
        inputs.isEmpty
          ? "give the picture to draw on" : "give one picture to draw on, or --panels for several in one meme"
      )
    }
    if asSticker {
      return try StickerRender(command: self).run(style: style)
    }
    if let videoFormat {
      return try VideoRender(command: self, format: videoFormat).run(style: style)
    }
    if let animationFormat = try animationFormat() {
      return try renderAnimation(as: animationFormat, style: style)
    }
    if timingOptions.isGiven {
      throw CommandFailure(
        "--trim, --speed, --reverse, --loop and --mute apply to moving pictures: write .gif, .webp, .mp4 or .webm"
      )
    }
    if lossless { throw CommandFailure("--lossless applies to WebP only") }
    let imageFormat = try outputFormat()
    let transform = try transformOptions.transform()
    try checkSizeOptions()
    let sizeLimit = try limitOptions.byteLimit()
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
    RenderReport.noteFramesLeftOut(input: input, format: imageFormat, captions: captions)
    BubbleOptions.noteCutOuts(in: summary.fit?.format ?? imageFormat, captions: captions)
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
      lines += BubbleOptions.outlineLines(
        of: captions.layers, pictureSize: try hideOptions.drawnPictureSize(for: self))
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
      layers: try layers(style: style), layout: layout, effects: try effectOptions.effects())
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
        case .hidden: hideOptions.hide
        case .bubble: bubbleOptions.bubble
        }
      }, boxes: placement.box, angles: placement.angle, opacities: placement.opacity, style: style,
      pictureSize: { try hideOptions.pictureSize(for: self) })
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
