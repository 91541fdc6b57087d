// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A picture kept to make new memes from: the picture as it was cut, turned and mirrored, the
/// content it was used with (of which a template keeps the layout, the caption style, the stickers
/// and a panel meme's grid without its pictures) and a name.
/// No texts: a meme made from it starts with empty captions. The store owns its two files, inside its
/// `images` folder, and it alone makes templates (with the member-wise initializer): from a draft it
/// saves, keeping what `MemeContent.template(of:)` keeps, or from a row, which holds nothing more.
public struct MemeTemplate: MemeContentHolder, Sendable, Hashable, Identifiable {
  public let id: Int64
  public var name: String
  /// The picture, already cut, turned and mirrored: a new meme uses it as it is.
  public var pictureURL: URL
  /// A small image for the gallery.
  public var thumbnailURL: URL
  /// What a meme made from it starts with: its layout, style and stickers, a panel meme's empty
  /// grid, no text, the picture as it is.
  public var content: MemeContent
  public var createdAt: Date
  /// How many memes were started from it, and when the last one was: the gallery shows the most used
  /// first.
  public var useCount: Int = 0
  public var lastUsedAt: Date?
  /// Where the picture came from (the imported file's name, a sent meme, the editor), for the record.
  public var source: String?

  /// The meme a template starts: its picture as it is, empty captions, its layout and style.
  public var meme: Meme {
    Meme(content: content, originalImage: pictureURL, createdAt: Date())
  }
}

/// Everything needed to keep one template. The caller makes the picture (cut, turned and mirrored)
/// and its thumbnail; the store only writes bytes.
public struct MemeTemplateDraft: MemeContentHolder, Sendable, Hashable {
  public var name: String
  public var picture: EncodedImage
  public var thumbnail: EncodedImage
  /// The content the template keeps: its layout, style, stickers and empty grid (see
  /// `MemeContent.template(of:)`).
  public var content: MemeContent
  public var createdAt: Date
  public var source: String?

  public init(
    name: String, picture: EncodedImage, thumbnail: EncodedImage, content: MemeContent = .empty,
    createdAt: Date = Date(), source: String? = nil
  ) {
    self.name = name
    self.picture = picture
    self.thumbnail = thumbnail
    self.content = MemeContent.template(of: content)
    self.createdAt = createdAt
    self.source = source
  }
}

extension MemeContent {
  /// What a template keeps of `content`: its layout, style, effects, stickers and hidden areas (which
  /// belong to the picture it keeps), its speech bubbles as forms to fill (a comic bubble without its
  /// text, which belongs to one meme), and a panel meme's grid as
  /// a form to fill: its arrangement, gutter, cell shape, and each cell's fit and caption (the
  /// format's labels, "no" and "yes"), with no picture in any cell. Its texts, boxes and
  /// description belong to one meme, its cells' pictures and how they lie to that meme's pictures,
  /// and its picture is kept already cut and turned.
  public static func template(of content: MemeContent) -> MemeContent {
    MemeContent(
      captions: MemeCaptions(
        top: "", bottom: "", style: content.style,
        layers: content.layers.compactMap(\.keptInTemplate), layout: content.layout,
        effects: content.effects),
      panels: content.panels.map(\.withoutPictures))
  }
}

extension MemeLayer {
  /// The layer as a template keeps it: a sticker, a hidden area or a speech bubble (its text
  /// emptied); nil for a text box, whose text is all it is.
  fileprivate var keptInTemplate: MemeLayer? {
    switch self {
    case .sticker, .hidden: return self
    case .bubble(var bubble):
      bubble.text = ""
      return .bubble(bubble)
    case .text: return nil
    }
  }
}

extension PanelGrid {
  /// The grid with every cell emptied: no picture, and so nothing of how one lay (its crop, zoom and
  /// focus); each cell keeps its fit and caption.
  fileprivate var withoutPictures: PanelGrid {
    var grid = self
    grid.cells = cells.map { PanelCell(fit: $0.fit, caption: $0.caption) }
    return grid
  }
}
