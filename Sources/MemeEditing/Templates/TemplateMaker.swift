// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Makes what the store keeps for a template: the picture as it was cut, turned and mirrored, and
/// its thumbnail. Decoding and encoding are slow for a large photo: call it off the main thread.
public nonisolated enum TemplateMaker {
  /// A template of the picture at `url` (decoded with `loader`, so its limits apply), with `transform`
  /// applied, and `layout`, `style` and the stickers among `layers`. Throws an `ImageError` naming
  /// the file for a picture that cannot be read.
  public static func draft(
    name: String, pictureAt url: URL, transform: PictureTransform = .identity,
    layout: MemeLayoutKind = .classic, style: CaptionStyle = .classic, layers: [MemeLayer] = [],
    source: String? = nil, loader: ImageLoader = ImageLoader()
  ) throws(ImageError) -> MemeTemplateDraft {
    let picture = try loader.load(contentsOf: url)
    return try draft(
      name: name, picture: picture, from: url, transform: transform, layout: layout, style: style,
      layers: layers, source: source)
  }

  /// A template of `picture`, already decoded from `url` (the editor's), with `transform` applied.
  /// Of `layers` it keeps the stickers (their frames are fractions of the picture as cut, as the
  /// kept picture is), whose pictures the store keeps when it saves the template.
  ///
  /// A picture used as it is keeps its file's very bytes (a JPEG is not encoded again, and is
  /// turned upright by its EXIF orientation when opened, as the original is); a cut, turned or
  /// mirrored one is drawn anew and kept as PNG, which loses nothing.
  public static func draft(
    name: String, picture: RasterImage, from url: URL, transform: PictureTransform,
    layout: MemeLayoutKind, style: CaptionStyle, layers: [MemeLayer] = [], source: String?
  ) throws(ImageError) -> MemeTemplateDraft {
    let applied = transform.validated(sourceWidth: picture.width, sourceHeight: picture.height) ?? .identity
    let transformed: RasterImage
    let encoded: EncodedImage
    if applied.isIdentity, let bytes = try? [UInt8](Data(contentsOf: url)),
      let fileExtension = ImageLoader.fileExtension(sniffing: bytes)
    {
      transformed = picture
      encoded = EncodedImage(data: Data(bytes), fileExtension: fileExtension)
    } else {
      guard let drawn = applied.render(picture) else {
        throw ImageError(
          path: url.path, kind: .outOfMemory, reason: localized("not enough memory for the template"))
      }
      transformed = drawn
      encoded = .png(Data(try ImageWriter.encode(drawn, as: .png)))
    }
    let thumbnail = try SentMemeDraftMaker.thumbnail(of: transformed)
    return MemeTemplateDraft(
      name: name, picture: encoded, thumbnail: .png(Data(try ImageWriter.encode(thumbnail, as: .png))),
      content: MemeContent(
        captions: MemeCaptions(top: "", bottom: "", style: style, layers: layers, layout: layout)),
      source: source)
  }
}
