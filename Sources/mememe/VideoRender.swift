// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

extension RenderCommand {
  /// The video format --format or OUTPUT's extension asks for, or nil for a picture format.
  var videoFormat: VideoFormat? { VideoFormat(fileExtension: formatName) }
}

/// `mememe render` to MP4 or WebM: every frame of a video, captioned, its sound kept.
struct VideoRender {
  let command: RenderCommand
  let format: VideoFormat

  func run(style: CaptionStyle) throws {
    if command.writesToStandardOutput {
      throw CommandFailure("a video is written to a file: give -o FILE.\(format.rawValue)")
    }
    if command.quality != nil || command.lossless || command.width != nil {
      throw CommandFailure("--quality, --lossless and --width do not apply to videos yet")
    }
    let sizeLimit = try command.limitOptions.byteLimit()
    let transform = try command.transformOptions.transform()
    try command.timingOptions.checkForVideo()
    let timing = try command.timingOptions.timing()
    let (_, captions) = try command.openedDestinationAndCaptions(style: style)
    let summary: VideoExportSummary
    do {
      summary = try VideoExporter.export(
        captions, videoAt: URL(fileURLWithPath: command.input), to: URL(fileURLWithPath: command.output),
        as: format,
        transform: transform, timing: timing,
        description: MemeDescription.resolved(command.description, captions: captions), sizeLimit: sizeLimit)
    } catch {
      throw CommandFailure(error.description)
    }
    let layout = summary.layout
    RenderReport.warnAboutCutCaptions(layout.overflowingCaptions, boxes: layout.overflowingBoxes)
    if command.verbose {
      let sound =
        switch summary.sound {
        case .none: "no sound"
        case .kept: "the sound kept as it is"
        case .encoded: "the sound encoded again"
        }
      printToStandardError(
        "\(quoted(command.output)): \(summary.width)×\(summary.height), \(summary.frameCount) frames, "
          + String(format: "%.2f s, ", summary.duration) + "\(summary.bytes) bytes, \(sound), font "
          + layout.font.family)
    }
  }
}
