// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MemeCore

/// `--bubble reaction[:…]` or `--bubble comic[:ellipse] --box X,Y,W,H --tail X,Y --bubble-text TEXT`,
/// repeatable: speech bubbles (see `SpeechBubble`). `--tail` and `--bubble-text` belong to the
/// `--bubble` before them: `pairingLayerOptions` moves them into its value, so the parser sees
/// them only when they follow no bubble, which it refuses first.
struct BubbleOptions: ParsableArguments {
  @Option(help: ArgumentHelp(SpeechBubble.commandLine.help, valueName: SpeechBubble.commandLine.valueName))
  var bubble: [String] = []

  @Option(
    help: ArgumentHelp(
      "Where the tail of the --bubble comic before it points: X and Y in fractions of the picture "
        + "(default: below the bubble's left third).",
      valueName: "X,Y"))
  var tail: [String] = []

  @Option(help: ArgumentHelp("The text inside the --bubble comic before it.", valueName: "TEXT"))
  var bubbleText: [String] = []
}

extension BubbleOptions {
  /// `--verbose`'s line for each bubble of `layers`: its outline as an SVG path in the pixels of
  /// the `pictureSize` picture it is drawn on.
  static func outlineLines(of layers: [MemeLayer], pictureSize: (width: Int, height: Int)) -> [String] {
    layers.compactMap(\.speechBubble).enumerated().map { index, bubble in
      "--bubble #\(index + 1): outline in the \(pictureSize.width)×\(pictureSize.height) picture's pixels: "
        + bubble.outline(pictureWidth: pictureSize.width, pictureHeight: pictureSize.height).svgPath
    }
  }
}

extension BubbleOptions {
  /// Says on standard error that a still `format` without transparency (JPEG) fills the bubbles
  /// cut out of the picture white.
  static func noteCutOuts(in format: ImageFormat, captions: MemeCaptions) {
    guard case .jpeg = format, captions.cutsOutOfPicture else { return }
    printToStandardError(
      "note: a JPEG has no transparency: the cut-out bubble is white; write .png or .webp to keep it transparent"
    )
  }
}
