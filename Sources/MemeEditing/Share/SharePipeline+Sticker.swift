// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore
import MemeVideo

extension SharePipeline {
  /// Whether Save as Sticker makes an animated sticker (a WebM) of `snapshot`: when its picture is an
  /// animated GIF or WebP, or a video. Any other meme makes a still (its first frame, for animated layers on a
  /// still picture or animated panels).
  public static func stickerAnimates(_ snapshot: ShareSnapshot) -> Bool {
    (snapshot.picture.isAnimated || snapshot.picture.isVideo) && snapshot.content.panels == nil
  }

  /// The name Save as Sticker proposes: the meme's name with `-sticker`, `.webm` for an animated
  /// sticker, else `.png`.
  public static func suggestedStickerName(for snapshot: ShareSnapshot) -> String {
    suggestedStickerName(base: snapshot.name, animates: stickerAnimates(snapshot))
  }

  /// The name Save as Sticker proposes for a meme whose file is called `base`.
  public static func suggestedStickerName(base: String, animates: Bool) -> String {
    "\(base)-sticker.\(animates ? "webm" : "png")"
  }

  /// Save as Sticker's stages 2 to 5 (see `StickerExport`): the meme made a sticker and written to
  /// `url` (an animation to `.webm`; a still, or an animation's first frame under any other name,
  /// to `.png` or `.webp`, or to the `.webp` beside a `.png` when only a WebP fits), with Sent Memes'
  /// thumbnail. Sent Memes keeps the meme with the sticker's file for a still, and with the meme's
  /// first frame as a PNG for an animated sticker (the store keeps pictures, not videos). Runs on
  /// the calling thread (a background one).
  public static func runSticker(
    _ snapshot: ShareSnapshot, to url: URL, cancellation: Cancellation = Cancellation(),
    progress: @escaping (Double) -> Void = { _ in }
  ) -> Result<SharedMeme, ImageError> {
    do throws(ImageError) {
      try cancellation.check(name: url.path)
      let rendered = try stickerRendering(snapshot)
      let thumbnail = try thumbnail(of: rendered.output)
      let thumbnailPNG = Data(try ImageWriter.encode(thumbnail, as: .png))
      if stickerAnimates(snapshot), url.pathExtension.lowercased() == "webm" {
        try StickerVideoExporter.export(
          snapshot.content.captions, from: snapshot.picture.isVideo ? .video : .animation(ImageLoader()),
          at: snapshot.picture.url, to: url, transform: snapshot.content.transform,
          timing: snapshot.content.timing, cancellation: cancellation, progress: progress)
        let firstFrame = Data(try ImageWriter.encode(rendered.output, as: .png))
        return .success(
          SharedMeme(
            snapshot: snapshot, file: EncodedImage(data: firstFrame, fileExtension: "png"),
            thumbnail: thumbnail,
            thumbnailPNG: thumbnailPNG, deliveredFile: url))
      }
      guard let sticker = StickerExport.picture(of: rendered.output, frame: rendered.frame) else {
        throw ImageError(
          path: url.path, kind: .outOfMemory, reason: localized("not enough memory for the sticker"))
      }
      let encoded = try StickerStill.encode(
        sticker, preferring: StickerStill.Kind(fileExtension: url.pathExtension) ?? .png,
        description: snapshot.resolvedDescription, name: url.path)
      let written = StickerStill.fileURL(for: url, kind: encoded.kind)
      try deliver(Data(encoded.bytes), to: written, cancellation: cancellation)
      return .success(
        SharedMeme(
          snapshot: snapshot,
          file: EncodedImage(data: Data(encoded.bytes), fileExtension: encoded.kind.rawValue),
          thumbnail: thumbnail, thumbnailPNG: thumbnailPNG, deliveredFile: written))
    } catch {
      return .failure(error)
    }
  }

  /// The meme at full size (an animation's first frame) and the frame of its layout. A panel meme
  /// is drawn from its cells' files as one picture, with nothing around it to make transparent.
  private static func stickerRendering(_ snapshot: ShareSnapshot) throws(ImageError) -> (
    output: RasterImage, frame: MemeFrame
  ) {
    if snapshot.content.panels != nil {
      let export = try ExportPlan(description: snapshot.resolvedDescription).exportStill(
        snapshot.content.captions, from: snapshot.stillSource, as: .png, to: .memory,
        transform: snapshot.content.transform, cancellation: Cancellation())
      guard let rendered = export.rendered else { preconditionFailure("a PNG export keeps its pixels") }
      return (rendered, .classic(width: rendered.width, height: rendered.height))
    }
    guard
      let (output, layout) = MemeRenderer.renderedWithLayout(
        snapshot.content.captions, image: snapshot.picture.full, transform: snapshot.content.transform)
    else {
      throw ImageError(
        path: snapshot.picture.url.path, kind: .outOfMemory,
        reason: localized("not enough memory to render the meme"))
    }
    return (output, layout.frame)
  }
}
