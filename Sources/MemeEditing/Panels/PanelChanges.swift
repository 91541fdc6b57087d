// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The changes a panel meme makes to the editor's document: its grid with the sheet it is drawn as
/// (`PanelSheetMaker`), as one undo step, and the sheet drawn again in place. The grid itself is the
/// document's `content.panels`.
public struct PanelChanges {
  private unowned let document: EditorDocument

  public init(of document: EditorDocument) {
    self.document = document
  }

  /// `grid` becomes the meme's, shown as `sheet`, in one undo step (a run of changes with one
  /// `coalescingKey`, a cell panned by one drag, is one); nil goes back to one picture.
  public func set(_ grid: PanelGrid?, sheet: EditorImage?, coalescingKey: String? = nil) {
    var next = document.state
    next.content.panels = grid
    next.content.transform = .identity
    next.image = sheet
    document.apply(next, changed: [.panels, .image, .transform, .captions], coalescingKey: coalescingKey)
  }

  /// The panel meme's sheet drawn again as it is (in the caption style just chosen): the picture
  /// shown changes, as part of the change that asked for it, with no undo step of its own.
  public func replaceSheet(with sheet: EditorImage) {
    guard document.state.content.panels != nil else { return }
    document.state.image = sheet
    document.onChange(.image)
  }
}
