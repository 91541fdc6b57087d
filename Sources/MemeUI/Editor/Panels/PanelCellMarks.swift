// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// What the canvas shows over a panel meme's cells, never part of the meme: each cell's frame (the
/// selected one in the accent colour, the one a drag would swap with tinted), in an empty cell the
/// invitation to add a picture, and over an empty caption cell (the rows arrangement's) where its
/// caption goes.
final class PanelCellMarks {
  private unowned let panels: PanelEditing
  private let canvas: EditorCanvas
  private var frames: [Widget] = []
  private var invitations: [Widget] = []
  /// The caption cells' frames, each with its hint while the caption is empty.
  private var captionFrames: [(frame: Widget, hint: Widget)] = []
  /// An invitation was clicked: the cell it is in should get a picture (Album).
  var onInvite: (Int) -> Void = { _ in }

  init(panels: PanelEditing, canvas: EditorCanvas) {
    self.panels = panels
    self.canvas = canvas
    canvas.positionOverlay = { [weak self] child in self?.position(of: child) }
  }

  /// Shows the marks for the grid and its selected cell; a swap target tinted.
  func show(_ grid: PanelGrid?, selectedCell: Int, swapTarget: Int?) {
    let count = grid?.cells.count ?? 0
    let captionCount = grid?.arrangement.hasCaptionCells == true ? count : 0
    if frames.count != count || captionFrames.count != captionCount {
      rebuild(count: count, captionCount: captionCount)
    }
    guard let grid else { return }
    for (index, caption) in captionFrames.enumerated() {
      caption.frame.setCSSClass("selected", index == selectedCell)
      caption.hint.isVisible = !MemeDescription.hasText(grid.cells[index].caption)
    }
    for (index, frame) in frames.enumerated() {
      frame.setCSSClass("selected", index == selectedCell)
      frame.setCSSClass("swap-target", index == swapTarget)
      invitations[index].isVisible = grid.cells[index].picture == nil
    }
    canvas.placeFields()
  }

  private func rebuild(count: Int, captionCount: Int) {
    for widget in frames + invitations + captionFrames.map(\.frame) { canvas.removeOverlay(widget) }
    captionFrames = (0..<captionCount).map { index in
      let frame = Box(GTK_ORIENTATION_VERTICAL)
      frame.widget.addCSSClass("panel-cell")
      frame.widget.name = "panel-caption-cell-\(index + 1)"
      frame.widget.canTarget = false
      let hint = Label(String(format: localized("Caption of panel %ld"), index + 1))
      hint.widget.addCSSClass("panel-caption-hint")
      hint.wrapsText = true
      hint.justification = GTK_JUSTIFY_CENTER
      hint.widget.expandsVertically = true
      hint.widget.setMargins(start: 6, end: 6)
      frame.append(hint.widget)
      canvas.addLayerUnderBoxFields(frame.widget)
      return (frame.widget, hint.widget)
    }
    frames = (0..<count).map { index in
      let frame = Box(GTK_ORIENTATION_VERTICAL).widget
      frame.addCSSClass("panel-cell")
      frame.name = "panel-cell-\(index + 1)"
      // The pointer goes through to the canvas, whose gestures pan, swap and zoom the cells.
      frame.canTarget = false
      canvas.addLayerUnderBoxFields(frame)
      return frame
    }
    invitations = (0..<count).map { index in
      let button = Button(mnemonic: localized("Add _Picture"), narrowIcon: IconName.addPicture).widget
      button.name = "panel-add-picture-\(index + 1)"
      button.addCSSClass("pill")
      button.addCSSClass("panel-invitation")
      button.horizontalAlignment = GTK_ALIGN_CENTER
      button.verticalAlignment = GTK_ALIGN_CENTER
      let label = String(format: localized("Add a picture to panel %ld"), index + 1)
      button.tooltip = label
      Accessible.setLabel(button, label)
      Signal.connect(button, "clicked") { [weak self] in self?.onInvite(index) }
      canvas.addLayerUnderBoxFields(button)
      return button
    }
  }

  /// Where a frame or an invitation lies: over its cell (an invitation, centred, at its natural size
  /// within it).
  private func position(of child: Widget) -> GdkRectangle? {
    let rect: PanelEditing.CanvasRect?
    if let index = frames.firstIndex(of: child) ?? invitations.firstIndex(of: child) {
      rect = panels.canvasRect(ofCell: index)
    } else if let index = captionFrames.firstIndex(where: { $0.frame == child }) {
      rect = panels.canvasRect(ofCaptionCell: index)
    } else {
      return nil
    }
    guard let rect else { return GdkRectangle() }
    return GdkRectangle(
      x: Int32(rect.x.rounded()), y: Int32(rect.y.rounded()), width: Int32(rect.width.rounded()),
      height: Int32(rect.height.rounded()))
  }
}
