// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// What the caption fields ask of the canvas they lie on: where the captions are drawn now, and a
/// place in its overlay. The canvas keeps the drawing and its painter; the fields keep themselves.
protocol CaptionFieldsHost: AnyObject {
  /// Whether the captions are drawn (not in crop mode).
  var drawsCaptions: Bool { get }
  /// The caption layout drawn and where its output lies in the canvas; nil without room for one.
  var drawnCaptions: (layout: MemeLayout, rect: ImageRect)? { get }
  /// Where the captions lie in the canvas and the pixel size they are laid out for.
  var captionFrame: (rect: ImageRect, imageWidth: Int, imageHeight: Int)? { get }
  /// The layers as drawn, placeholders included.
  var drawnLayers: [MemeLayer] { get }
  /// How far the captions have grown in their pop: 1 once settled.
  var popScale: Double { get }
  /// The canvas's height, in logical pixels.
  var overlayHeight: Int32 { get }
  /// Where the caret and selection of the caption in `slot` lie as drawn now.
  func cursor(for slot: CaptionSlot) -> CaptionCursor?
  /// `x`, `y` in `child`'s coordinates, in the drawing's.
  func drawingPoint(x: Double, y: Double, in child: Widget) -> (x: Double, y: Double)?
  /// Draws what the fields show (their texts, and placeholders of empty ones).
  func showFieldTexts()
  func redraw()
  func addOverlay(_ child: Widget)
  func removeOverlay(_ child: Widget)
  /// Places the fields again (see `CaptionFields.position(of:)`).
  func placeFields()
}

/// The caption fields over the picture: the classic top and bottom ones, one per text box (see
/// `CaptionFields+BoxFields.swift`) and each field's limit message (`CaptionFields+LimitMessages.swift`):
/// where each lies, and what typing in one does to the meme.
final class CaptionFields {
  let topEntry = CaptionEntry(slot: .classic(.top))
  let bottomEntry = CaptionEntry(slot: .classic(.bottom))
  /// One field per layer, in the order of the layers (see `CaptionFields+BoxFields.swift`).
  var boxEntries: [CaptionEntry] = []
  /// Called once for each box field made, so the window connects it to the document.
  var onBoxEntryMade: (CaptionEntry) -> Void = { _ in }
  /// The document's captions as last shown: what the canvas shows placeholders over.
  private(set) var documentCaptions = EditorState.initial.captions
  private(set) weak var host: CaptionFieldsHost?

  /// Connects the classic fields to `host`, whose overlay holds them already, and lays their limit
  /// messages over everything.
  func attach(to host: CaptionFieldsHost) {
    self.host = host
    topEntry.next = bottomEntry
    for entry in [topEntry, bottomEntry] {
      connect(entry)
      addLimitMessage(of: entry)
    }
  }

  /// Shows the document's `captions` in the fields, making or dropping box fields to match.
  func show(_ captions: MemeCaptions) {
    documentCaptions = captions
    topEntry.show(caption: captions.top)
    bottomEntry.show(caption: captions.bottom)
    showBoxes(captions.layers)
  }

  /// The document's captions with what the fields show in place of their texts.
  var shownCaptions: MemeCaptions {
    var shown = documentCaptions
    shown.top = topEntry.text
    shown.bottom = bottomEntry.text
    for (index, entry) in zip(shown.layers.indices, boxEntries) {
      guard shown.layers[index].kind.editing.hasText else { continue }
      shown.layers[index].text = entry.text
    }
    return shown
  }

  /// Shows or hides the fields as the captions are drawn or not (crop mode); their limit messages
  /// go with the captions.
  func followCaptions(drawn withCaptions: Bool) {
    for entry in [topEntry, bottomEntry] { entry.widget.isVisible = withCaptions }
    for (index, entry) in boxEntries.enumerated() { entry.widget.isVisible = showsField(ofLayerAt: index) }
    if !withCaptions {
      for entry in captionEntries { entry.limitLabel.isVisible = false }
    }
  }

  /// After a share: the pointer went to the Share menu and a dialog, so the hover highlight a caption
  /// field kept from before (GTK does not hear the pointer leave under a popover's grab) goes.
  func forgetPointer() {
    for entry in captionEntries {
      gtk_widget_unset_state_flags(entry.widget, GTK_STATE_FLAG_PRELIGHT)
    }
  }

  /// Redraws the caret as it moves and maps presses through the caption as drawn.
  func connect(_ entry: CaptionEntry) {
    entry.onPlaceholderChange = { [weak self] in self?.host?.showFieldTexts() }
    entry.onCursorChange = { [weak self] in self?.host?.redraw() }
    entry.hitTest = { [weak self, weak entry] x, y in
      guard let host = self?.host, let entry, let cursor = host.cursor(for: entry.slot),
        let point = host.drawingPoint(x: x, y: y, in: entry.widget)
      else { return nil }
      return cursor.offset(atCanvasX: point.x, y: point.y)
    }
  }

  /// Every caption field in Caption N order: top, bottom, then the boxes.
  var captionEntries: [CaptionEntry] { [topEntry, bottomEntry] + boxEntries }

  /// The caption field being typed in, if any (a box's field focused without typing is not).
  var focusedEntry: CaptionEntry? {
    captionEntries.first { $0.isFocused && $0.isTyping && ($0.widget).isVisible }
  }

  /// Places a caption field over its band of the picture, and a field's limit message by it; other
  /// overlays keep their default place.
  func position(of child: Widget) -> GdkRectangle? {
    limitMessagePosition(of: child) ?? fieldPosition(of: child)
  }

  /// Where a caption field lies over the picture; nil for other children.
  func fieldPosition(of child: Widget) -> GdkRectangle? {
    let position: CaptionPosition
    if child == topEntry.widget {
      position = .top
    } else if child == bottomEntry.widget {
      position = .bottom
    } else {
      return boxFieldPosition(of: child)
    }
    let entry = position == .top ? topEntry : bottomEntry
    // Where the caption is drawn: its band on the picture, or its text's area of the band or the
    // poster's frame, in the whole output shown.
    guard let host, let drawn = host.drawnCaptions else {
      return GdkRectangle(x: 0, y: 0, width: 0, height: 0)
    }
    let picture = drawn.rect
    let scale = picture.width / Double(drawn.layout.outputWidth)
    let band = drawn.layout.caption(at: position).band
    var naturalHeight: Int32 = 0
    var minimumHeight: Int32 = 0
    gtk_widget_measure(entry.widget, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, &naturalHeight, nil, nil)
    var minimumWidth: Int32 = 0
    gtk_widget_measure(entry.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
    // Inside the picture: the band's width, centred on the band, clamped to the picture's edges.
    // Never below the field's minimum, though: on a picture a few pixels across (a 1×4000 strip, a
    // 20000×20 banner) GTK refuses smaller allocations, so the field overflows the picture instead.
    // (The entry's measured minimum width can be 0; at least as wide as tall keeps its text usable.)
    var width = max(min(band.width * scale, picture.width), Double(max(minimumWidth, naturalHeight)))
    // As tall as the caption's band, so the focus outline frames the caption being edited.
    var height = max(
      min(max(Double(naturalHeight), band.height * scale), picture.height / 2), Double(minimumHeight))
    let settledX = picture.x + (picture.width - width) / 2
    let bandCentre = picture.y + (band.y + band.height / 2) * scale
    let inside = min(max(bandCentre - height / 2, picture.y), picture.y + picture.height - height)
    // On a picture too short for both fields, they meet at its middle rather than overlap.
    let middle = picture.y + picture.height / 2
    // (The texts of Band and Poster lie in areas of their own, which never overlap.)
    let settledY =
      !drawn.layout.frame.isPictureOnly
      ? inside : position == .top ? min(inside, middle - height) : max(inside, middle)
    // While popping, the field grows about its centre with the caption it frames.
    let popScale = host.popScale
    let x = settledX + width * (1 - popScale) / 2
    let y = settledY + height * (1 - popScale) / 2
    width *= popScale
    height *= popScale
    return GdkRectangle(
      x: Int32(x.rounded(.up)), y: Int32(y.rounded(.up)), width: Int32(width.rounded(.down)),
      height: Int32(height.rounded(.down)))
  }
}
