// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser

/// `--box X,Y,W,H`, `--angle DEG` and `--opacity O`: where the layer option before them goes, how
/// it is turned and how opaque it is. The parser collects each on its own; `pairingLayerOptions`
/// lines them up with their layers.
struct LayerPlacementOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Where the --caption, --sticker or --bubble comic before it goes: left, top, width and height in fractions of the "
        + "picture.",
      valueName: "X,Y,W,H"))
  var box: [String] = []

  @Option(
    help: ArgumentHelp(
      "Turn the --caption, --sticker or --bubble comic before it clockwise by this many degrees (-360 to 360).",
      valueName: "DEG"))
  var angle: [String] = []

  @Option(
    help: ArgumentHelp(
      "How opaque the --sticker before it is drawn, from 0 (invisible) to 1 (opaque, the default).",
      valueName: "O"))
  var opacity: [String] = []
}
