// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Makes what the store keeps for a template: the picture as it was cut, turned and mirrored, and
/// its thumbnail. Decoding and encoding are slow for a large photo: call it off the main thread.
public nonisolated enum TemplateMaker {
  /// A template of the picture at `url` (decoded with `loader`, so its limits apply), with
  /// `content`'s transform applied, and what a template keeps of `content` (its layout, style and
  /// stickers, see `MemeContent.template(of:)`). Throws an `ImageError` naming the file for a
  /// picture that cannot be read.
  public static func draft(
    name: String, pictureAt url: URL, content: MemeContent = .empty, source: String? = nil,
    loader: ImageLoader = ImageLoader()
  ) throws(ImageError) -> MemeTemplateDraft {
    if content.panels != nil { return try panelDraft(name: name, content: content, source: source) }
    return try draft(
      name: name, picture: try loader.load(contentsOf: url), from: url, content: content, source: source)
  }

  /// A template of `picture`, already decoded from `url` (the editor's), with `content`'s transform
  /// applied. Of its layers it keeps the stickers (their frames are fractions of the picture as cut,
  /// as the kept picture is), whose pictures the store keeps when it saves the template.
  ///
  /// A picture used as it is keeps its file's very bytes (a JPEG is not encoded again, and is
  /// turned upright by its EXIF orientation when opened, as the original is); a cut, turned or
  /// mirrored one is drawn anew and kept as PNG, which loses nothing.
  public static func draft(
    name: String, picture: RasterImage, from url: URL, content: MemeContent, source: String?
  ) throws(ImageError) -> MemeTemplateDraft {
    if content.panels != nil { return try panelDraft(name: name, content: content, source: source) }
    let applied =
      content.transform.validated(sourceWidth: picture.width, sourceHeight: picture.height) ?? .identity
    let transformed: RasterImage
    let encoded: EncodedImage
    if applied.isIdentity, let bytes = try? [UInt8](Data(contentsOf: url)),
      let fileExtension = ImageLoader.fileExtension(sniffing: bytes)
    {
      transformed = picture
      encoded = EncodedImage(data: Data(bytes), fileExtension: fileExtension)
    } else {
      guard let drawn = applied.render(picture) else {
        throw outOfMemory(url)
      }
      transformed = drawn
      encoded = .png(Data(try ImageWriter.encode(drawn, as: .png)))
    }
    guard let shown = hidingItsAreas(transformed, content: content) else {
      throw outOfMemory(url)
    }
    let thumbnail = try SentMemeDraftMaker.thumbnail(of: shown)
    return MemeTemplateDraft(
      name: name, picture: encoded, thumbnail: .png(Data(try ImageWriter.encode(thumbnail, as: .png))),
      content: content, source: source)
  }

  private static func outOfMemory(_ url: URL) -> ImageError {
    ImageError(path: url.path, kind: .outOfMemory, reason: localized("not enough memory for the template"))
  }

  /// `picture` as every meme made from the template shows it: with the hidden areas it keeps
  /// hidden (the picture itself is kept whole, so the areas stay editable), so the gallery's
  /// thumbnail holds nothing they hide. Nil when out of memory.
  static func hidingItsAreas(_ picture: RasterImage, content: MemeContent) -> RasterImage? {
    let areas = content.captions.layers.filter { $0.hiddenArea != nil }
    guard !areas.isEmpty else { return picture }
    return MemeRenderer.rendered(MemeCaptions(top: "", bottom: "", layers: areas), image: picture)
  }

  /// A template of a panel meme: its grid with the pictures taken out (see
  /// `MemeContent.template(of:)`), drawn as it is then (empty cells, the rows' captions) as the
  /// template's picture. A meme made from it starts with that grid, to fill.
  static func panelDraft(name: String, content: MemeContent, source: String?) throws(ImageError)
    -> MemeTemplateDraft
  {
    let kept = MemeContent.template(of: content)
    guard let grid = kept.panels else { preconditionFailure("a panel meme's template keeps its grid") }
    let sheet = try PanelComposer.compose(grid, style: kept.style).image
    let thumbnail = try SentMemeDraftMaker.thumbnail(of: sheet)
    return MemeTemplateDraft(
      name: name, picture: .png(Data(try ImageWriter.encode(sheet, as: .png))),
      thumbnail: .png(Data(try ImageWriter.encode(thumbnail, as: .png))), content: content, source: source)
  }
}
