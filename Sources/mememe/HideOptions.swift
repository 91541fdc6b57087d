// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `--hide X,Y,W,H[:METHOD]`, repeatable: rectangles of the picture hidden (see `HiddenArea`), each
/// a layer given in its value, without `--box` (see `pairingLayerOptions`).
struct HideOptions: ParsableArguments {
  @Option(help: ArgumentHelp(HiddenArea.commandLine.help, valueName: HiddenArea.commandLine.valueName))
  var hide: [String] = []

  /// The size of the picture `--hide` places its rectangles on: `command`'s input's, after --crop,
  /// --rotate and --flip (before --width scales the meme). A panel meme's is refused.
  func pictureSize(for command: RenderCommand) throws -> (width: Int, height: Int) {
    guard command.panelOptions.panels == nil else {
      throw CommandFailure("--hide applies to a single picture; it does not apply to --panels")
    }
    let size: (width: Int, height: Int)
    do {
      size = try ImageLoader(maxPixels: command.maxPixels).pixelSize(
        ofImageAt: URL(fileURLWithPath: command.input))
    } catch {
      throw CommandFailure(error.description)
    }
    return try command.transformOptions.transform().outputSize(
      sourceWidth: size.width, sourceHeight: size.height)
  }
}
