// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// A row of the List: thumbnail, top and bottom caption, the text boxes' captions, and when the meme was sent. Rows can be
/// dragged onto other rows to reorder.
package final class MemeListRow: MemeCell {
  /// What a drag carries: the meme's id behind a prefix, so text dropped from elsewhere is ignored.
  static let dragPrefix = "mememe-sent-meme:"

  package let widget: UnsafeMutablePointer<GtkWidget>
  package let thumbnail: ThumbnailView
  let topLabel: Label
  let bottomLabel: Label
  /// The text of the boxes placed anywhere, in drawing order, after the classic two.
  let boxesLabel: Label
  let timeLabel: Label
  /// "Received" above a received meme's text, as a small pill.
  let receivedLabel = Label(localized("Received"))
  private let timeFormatter: SentTimeFormatter
  private let events: MemeCellEvents
  package var memeID: Int64?
  /// The bound meme's date and time in full, the time label's tooltip.
  private var fullTime: String?

  init(thumbnails: ThumbnailCache, timeFormatter: SentTimeFormatter, events: MemeCellEvents) {
    self.timeFormatter = timeFormatter
    self.events = events
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 14)
    widget = row.widget
    widget.addCSSClass("meme-row")
    widget.name = "meme-row"
    thumbnail = ThumbnailView(thumbnails: thumbnails, width: 96, height: 72, cssClass: "row-thumbnail")
    row.append(thumbnail.widget)

    let captions = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    captions.widget.verticalAlignment = GTK_ALIGN_CENTER
    captions.widget.expandsHorizontally = true
    topLabel = Self.captionLabel(cssClass: "row-top")
    bottomLabel = Self.captionLabel(cssClass: "row-bottom")
    boxesLabel = Self.captionLabel(cssClass: "row-boxes")
    receivedLabel.widget.name = "received-label"
    receivedLabel.widget.addCSSClass("received-pill")
    receivedLabel.widget.horizontalAlignment = GTK_ALIGN_START
    receivedLabel.widget.isVisible = false
    // The row's accessible name says it ("Received: …").
    Accessible.setHidden(receivedLabel.widget, true)
    captions.append(receivedLabel.widget)
    captions.append(topLabel.widget)
    captions.append(bottomLabel.widget)
    captions.append(boxesLabel.widget)
    row.append(captions.widget)

    timeLabel = Label("")
    timeLabel.widget.addCSSClass("dim-label")
    timeLabel.widget.addCSSClass("caption")
    timeLabel.widget.verticalAlignment = GTK_ALIGN_CENTER
    // Asked for when shown: rows are rebound all the time as the list scrolls.
    timeLabel.widget.provideTooltip { [weak self] in self?.memeID == nil ? nil : self?.fullTime }
    row.append(timeLabel.widget)

    events.attachContextMenu(to: widget) { [weak self] in self?.memeID }
    attachDragSource()
    attachDropTarget()
  }

  private static func captionLabel(cssClass: String) -> Label {
    let label = Label("")
    label.textAlignment = 0
    label.ellipsize(PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(gtkkit_label(label.widget), 1)
    label.widget.addCSSClass(cssClass)
    return label
  }

  package func bind(_ meme: SentMeme) {
    memeID = meme.id
    showTexts(of: meme)
    timeLabel.text = timeFormatter.string(for: meme.sentAt)
    let fullTime = timeFormatter.fullString(for: meme.sentAt)
    self.fullTime = fullTime
    Accessible.setDescription(timeLabel.widget, fullTime)
    setAccessibleName(meme.accessibleName)
    thumbnail.show(meme)
  }

  package func showDetails(of meme: SentMeme) {
    showTexts(of: meme)
    setAccessibleName(meme.accessibleName)
    thumbnail.showDetails(of: meme)
  }

  /// The captions, or for a received meme without any, the words read in it (its description) once
  /// they are: a row of its own that says something.
  private func showTexts(of meme: SentMeme) {
    receivedLabel.widget.isVisible = meme.isReceived
    let hasCaptions = ([meme.top, meme.bottom] + meme.textBoxes.map(\.text)).contains { !$0.isEmpty }
    if meme.isReceived && !hasCaptions {
      let lines = meme.resolvedDescription.split(separator: "\n").map(String.init)
      setCaption(topLabel, lines.first ?? "")
      setCaption(bottomLabel, lines.dropFirst().joined(separator: " "))
      setCaption(boxesLabel, "")
      return
    }
    setCaption(topLabel, meme.top)
    setCaption(bottomLabel, meme.bottom)
    setCaption(boxesLabel, Self.boxesText(of: meme))
  }

  var topText: String { topLabel.text }
  var bottomText: String { bottomLabel.text }

  /// The non-empty texts of `meme`'s boxes placed anywhere, one after the other.
  static func boxesText(of meme: SentMeme) -> String {
    meme.textBoxes.map(\.text).filter { !$0.isEmpty }.joined(separator: " · ")
  }

  private func setCaption(_ label: Label, _ text: String) {
    label.text = text
    label.widget.isVisible = !(text.isEmpty)
  }

  // MARK: - Reordering by drag and drop

  private func attachDragSource() {
    let source = gtk_drag_source_new()!
    gtk_drag_source_set_actions(gtkkit_drag_source(source.raw), GDK_ACTION_MOVE)
    DragSignal.connectDragPrepare(source.raw) { [weak self] _, _ in
      guard let self, let memeID else { return nil }
      // The thumbnail under the pointer while dragging.
      if let texture = thumbnail.texture() {
        gtk_drag_source_set_icon(gtkkit_drag_source(source.raw), texture.paintable, 48, 36)
      }
      return gtkkit_content_provider_for_string("\(Self.dragPrefix)\(memeID)")
    }
    widget.addController(source)
  }

  private func attachDropTarget() {
    let target = gtk_drop_target_new(gtkkit_type_string(), GDK_ACTION_MOVE)!
    DragSignal.connectDropMotion(target.raw, "motion") { [weak self] _, y in
      self?.showDropIndicator(below: y > Double(gtk_widget_get_height(self?.widget)) / 2)
      return GDK_ACTION_MOVE
    }
    Signal.connect(target.raw, "leave") { [weak self] in self?.hideDropIndicator() }
    DragSignal.connectDrop(target.raw) { [weak self] value, _, y in
      guard let self else { return false }
      hideDropIndicator()
      guard let target = memeID, let dragged = Self.draggedID(in: value) else { return false }
      events.drop(dragged, target, y > Double(widget.height) / 2)
      return true
    }
    widget.addController(target)
  }

  static func draggedID(in value: UnsafePointer<GValue>) -> Int64? {
    guard gtkkit_value_holds(value, gtkkit_type_string()) != 0, let string = g_value_get_string(value) else {
      return nil
    }
    let text = String(cString: string)
    guard text.hasPrefix(dragPrefix) else { return nil }
    return Int64(text.dropFirst(dragPrefix.count))
  }

  private func showDropIndicator(below: Bool) {
    widget.addCSSClass(below ? "drop-below" : "drop-above")
    widget.removeCSSClass(below ? "drop-above" : "drop-below")
  }

  private func hideDropIndicator() {
    widget.removeCSSClass("drop-above")
    widget.removeCSSClass("drop-below")
  }
}
