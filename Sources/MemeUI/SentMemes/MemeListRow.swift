// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeStore

/// A row of the List: thumbnail, top and bottom caption, the text boxes' captions, and when the meme was sent. Rows can be
/// dragged onto other rows to reorder.
package final class MemeListRow: MemeCell {
  /// What a drag carries: the meme's id behind a prefix, so text dropped from elsewhere is ignored.
  static let dragPrefix = "mememe-sent-meme:"

  package let widget: UnsafeMutablePointer<GtkWidget>
  package let thumbnail: ThumbnailView
  let topLabel: UnsafeMutablePointer<GtkWidget>
  let bottomLabel: UnsafeMutablePointer<GtkWidget>
  /// The text of the boxes placed anywhere, in drawing order, after the classic two.
  let boxesLabel: UnsafeMutablePointer<GtkWidget>
  let timeLabel: UnsafeMutablePointer<GtkWidget>
  private let timeFormatter: SentTimeFormatter
  private let events: MemeCellEvents
  package var memeID: Int64?
  /// The bound meme's date and time in full, the time label's tooltip.
  private var fullTime: String?

  init(thumbnails: ThumbnailCache, timeFormatter: SentTimeFormatter, events: MemeCellEvents) {
    self.timeFormatter = timeFormatter
    self.events = events
    widget = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 14)
    widget.addCSSClass("meme-row")
    widget.name = "meme-row"
    thumbnail = ThumbnailView(thumbnails: thumbnails, width: 96, height: 72, cssClass: "row-thumbnail")
    widget.append(thumbnail.widget)

    let captions = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    captions.verticalAlignment = GTK_ALIGN_CENTER
    captions.expandsHorizontally = true
    topLabel = Self.captionLabel(cssClass: "row-top")
    bottomLabel = Self.captionLabel(cssClass: "row-bottom")
    boxesLabel = Self.captionLabel(cssClass: "row-boxes")
    captions.append(topLabel)
    captions.append(bottomLabel)
    captions.append(boxesLabel)
    widget.append(captions)

    timeLabel = Widget.label("")
    timeLabel.addCSSClass("dim-label")
    timeLabel.addCSSClass("caption")
    timeLabel.verticalAlignment = GTK_ALIGN_CENTER
    // Asked for when shown: rows are rebound all the time as the list scrolls.
    timeLabel.provideTooltip { [weak self] in self?.memeID == nil ? nil : self?.fullTime }
    widget.append(timeLabel)

    events.attachContextMenu(to: widget) { [weak self] in self?.memeID }
    attachDragSource()
    attachDropTarget()
  }

  private static func captionLabel(cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
    let label = Widget.label("")
    label.textAlignment = 0
    label.ellipsize(PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(gtkkit_label(label), 1)
    label.addCSSClass(cssClass)
    return label
  }

  package func bind(_ meme: SentMeme) {
    memeID = meme.id
    setCaption(topLabel, meme.topText)
    setCaption(bottomLabel, MemeDescription.drawnBottomText(of: meme))
    setCaption(boxesLabel, Self.boxesText(of: meme))
    timeLabel.text = timeFormatter.string(for: meme.sentAt)
    let fullTime = timeFormatter.fullString(for: meme.sentAt)
    self.fullTime = fullTime
    Accessible.setDescription(timeLabel, fullTime)
    setAccessibleName(MemeDescription.accessibleName(of: meme))
    thumbnail.show(meme)
  }

  var topText: String { String(cString: gtk_label_get_text(gtkkit_label(topLabel))) }
  var bottomText: String { String(cString: gtk_label_get_text(gtkkit_label(bottomLabel))) }

  /// The non-empty texts of `meme`'s boxes placed anywhere, one after the other.
  static func boxesText(of meme: SentMeme) -> String {
    meme.textBoxes.map(\.text).filter { !$0.isEmpty }.joined(separator: " · ")
  }

  private func setCaption(_ label: UnsafeMutablePointer<GtkWidget>, _ text: String) {
    label.text = text
    label.isVisible = !(text.isEmpty)
  }

  // MARK: - Reordering by drag and drop

  private func attachDragSource() {
    let source = gtk_drag_source_new()!
    gtk_drag_source_set_actions(gtkkit_drag_source(source.raw), GDK_ACTION_MOVE)
    Signal.connectDragPrepare(source.raw) { [weak self] _, _ in
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
    Signal.connectDropMotion(target.raw, "motion") { [weak self] _, y in
      self?.showDropIndicator(below: y > Double(gtk_widget_get_height(self?.widget)) / 2)
      return GDK_ACTION_MOVE
    }
    Signal.connect(target.raw, "leave") { [weak self] in self?.hideDropIndicator() }
    Signal.connectDrop(target.raw) { [weak self] value, _, y in
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
