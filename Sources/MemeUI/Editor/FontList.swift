// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The caption font chooser: a button naming the family, opening a list of families, each written
/// in its own face, with a search field that matches anywhere in the name ("serif" finds "DejaVu
/// Serif") and takes the keys typed as soon as the list opens. (GTK 4.8's drop-down searches by
/// prefix only and shows every name in the interface font.)
///
/// The list opens below the button, which spans the style panel at the window's end, so it stays
/// within the panel and does not lie over the captions being styled.
final class FontList {
  /// The button; put it in the style controls.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// Called with the family chosen (nil: the default meme face).
  var onChoose: (String?) -> Void = { _ in }
  let searchEntry: UnsafeMutablePointer<GtkWidget>
  let listView: UnsafeMutablePointer<GtkWidget>
  /// The list's entries: the default face first, then `families`.
  private let families: [String]
  private let defaultLabel: String
  /// The `GtkStringFilter *` the search entry sets.
  private let filter: ObjectOwner
  private let selection: SingleSelection
  private let popover: UnsafeMutablePointer<GtkWidget>
  private let factory: ObjectOwner
  private let label: UnsafeMutablePointer<GtkWidget>
  /// The family named on the button (nil: the default face).
  private var current: String?

  init(families: [String], defaultLabel: String) {
    self.families = families
    self.defaultLabel = defaultLabel
    let strings = gtk_string_list_new(nil)!
    gtk_string_list_append(strings, defaultLabel)
    for family in families { gtk_string_list_append(strings, family) }
    filter = ObjectOwner(taking: gtk_string_filter_new(gtkkit_string_object_expression()))
    gtk_string_filter_set_match_mode(filter.opaque, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
    gtk_string_filter_set_ignore_case(filter.opaque, 1)
    // The filter model takes the list and a reference of its own to the filter.
    let filtered = ObjectOwner(
      taking: gtk_filter_list_model_new(gtkkit_list_model(strings.raw), gtkkit_filter(filter.newReference())))
    selection = SingleSelection(over: filtered)
    selection.selectsAutomatically = false
    selection.allowsNoSelection = true

    factory = ObjectOwner(taking: gtk_signal_list_item_factory_new())
    listView = Widget.listView(of: selection, factory: factory)
    listView.name = "font-list"
    gtk_list_view_set_single_click_activate(gtkkit_list_view(listView), 1)
    Accessible.setLabel(listView, localized("Fonts"))
    let scrolled = gtk_scrolled_window_new()!
    scrolled.setScrolledChild(listView)
    gtk_scrolled_window_set_policy(gtkkit_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_min_content_height(gtkkit_scrolled_window(scrolled), 320)
    gtk_scrolled_window_set_min_content_width(gtkkit_scrolled_window(scrolled), 260)

    searchEntry = gtk_search_entry_new()!
    searchEntry.name = "font-search"
    Accessible.setLabel(searchEntry, localized("Search fonts"))
    let box = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    box.append(searchEntry)
    box.append(scrolled)
    popover = gtk_popover_new()!
    popover.name = "font-popover"
    gtk_popover_set_child(gtkkit_popover(popover), box)
    gtk_popover_set_position(gtkkit_popover(popover), GTK_POS_BOTTOM)

    label = Widget.label(defaultLabel)
    label.ellipsize(PANGO_ELLIPSIZE_END)
    label.textAlignment = 0
    widget = gtk_menu_button_new()!
    widget.name = "font-family"
    gtk_menu_button_set_child(gtkkit_menu_button(widget), label)
    gtk_menu_button_set_popover(gtkkit_menu_button(widget), popover)
    connectSignals()
  }

  /// Names `family` on the button (nil: the default face) without calling `onChoose`.
  func show(_ family: String?) {
    current = family
    label.text = family ?? defaultLabel
  }

  /// The names the list shows now, in order (tests look at them).
  var shownNames: [String] {
    (0..<selection.count).compactMap { selection.string(at: $0) }
  }

  /// Chooses the entry at `position` of the list as shown (filtered).
  func choose(at position: UInt32) {
    guard let name = selection.string(at: Int(position)) else { return }
    let family = name == defaultLabel ? nil : name
    show(family)
    gtk_popover_popdown(gtkkit_popover(popover))
    onChoose(family)
  }

  private func connectSignals() {
    Signal.connectListItem(factory.raw, "setup") { item in
      let label = Widget.label()
      label.textAlignment = 0
      label.ellipsize(PANGO_ELLIPSIZE_END)
      label.setMargins(top: 4)
      label.setMargins(bottom: 4)
      gtk_list_item_set_child(gtkkit_list_item(item.raw), label)
    }
    Signal.connectListItem(factory.raw, "bind") { [weak self] item in
      guard let self, let label = gtk_list_item_get_child(gtkkit_list_item(item.raw)),
        let object = gtk_list_item_get_item(gtkkit_list_item(item.raw)),
        let text = gtk_string_object_get_string(gtkkit_string_object(object))
      else { return }
      let name = String(cString: text)
      label.text = name
      // Each name in its own face; the default entry in the face it stands for.
      let family = name == defaultLabel ? FontResolver.resolve(nil).family : name
      let attributes = pango_attr_list_new()!
      let description = pango_font_description_new()!
      pango_font_description_set_family(description, family)
      pango_attr_list_insert(attributes, pango_attr_font_desc_new(description))
      pango_attr_list_insert(attributes, pango_attr_scale_new(1.25))
      pango_font_description_free(description)
      gtk_label_set_attributes(gtkkit_label(label), attributes)
      pango_attr_list_unref(attributes)
    }
    Signal.connectActivatePosition(listView) { [weak self] position in
      self?.choose(at: UInt32(position))
    }
    Signal.connect(searchEntry, "search-changed") { [weak self] in
      guard let self else { return }
      gtk_string_filter_set_search(filter.opaque, searchEntry.editableText)
    }
    // Enter in the search field takes the first match.
    Signal.connect(searchEntry, "activate") { [weak self] in self?.choose(at: 0) }
    // Keys typed while the list is open go to the search field, the first time too.
    gtk_search_entry_set_key_capture_widget(gtkkit_search_entry(searchEntry), popover)
    Signal.connect(popover, "show") { [weak self] in
      guard let self else { return }
      searchEntry.editableText = ""
      gtk_string_filter_set_search(filter.opaque, "")
      // The family in use is the one highlighted.
      let position = shownNames.firstIndex(of: current ?? defaultLabel) ?? 0
      selection.selectedPosition = Int(position)
      searchEntry.grabFocus()
    }
  }
}
