// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// `mememe render --panels`: several pictures in one meme's cells, the meme's captions over them.
extension RenderCommand {
  func renderPanels(_ arrangement: String, style: CaptionStyle) throws {
    if transformOptions.areGiven {
      throw CommandFailure(
        "--crop, --rotate and --flip cut and turn a single picture; they do not apply to --panels")
    }
    if timingOptions.isGiven {
      throw CommandFailure(
        "--trim, --speed, --reverse, --loop and --mute time a single moving picture; they do not apply to --panels"
      )
    }
    let animation = try animationFormat()
    if animation == nil, lossless { throw CommandFailure("--lossless applies to WebP only") }
    let grid = try panelOptions.grid(of: inputs)
    if let width, !PanelSheetGeometry.widthRange(of: grid).contains(width) {
      let range = PanelSheetGeometry.widthRange(of: grid)
      throw CommandFailure(
        "--width must be between \(range.lowerBound) and \(range.upperBound) for --panels \(arrangement), not \(width)"
      )
    }
    guard maxPixels > 0 else { throw CommandFailure("--max-pixels must be positive") }
    let sizeLimit = try limitOptions.byteLimit()
    if let animation {
      return try renderAnimatedPanels(grid, as: animation, style: style, sizeLimit: sizeLimit)
    }
    let imageFormat = try outputFormat()
    let (destination, captions) = try openedDestinationAndCaptions(
      style: style, panelCaptions: grid.cells.map(\.caption))
    let loader = ImageLoader(maxPixels: maxPixels)
    let plan = ExportPlan(
      sizeLimit: sizeLimit,
      description: MemeDescription.resolved(description, captions: captions, panels: grid))
    let summary: ExportSummary
    do {
      summary = try plan.exportStill(
        captions, from: .panels(grid, loader: loader), as: imageFormat, to: .destination(destination),
        width: width
      ).summary
    } catch {
      throw CommandFailure(error.description)
    }
    for (number, picture) in zip(1..., inputs)
    where AnimationReader.info(ofImageAt: URL(fileURLWithPath: picture))?.isAnimated == true {
      printToStandardError(
        "note: panel \(number), \(quoted(picture)), is animated; a \(imageFormat == .png ? "PNG" : "JPEG") holds "
          + "its first frame only: write .gif or .webp for every frame")
    }
    RenderReport.warnAboutCutCaptions(summary.overflowingCaptions, boxes: summary.overflowingBoxes)
    if verbose {
      var lines = ["\(quoted(output)): \(summary.width)×\(summary.height), font \(summary.font.family)"]
      if let fit = summary.fit { lines.append("\(quoted(output)): \(RenderReport.explanation(of: fit))") }
      RenderReport.printVerbose(lines, besides: summary.output ?? destination)
    }
  }

  /// Every frame of the animated cells, the still ones in each (see `AnimationExporter.exportPanels`).
  private func renderAnimatedPanels(
    _ grid: PanelGrid, as format: AnimationFormat, style: CaptionStyle, sizeLimit: Int?
  )
    throws
  {
    let (destination, captions) = try openedDestinationAndCaptions(
      style: style, panelCaptions: grid.cells.map(\.caption))
    let summary: AnimationExportSummary
    do {
      summary = try AnimationExporter.exportPanels(
        captions, grid: grid, to: destination, as: format, width: width,
        loader: ImageLoader(maxPixels: maxPixels),
        description: MemeDescription.resolved(description, captions: captions, panels: grid),
        sizeLimit: sizeLimit)
    } catch {
      throw CommandFailure(error.description)
    }
    RenderReport.warnAboutCutCaptions(summary.overflowingCaptions, boxes: summary.overflowingBoxes)
    if verbose {
      var lines = [
        "\(quoted(output)): \(summary.width)×\(summary.height), \(summary.frameCount) frames, played for ever, "
          + "font \(summary.font.family)"
      ]
      if let fit = summary.fit { lines.append("\(quoted(output)): \(RenderReport.explanation(of: fit))") }
      RenderReport.printVerbose(lines, besides: destination)
    }
  }
}
