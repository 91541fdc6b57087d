// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension EditorDocument {
  /// The panel meme's grid, nil for a meme of one picture.
  public var panels: PanelGrid? { state.content.panels }

  /// `grid` becomes the meme's, shown as `sheet` (`PanelSheetMaker`), in one undo step (a run of
  /// changes with one `coalescingKey`, a cell panned by one drag, is one); nil goes back to one picture.
  public func setPanels(_ grid: PanelGrid?, sheet: EditorImage?, coalescingKey: String? = nil) {
    var next = state
    next.content.panels = grid
    next.content.transform = .identity
    next.image = sheet
    apply(next, changed: [.panels, .image, .transform, .captions], coalescingKey: coalescingKey)
  }

  /// The panel meme's sheet drawn again as it is (in the caption style just chosen): the picture
  /// shown changes, as part of the change that asked for it, with no undo step of its own.
  public func replacePanelSheet(with sheet: EditorImage) {
    guard state.content.panels != nil else { return }
    state.image = sheet
    onChange(.image)
  }
}
