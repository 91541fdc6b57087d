// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// A caption field over each layer: the keyboard, the input method and the screen reader's
/// "Text box 1", "Sticker 1: glasses.png", … of the layers, as the two classic fields are for theirs.
///
/// A box's field covers the box (its bounding rectangle when the box is turned). It takes the
/// pointer only while the box is being typed in, so presses on a box otherwise reach the canvas,
/// which selects and drags boxes.
extension CaptionFields {
  /// Makes or drops fields so there is one per layer, so a field's index is always its layer's, and
  /// shows each text box's text in its own. A layer without text (see `LayerEditing.hasText`, a
  /// sticker) has a field that takes no text: its keys, focus and name are the layer's.
  func showBoxes(_ layers: [MemeLayer]) {
    while boxEntries.count < layers.count {
      let entry = CaptionEntry(slot: .box(boxEntries.count))
      entry.widget.addCSSClass("caption-box-entry")
      entry.widget.isVisible = host?.drawsCaptions == true
      connect(entry)
      boxEntries.append(entry)
      host?.addOverlay(entry.widget)
      addLimitMessage(of: entry)
      onBoxEntryMade(entry)
    }
    while boxEntries.count > layers.count, let entry = boxEntries.popLast() {
      // Left to GTK, the focus of a field taken away would fall to the first caption field, whose
      // focus clears its default text: an edit, which would also drop the redo steps.
      if entry.isFocused, let root = gtk_widget_get_root(entry.widget) { gtk_root_set_focus(root, nil) }
      host?.removeOverlay(entry.widget)
      host?.removeOverlay(entry.limitLabel)
    }
    for (index, entry) in zip(layers.indices, boxEntries) {
      entry.acceptsText = layers[index].kind.editing.hasText
      entry.widget.isVisible = showsField(ofLayerAt: index)
      entry.show(caption: layers[index].text)
      Accessible.setLabel(entry.widget, LayerName.accessibleLabel(ofLayerAt: index, in: layers))
    }
    host?.placeFields()
  }

  /// Whether the field of the layer at `index` shows: while the captions are drawn (not in crop
  /// mode).
  func showsField(ofLayerAt index: Int) -> Bool {
    host?.drawsCaptions == true && documentCaptions.layers.indices.contains(index)
  }

  /// The field of the box at `index`, if there is such a box.
  func boxEntry(at index: Int) -> CaptionEntry? {
    boxEntries.indices.contains(index) ? boxEntries[index] : nil
  }

  /// Puts the caret in the box at `index` for typing (its placeholder selected): a double press on a
  /// box, Add Text, Enter on a selected box.
  func typeInBox(at index: Int) {
    guard let entry = boxEntry(at: index) else { return }
    if entry.isFocused { entry.startTyping() } else { entry.focus(typing: true) }
  }

  /// Where a box's field lies: over the box's bounding rectangle on the canvas (grown about its
  /// centre while the captions pop), never below the field's minimum size. Nil for other children.
  func boxFieldPosition(of child: Widget) -> GdkRectangle? {
    guard let index = boxEntries.firstIndex(where: { $0.widget == child }) else { return nil }
    guard let host, let frame = host.captionFrame, host.drawnLayers.indices.contains(index) else {
      return GdkRectangle(x: 0, y: 0, width: 0, height: 0)
    }
    let box = host.drawnLayers[index]
    let scaleX = frame.rect.width / Double(frame.imageWidth)
    let scaleY = frame.rect.height / Double(frame.imageHeight)
    let pixels = box.frame.clampedToAllowed.pixels(width: frame.imageWidth, height: frame.imageHeight)
    let centre = (
      x: frame.rect.x + (pixels.x + pixels.width / 2) * scaleX,
      y: frame.rect.y + (pixels.y + pixels.height / 2) * scaleY
    )
    let radians = box.angle.isFinite ? box.angle * .pi / 180 : 0
    let (cosine, sine) = (abs(cos(radians)), abs(sin(radians)))
    let (boxWidth, boxHeight) = (pixels.width * scaleX, pixels.height * scaleY)
    var minimumWidth: Int32 = 0
    var minimumHeight: Int32 = 0
    gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, nil, nil, nil)
    let popScale = host.popScale
    let width = max(
      (boxWidth * cosine + boxHeight * sine) * popScale, Double(max(minimumWidth, minimumHeight)))
    let height = max((boxWidth * sine + boxHeight * cosine) * popScale, Double(minimumHeight))
    return GdkRectangle(
      x: Int32((centre.x - width / 2).rounded()), y: Int32((centre.y - height / 2).rounded()),
      width: Int32(width.rounded()), height: Int32(height.rounded()))
  }
}
