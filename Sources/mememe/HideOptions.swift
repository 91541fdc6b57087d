// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore
import MemeVideo

/// `--hide X,Y,W,H[:METHOD]`, repeatable: rectangles of the picture hidden (see `HiddenArea`), each
/// a layer given in its value, without `--box` (see `pairingLayerOptions`).
struct HideOptions: ParsableArguments {
  @Option(help: ArgumentHelp(HiddenArea.commandLine.help, valueName: HiddenArea.commandLine.valueName))
  var hide: [String] = []

  /// The size of the picture `--hide` places its rectangles on: `command`'s input's, after --crop,
  /// --rotate and --flip (before --width scales the meme); with --panels, the panels' sheet's, at
  /// --width when it is given (the sheet is drawn at that width).
  func pictureSize(for command: RenderCommand) throws -> (width: Int, height: Int) {
    let loader = ImageLoader(maxPixels: command.maxPixels)
    if command.panelOptions.panels != nil {
      let grid = try command.panelOptions.grid(of: command.inputs)
      do {
        let geometry = try PanelComposer.layOut(grid, width: command.width, loader: loader).geometry
        return (geometry.width, geometry.height)
      } catch {
        throw CommandFailure(error.description)
      }
    }
    let size: (width: Int, height: Int)
    do {
      let input = URL(fileURLWithPath: command.input)
      if command.videoFormat != nil {
        // A video's frames, as its decoder gives them (turned as the file asks).
        let info = try VideoProbe.firstFrames(of: input, count: 0).info
        size = (info.width, info.height)
      } else {
        size = try loader.pixelSize(ofImageAt: input)
      }
    } catch {
      throw CommandFailure(error.description)
    }
    return try command.transformOptions.transform().outputSize(
      sourceWidth: size.width, sourceHeight: size.height)
  }

  /// The size of the picture the layers are drawn on: `pictureSize(for:)`, at --width.
  func drawnPictureSize(for command: RenderCommand) throws -> (width: Int, height: Int) {
    let size = try pictureSize(for: command)
    guard let width = command.width, command.panelOptions.panels == nil else { return size }
    return (width, max(1, Int((Double(width) * Double(size.height) / Double(size.width)).rounded())))
  }
}
