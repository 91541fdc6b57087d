// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

/// What a `LayerSliderPopover` sets on the selected layer: a sticker's opacity, a hidden area's
/// strength, a reaction bubble's size. Each reads the value from a layer of its kind (nil for another kind) and writes it back.
struct LayerSlider {
  /// The popover's heading and the slider's name for screen readers.
  let title: String
  /// The start of the widgets' names (`NAME-popover`, `NAME-scale`), which the tests find them by.
  let name: String
  let range: ClosedRange<Double>
  /// The value shown beside the slider ("40 %", "5").
  let format: (Double) -> String
  let read: (MemeLayer) -> Double?
  let write: (EditorDocument, _ index: Int, _ value: Double, _ coalescingKey: String) -> Void

  /// A sticker's opacity, in whole per cent.
  static let opacity = LayerSlider(
    title: localized("Opacity"), name: "sticker-opacity", range: 0...100,
    format: { String(format: localized("%ld %%"), Int($0.rounded())) },
    read: { $0.sticker.map { ($0.drawnOpacity * 100).rounded() } },
    write: { document, index, value, key in
      document.setOpacity(value / 100, ofStickerAt: index, coalescingKey: key)
    }
  )

  /// A hidden area's strength, from 1 (fine blocks) to 10 (coarse ones).
  static let hidingStrength = LayerSlider(
    title: localized("Strength"), name: "hiding-strength",
    range: Double(HiddenArea.strengths.lowerBound)...Double(HiddenArea.strengths.upperBound),
    format: { String(Int($0.rounded())) },
    read: { $0.hiddenArea.map { Double($0.drawnStrength) } },
    write: { document, index, value, key in
      document.hiddenAreas.setStrength(Int(value.rounded()), ofAreaAt: index, coalescingKey: key)
    })
}

extension LayerSlider {
  /// A reaction bubble's height, in whole per cent of the picture's.
  static let bubbleSize = LayerSlider(
    title: localized("Size"), name: "bubble-size",
    range: (SpeechBubble.sizes.lowerBound * 100).rounded()...(SpeechBubble.sizes.upperBound * 100).rounded(),
    format: { String(format: localized("%ld %%"), Int($0.rounded())) },
    read: { layer in layer.speechBubble.flatMap { $0.isReaction ? ($0.drawnSize * 100).rounded() : nil } },
    write: { document, index, value, key in
      document.speechBubbles.setSize(value / 100, ofBubbleAt: index, coalescingKey: key)
    })
}

/// A popover at the selected layer with a slider (Opacity… of a sticker, Strength… of a hidden
/// area). The layer changes as the slider moves (arrow keys by one step, Page Up/Down by ten);
/// everything done while the popover is open is one undo step.
final class LayerSliderPopover {
  let popover: Widget
  let scale: Scale
  private let setting: LayerSlider
  private let valueLabel = Label("")
  /// A warning about the layer under the slider (a hidden area still readable), hidden without one.
  let note = Label("")
  private let document: EditorDocument
  private unowned let canvas: EditorCanvas
  private unowned let boxHandles: BoxHandles
  /// The layer the slider changes, while the popover is open.
  private var index: Int?
  /// Counts the popover's openings: each opening's changes share a coalescing key of their own.
  private var opening = 0
  /// Set while the slider is moved to the layer's value, which is no change of the user's.
  private var isShowingValue = false

  init(_ setting: LayerSlider, canvas: EditorCanvas, boxHandles: BoxHandles, document: EditorDocument) {
    self.setting = setting
    self.canvas = canvas
    self.boxHandles = boxHandles
    self.document = document
    scale = Scale(from: setting.range.lowerBound, to: setting.range.upperBound, step: 1)
    let heading = Label(setting.title)
    heading.widget.addCSSClass("heading")
    heading.widget.horizontalAlignment = GTK_ALIGN_START
    scale.drawValue(false)
    scale.widget.name = "\(setting.name)-scale"
    scale.widget.setSizeRequest(width: 200, height: -1)
    scale.widget.expandsHorizontally = true
    Accessible.setLabel(scale.widget, setting.title)
    valueLabel.widget.addCSSClass("numeric")
    valueLabel.widget.setSizeRequest(width: 48, height: -1)
    valueLabel.widget.horizontalAlignment = GTK_ALIGN_END
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    row.append(scale.widget)
    row.append(valueLabel.widget)
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    content.append(heading.widget)
    content.append(row.widget)
    note.widget.name = "\(setting.name)-note"
    note.widget.addCSSClass("warning")
    note.wrapsText = true
    note.widget.horizontalAlignment = GTK_ALIGN_START
    note.widget.isVisible = false
    content.append(note.widget)
    popover = Popover(child: content.widget, position: GTK_POS_TOP).widget
    popover.name = "\(setting.name)-popover"
    canvas.attachPopover(popover)
    scale.onValueChanged { [weak self] value in self?.slid(to: value) }
    Signal.connect(popover, "closed") { [weak self] in self?.closed() }
  }

  /// Opens the popover at the selected layer, its slider at the layer's value and focused.
  func showForSelection() {
    guard let index = document.selectedLayerIndex, let value = document.selectedLayer.flatMap(setting.read)
    else { return }
    self.index = index
    opening += 1
    isShowingValue = true
    scale.value = value
    isShowingValue = false
    valueLabel.text = setting.format(scale.value)
    let point = boxHandles.selectionPoint
    popover.popUp(atX: point.x, y: point.y)
    _ = scale.widget.grabFocus()
  }

  /// Shows `text` under the slider (nil: nothing).
  func showNote(_ text: String?) {
    if let text { note.text = text }
    note.widget.isVisible = text != nil
    // Heard with the slider's name by a screen reader on it.
    Accessible.setDescription(scale.widget, text ?? "")
  }

  private func slid(to value: Double) {
    valueLabel.text = setting.format(value)
    guard !isShowingValue, let index else { return }
    setting.write(document, index, value, "\(setting.name)-\(opening)")
  }

  /// The run of changes ends with the popover: a later change is an undo step of its own. The focus
  /// goes back to the layer, which stays selected (GTK would give it to the first caption field).
  private func closed() {
    document.endTyping()
    if let index, let field = canvas.fields.boxEntry(at: index) { field.focus(typing: false) }
    self.index = nil
  }
}
