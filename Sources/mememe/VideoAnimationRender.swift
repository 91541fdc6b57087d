// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// `mememe render` of a video to GIF or WebP: a clip of at most `VideoAnimationExporter.longestClip`
/// seconds (after --trim and --speed), captioned on every frame kept, without sound.
struct VideoAnimationRender {
  let command: RenderCommand
  let format: AnimationFormat

  func run(style: CaptionStyle) throws {
    try command.checkSizeOptions()
    let sizeLimit = try command.limitOptions.byteLimit()
    let transform = try command.transformOptions.transform()
    // --mute is allowed and changes nothing: a GIF or WebP has no sound.
    let timing = try command.timingOptions.timing()
    let (destination, captions) = try command.openedDestinationAndCaptions(style: style)
    let summary: VideoAnimationSummary
    do {
      summary = try VideoAnimationExporter.export(
        captions, videoAt: URL(fileURLWithPath: command.input), to: destination, as: format,
        transform: transform, timing: timing, width: command.width,
        description: MemeDescription.resolved(command.description, captions: captions), sizeLimit: sizeLimit)
    } catch {
      throw CommandFailure(error.description)
    }
    RenderReport.warnAboutCutCaptions(
      summary.layout.overflowingCaptions, boxes: summary.layout.overflowingBoxes)
    if command.verbose {
      var lines = [
        "\(quoted(command.output)): \(summary.width)×\(summary.height), \(summary.frameCount) frames, "
          + String(format: "%.2f s", summary.duration)
      ]
      if let fit = summary.fit {
        lines.append("\(quoted(command.output)): \(RenderReport.explanation(of: fit))")
      }
      RenderReport.printVerbose(lines, besides: destination)
    }
  }
}
