// SPDX-License-Identifier: GPL-3.0-or-later

/// What makes a meme, wherever it is kept: the picture's transform, the layout with its texts, the
/// style, the text boxes over the picture (all in `captions`, which the renderer draws), the
/// description and, for a moving picture, how it plays.
///
/// Every record of a meme (`Meme`, a sent meme, a draft for the store, a template, the editor's
/// state) holds one beside its own fields (ids, files, dates) and reads its fields through it (see
/// `MemeContentHolder`), so a new part of a meme is added here once.
@dynamicMemberLookup
public struct MemeContent: Sendable, Hashable {
  /// The layout with its texts, the style and the text boxes: everything drawn over the picture.
  public var captions: MemeCaptions
  /// The crop, turn and mirroring of the picture; the original file is never changed.
  public var transform: PictureTransform
  /// The description the user wrote for the meme (its alt text), or nil for the default: the meme's
  /// text in reading order (see `resolvedDescription`).
  public var customDescription: String?
  /// For a panel meme, its cells, whose pictures are drawn into the one the captions lie on; nil for
  /// a meme of one picture.
  public var panels: PanelGrid?
  /// How a moving picture (an animated GIF or WebP, a video) plays: its trim, speed, direction,
  /// play count and sound. A still picture ignores it.
  public var timing: PlaybackTiming

  public init(
    captions: MemeCaptions = MemeCaptions(top: "", bottom: ""), transform: PictureTransform = .identity,
    customDescription: String? = nil, panels: PanelGrid? = nil, timing: PlaybackTiming = PlaybackTiming()
  ) {
    self.captions = captions
    self.transform = transform
    self.customDescription = customDescription
    self.panels = panels
    self.timing = timing
  }

  /// No text, the classic style and layout, the picture as it is.
  public static let empty = MemeContent()

  /// The description files and Sent Memes carry: `customDescription` when it holds text, else the
  /// meme's text in reading order, the panels' captions among it.
  public var resolvedDescription: String {
    MemeDescription.resolved(customDescription, captions: captions, panels: panels)
  }

  /// The captions' own fields (`top`, `style`, `layout`, ...) read and written as the content's.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<MemeCaptions, Value>) -> Value {
    get { captions[keyPath: keyPath] }
    set { captions[keyPath: keyPath] = newValue }
  }

  public subscript<Value>(dynamicMember keyPath: KeyPath<MemeCaptions, Value>) -> Value {
    captions[keyPath: keyPath]
  }
}

/// A record that holds a meme's content beside its own fields. Its content's fields read and write as
/// its own (`meme.top`, `sentMeme.layout`, `draft.transform`), without being repeated in it.
@dynamicMemberLookup
public protocol MemeContentHolder {
  var content: MemeContent { get set }
}

extension MemeContentHolder {
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<MemeContent, Value>) -> Value {
    get { content[keyPath: keyPath] }
    set { content[keyPath: keyPath] = newValue }
  }

  public subscript<Value>(dynamicMember keyPath: KeyPath<MemeContent, Value>) -> Value {
    content[keyPath: keyPath]
  }
}
