// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeEditing

/// Opacity…: a popover at the selected sticker with a slider from 0 to 100 %. The sticker changes as
/// the slider moves (arrow keys by 1 %, Page Up/Down by 10 %); everything done while the popover is
/// open is one undo step.
final class StickerOpacityPopover {
  let popover: Widget
  let scale = Scale(from: 0, to: 100, step: 1)
  private let percentLabel = Label("")
  private let document: EditorDocument
  private unowned let canvas: EditorCanvas
  private unowned let boxHandles: BoxHandles
  /// The sticker the slider changes, while the popover is open.
  private var index: Int?
  /// Counts the popover's openings: each opening's changes share a coalescing key of their own.
  private var opening = 0
  /// Set while the slider is moved to the sticker's opacity, which is no change of the user's.
  private var isShowingOpacity = false

  init(canvas: EditorCanvas, boxHandles: BoxHandles, document: EditorDocument) {
    self.canvas = canvas
    self.boxHandles = boxHandles
    self.document = document
    let heading = Label(localized("Opacity"))
    heading.widget.addCSSClass("heading")
    heading.widget.horizontalAlignment = GTK_ALIGN_START
    scale.drawValue(false)
    scale.widget.name = "sticker-opacity-scale"
    scale.widget.setSizeRequest(width: 200, height: -1)
    scale.widget.expandsHorizontally = true
    Accessible.setLabel(scale.widget, localized("Opacity"))
    percentLabel.widget.addCSSClass("numeric")
    percentLabel.widget.setSizeRequest(width: 48, height: -1)
    percentLabel.widget.horizontalAlignment = GTK_ALIGN_END
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    row.append(scale.widget)
    row.append(percentLabel.widget)
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    content.append(heading.widget)
    content.append(row.widget)
    popover = Popover(child: content.widget, position: GTK_POS_TOP).widget
    popover.name = "sticker-opacity-popover"
    canvas.attachPopover(popover)
    scale.onValueChanged { [weak self] value in self?.slid(to: value) }
    Signal.connect(popover, "closed") { [weak self] in self?.closed() }
  }

  /// Opens the popover at the selected sticker, its slider at the sticker's opacity and focused.
  func showForSelection() {
    guard let index = document.selectedLayerIndex, let sticker = document.layers[index].sticker else {
      return
    }
    self.index = index
    opening += 1
    isShowingOpacity = true
    scale.value = (sticker.drawnOpacity * 100).rounded()
    isShowingOpacity = false
    showPercent(scale.value)
    let point = boxHandles.selectionPoint
    popover.popUp(atX: point.x, y: point.y)
    _ = scale.widget.grabFocus()
  }

  private func slid(to value: Double) {
    showPercent(value)
    guard !isShowingOpacity, let index else { return }
    document.setOpacity(value / 100, ofStickerAt: index, coalescingKey: "sticker-opacity-\(opening)")
  }

  private func showPercent(_ value: Double) {
    percentLabel.text = String(format: localized("%ld %%"), Int(value.rounded()))
  }

  /// The run of changes ends with the popover: a later change is an undo step of its own. The focus
  /// goes back to the sticker, which stays selected (GTK would give it to the first caption field).
  private func closed() {
    document.endTyping()
    if let index, let field = canvas.fields.boxEntry(at: index) { field.focus(typing: false) }
    self.index = nil
  }
}
