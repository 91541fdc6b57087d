// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// `mememe render` to MP4 or WebM: every frame of a video, captioned, its sound kept.
extension RenderCommand {
  /// The video format --format or OUTPUT's extension asks for, or nil for a picture format.
  var videoFormat: VideoFormat? { VideoFormat(fileExtension: formatName) }

  func renderVideo(as format: VideoFormat, style: CaptionStyle) throws {
    if writesToStandardOutput {
      throw CommandFailure("a video is written to a file: give -o FILE.\(format.rawValue)")
    }
    if quality != nil || lossless || width != nil {
      throw CommandFailure("--quality, --lossless and --width do not apply to videos yet")
    }
    let sizeLimit = try limitOptions.byteLimit()
    let transform = try transformOptions.transform()
    try timingOptions.checkForVideo()
    let timing = try timingOptions.timing()
    let (_, captions) = try openedDestinationAndCaptions(style: style)
    let summary: VideoExportSummary
    do {
      summary = try VideoExporter.export(
        captions, videoAt: URL(fileURLWithPath: input), to: URL(fileURLWithPath: output), as: format,
        transform: transform, timing: timing,
        description: MemeDescription.resolved(description, captions: captions), sizeLimit: sizeLimit)
    } catch {
      throw CommandFailure(error.description)
    }
    let layout = summary.layout
    RenderReport.warnAboutCutCaptions(layout.overflowingCaptions, boxes: layout.overflowingBoxes)
    if verbose {
      let sound =
        switch summary.sound {
        case .none: "no sound"
        case .kept: "the sound kept as it is"
        case .encoded: "the sound encoded again"
        }
      printToStandardError(
        "\(quoted(output)): \(summary.width)×\(summary.height), \(summary.frameCount) frames, "
          + String(format: "%.2f s, ", summary.duration) + "\(summary.bytes) bytes, \(sound), font "
          + layout.font.family)
    }
  }
}
