// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// `mememe render` to GIF or WebP: every frame of an animation, captioned, played as --trim, --speed,
/// --reverse and --loop say.
extension RenderCommand {
  /// The animation format --format or OUTPUT's extension asks for, or nil for a still one.
  func animationFormat() throws -> AnimationFormat? {
    guard let kind = AnimationFormat(fileExtension: formatName) else { return nil }
    if let quality, !(1...100).contains(quality) {
      throw CommandFailure("--quality must be between 1 and 100, not \(quality)")
    }
    switch kind {
    case .gif:
      if lossless { throw CommandFailure("--lossless applies to WebP only") }
      if quality != nil { throw CommandFailure("--quality applies to JPEG and WebP, not GIF") }
      return .gif
    case .webp:
      return .webp(lossless: lossless, quality: quality ?? AnimationFormat.defaultWebPQuality)
    }
  }

  func renderAnimation(as format: AnimationFormat, style: CaptionStyle) throws {
    if VideoFile.isVideo(URL(fileURLWithPath: input)) {
      return try VideoAnimationRender(command: self, format: format).run(style: style)
    }
    try timingOptions.checkForAnimation()
    let timing = try timingOptions.timing()
    let transform = try transformOptions.transform()
    try checkSizeOptions()
    let sizeLimit = try limitOptions.byteLimit()
    let (destination, captions) = try openedDestinationAndCaptions(style: style)
    let plan = ExportPlan(
      sizeLimit: sizeLimit, description: MemeDescription.resolved(description, captions: captions))
    let summary: AnimationExportSummary
    do {
      summary = try plan.exportAnimation(
        captions, imageAt: URL(fileURLWithPath: input), to: destination, as: format, transform: transform,
        width: width, loader: ImageLoader(maxPixels: maxPixels), timing: timing)
    } catch {
      throw CommandFailure(error.description)
    }
    if summary.sourceWasTruncated {
      printToStandardError(
        "warning: \(quoted(input)): the animation is cut short; wrote its \(summary.frameCount) whole frames")
    }
    RenderReport.warnAboutCutCaptions(summary.overflowingCaptions, boxes: summary.overflowingBoxes)
    if verbose {
      let plays = summary.playCount == 0 ? "played for ever" : "played \(summary.playCount)×"
      var lines = [
        "\(quoted(output)): \(summary.width)×\(summary.height), \(summary.frameCount) frames, \(plays), "
          + "font \(summary.font.family)"
      ]
      if let fit = summary.fit { lines.append("\(quoted(output)): \(RenderReport.explanation(of: fit))") }
      lines += BubbleOptions.outlineLines(
        of: captions.layers, pictureSize: try hideOptions.drawnPictureSize(for: self))
      RenderReport.printVerbose(lines, besides: destination)
    }
  }
}
