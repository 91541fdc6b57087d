// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeStore

/// A row of the List: thumbnail, top and bottom caption, and when the meme was sent. Rows can be
/// dragged onto other rows to reorder.
package final class MemeListRow: MemeCell {
  /// What a drag carries: the meme's id behind a prefix, so text dropped from elsewhere is ignored.
  static let dragPrefix = "mememe-sent-meme:"

  package let widget: UnsafeMutablePointer<GtkWidget>
  package let thumbnail: ThumbnailView
  let topLabel: UnsafeMutablePointer<GtkWidget>
  let bottomLabel: UnsafeMutablePointer<GtkWidget>
  let timeLabel: UnsafeMutablePointer<GtkWidget>
  private let timeFormatter: SentTimeFormatter
  private let events: MemeCellEvents
  package var memeID: Int64?

  init(thumbnails: ThumbnailCache, timeFormatter: SentTimeFormatter, events: MemeCellEvents) {
    self.timeFormatter = timeFormatter
    self.events = events
    widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 14)
    gtk_widget_add_css_class(widget, "meme-row")
    gtk_widget_set_name(widget, "meme-row")
    thumbnail = ThumbnailView(thumbnails: thumbnails, width: 96, height: 72, cssClass: "row-thumbnail")
    gtk_box_append(gtkkit_box(widget), thumbnail.widget)

    let captions = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
    gtk_widget_set_valign(captions, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(captions, 1)
    topLabel = Self.captionLabel(cssClass: "row-top")
    bottomLabel = Self.captionLabel(cssClass: "row-bottom")
    gtk_box_append(gtkkit_box(captions), topLabel)
    gtk_box_append(gtkkit_box(captions), bottomLabel)
    gtk_box_append(gtkkit_box(widget), captions)

    timeLabel = gtk_label_new("")
    gtk_widget_add_css_class(timeLabel, "dim-label")
    gtk_widget_add_css_class(timeLabel, "caption")
    gtk_widget_set_valign(timeLabel, GTK_ALIGN_CENTER)
    gtk_box_append(gtkkit_box(widget), timeLabel)

    events.attachContextMenu(to: widget) { [weak self] in self?.memeID }
    attachDragSource()
    attachDropTarget()
  }

  private static func captionLabel(cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new("")!
    gtk_label_set_xalign(gtkkit_label(label), 0)
    gtk_label_set_ellipsize(gtkkit_label(label), PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(gtkkit_label(label), 1)
    gtk_widget_add_css_class(label, cssClass)
    return label
  }

  package func bind(_ meme: SentMeme) {
    memeID = meme.id
    setCaption(topLabel, meme.topText)
    setCaption(bottomLabel, meme.bottomText)
    gtk_label_set_text(gtkkit_label(timeLabel), timeFormatter.string(for: meme.sentAt))
    gtk_widget_set_tooltip_text(timeLabel, timeFormatter.fullString(for: meme.sentAt))
    let name = MemeDescription.accessibleName(of: meme)
    Accessible.setLabel(widget, name)
    // Screen readers move over GTK's row around this box: the captions are its name too.
    if let row = gtk_widget_get_parent(widget) { Accessible.setLabel(row, name) }
    thumbnail.show(meme)
  }

  var topText: String { String(cString: gtk_label_get_text(gtkkit_label(topLabel))) }
  var bottomText: String { String(cString: gtk_label_get_text(gtkkit_label(bottomLabel))) }
  var timeText: String { String(cString: gtk_label_get_text(gtkkit_label(timeLabel))) }

  private func setCaption(_ label: UnsafeMutablePointer<GtkWidget>, _ text: String) {
    gtk_label_set_text(gtkkit_label(label), text)
    gtk_widget_set_visible(label, text.isEmpty ? 0 : 1)
  }

  // MARK: - Reordering by drag and drop

  private func attachDragSource() {
    let source = gtk_drag_source_new()!
    gtk_drag_source_set_actions(gtkkit_drag_source(source.raw), GDK_ACTION_MOVE)
    Signal.connectDragPrepare(source.raw) { [weak self] _, _ in
      guard let self, let memeID else { return nil }
      // The thumbnail under the pointer while dragging.
      if let texture = thumbnail.texture() {
        gtk_drag_source_set_icon(gtkkit_drag_source(source.raw), gtkkit_paintable(texture.raw), 48, 36)
        g_object_unref(texture.raw)
      }
      return gtkkit_content_provider_for_string("\(Self.dragPrefix)\(memeID)")
    }
    gtk_widget_add_controller(widget, gtkkit_event_controller(source.raw))
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
      events.drop(dragged, target, y > Double(gtk_widget_get_height(widget)) / 2)
      return true
    }
    gtk_widget_add_controller(widget, gtkkit_event_controller(target.raw))
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
    gtk_widget_add_css_class(widget, below ? "drop-below" : "drop-above")
    gtk_widget_remove_css_class(widget, below ? "drop-above" : "drop-below")
  }

  private func hideDropIndicator() {
    gtk_widget_remove_css_class(widget, "drop-above")
    gtk_widget_remove_css_class(widget, "drop-below")
  }
}
