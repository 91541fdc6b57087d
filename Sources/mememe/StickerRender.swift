// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// `mememe render --as-sticker`: the meme as a messenger sticker (see `StickerExport`): a still
/// PNG or WebP of a picture, or a WebM of VP9 with its alpha of a video or an animated GIF or WebP.
struct StickerRender {
  let command: RenderCommand

  func run(style: CaptionStyle) throws {
    if command.writesToStandardOutput {
      throw CommandFailure("a sticker is written to a file: give -o FILE.png, FILE.webp or FILE.webm")
    }
    if command.quality != nil || command.lossless || command.reencode || command.width != nil {
      throw CommandFailure("--quality, --lossless, --reencode and --width do not apply to stickers")
    }
    let name = command.formatName.lowercased()
    guard name == "webm" || StickerStill.Kind(fileExtension: name) != nil else {
      throw CommandFailure(
        "\(quoted(command.output)): a sticker is a .png or .webp (a still) or a .webm (a moving picture)")
    }
    let transform = try command.transformOptions.transform()
    let timing = try command.timingOptions.timing()
    let (_, captions) = try command.openedDestinationAndCaptions(style: style)
    let input = URL(fileURLWithPath: command.input)
    let output = URL(fileURLWithPath: command.output)
    let description = MemeDescription.resolved(command.description, captions: captions)
    let loader = ImageLoader(maxPixels: command.maxPixels)
    if name == "webm" {
      try command.timingOptions.checkForVideo()
      let limit = try sizeLimit(StickerExport.animationByteLimit)
      let source = try source(of: input, loader: loader)
      let summary: VideoExportSummary
      do {
        summary = try StickerVideoExporter.export(
          captions, from: source, at: input, to: output, transform: transform,
          timing: timing, sizeLimit: limit)
      } catch {
        throw CommandFailure(error.description)
      }
      report(
        summary.layout,
        "\(summary.width)×\(summary.height), \(summary.frameCount) frames, "
          + String(format: "%.2f s, ", summary.duration) + "\(summary.bytes) bytes")
    } else {
      if command.timingOptions.isGiven {
        throw CommandFailure("--trim, --speed, --reverse, --loop and --mute apply to a .webm sticker")
      }
      let limit = try sizeLimit(StickerExport.stillByteLimit)
      let summary: StickerStillSummary
      do {
        summary = try StickerStill.export(
          captions, imageAt: input, to: output, transform: transform, loader: loader,
          description: description,
          limit: limit)
      } catch {
        throw CommandFailure(error.description)
      }
      if summary.output != output {
        printToStandardError(
          "\(quoted(command.output)): the PNG is over the limit of \(ByteSize.limitDescribed(limit)); "
            + "wrote the WebP \(quoted(summary.output.path))")
      }
      let quality = summary.quality.map { " quality \($0)," } ?? ""
      report(
        summary.layout,
        "\(summary.width)×\(summary.height), \(summary.kind.rawValue),\(quality) \(summary.bytes) bytes")
    }
  }

  /// --max-bytes, when given, which may only lower the sticker's own limit.
  private func sizeLimit(_ stickerLimit: Int) throws -> Int {
    guard let given = try command.limitOptions.byteLimit() else { return stickerLimit }
    guard given <= stickerLimit else {
      throw CommandFailure(
        "--max-bytes cannot raise a sticker's limit of \(ByteSize.limitDescribed(stickerLimit))")
    }
    return given
  }

  /// Whether `input` is an animated GIF or WebP or else a video; a still picture makes a still sticker.
  private func source(of input: URL, loader: ImageLoader) throws -> StickerVideoExporter.Source {
    if let info = AnimationReader.info(ofImageAt: input, limits: loader.animationLimits) {
      guard info.frameCount > 1 else {
        throw CommandFailure("\(quoted(command.input)): a still picture makes a .png or .webp sticker")
      }
      return .animation(loader)
    }
    if let head = FileManager.default.contents(atPath: input.path)?.prefix(16),
      ImageLoader.fileExtension(sniffing: Array(head)) != nil
    {
      throw CommandFailure("\(quoted(command.input)): a still picture makes a .png or .webp sticker")
    }
    return .video
  }

  private func report(_ layout: MemeLayout, _ line: String) {
    RenderReport.warnAboutCutCaptions(layout.overflowingCaptions, boxes: layout.overflowingBoxes)
    if command.verbose {
      printToStandardError("\(quoted(command.output)): \(line), font \(layout.font.family)")
    }
  }
}
