// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// GtkFileChooserNative (the 4.8 chooser, a portal dialog in Flatpak) as one call with a completion.
public enum FileChooser {
  /// Files the chooser offers, by MIME type and glob pattern.
  public struct Filter {
    public var name: String
    public var mimeTypes: [String]
    public var patterns: [String]
    /// For save choosers: the extension given to a name typed without one while this filter is
    /// selected (so choosing "JPEG image" and typing "meme" saves "meme.jpg").
    public var defaultExtension: String?

    public init(
      name: String, mimeTypes: [String] = [], patterns: [String] = [], defaultExtension: String? = nil
    ) {
      self.name = name
      self.mimeTypes = mimeTypes
      self.patterns = patterns
      self.defaultExtension = defaultExtension
    }
  }

  public enum Mode {
    case open
    case save(suggestedName: String)
    /// A folder, not a file.
    case selectFolder
  }

  /// Shows the chooser, opened in `initialFolder` when given; `completion` gets the chosen file,
  /// or nil when cancelled. Returns the native chooser (tests drive the dialog GTK shows for it);
  /// it lives until its response.
  ///
  /// A native chooser is not a widget and nothing else references it, so it is kept alive by the
  /// reference `gtk_file_chooser_native_new` returns, dropped only after its response (trap: dropping
  /// it earlier closes the dialog without a response).
  @discardableResult
  public static func present(
    parent: UnsafeMutablePointer<GtkWindow>?, title: String, mode: Mode, acceptLabel: String,
    filters: [Filter] = [], initialFolder: URL? = nil, completion: @escaping (URL?) -> Void
  ) -> gpointer {
    let action: GtkFileChooserAction
    switch mode {
    case .open: action = GTK_FILE_CHOOSER_ACTION_OPEN
    case .save: action = GTK_FILE_CHOOSER_ACTION_SAVE
    case .selectFolder: action = GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
    }
    let native = make(
      parent: parent, title: title, action: action, acceptLabel: acceptLabel, filters: filters,
      initialFolder: initialFolder)
    let chooser = gtkkit_file_chooser(native.raw)
    if case .save(let suggestedName) = mode {
      gtk_file_chooser_set_current_name(chooser, suggestedName)
      SaveNameFollowsFilter.attach(toNative: native.raw, filters: filters)
    }
    Signal.connectResponse(native.raw) { response in
      var url: URL?
      if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
        url = FileURL.url(of: file)
        g_object_unref(file.raw)  // transfer full
        if case .save = mode, let chosen = url, chosen.pathExtension.isEmpty,
          let fileExtension = selectedFilter(of: chooser, among: filters)?.defaultExtension
        {
          url = chosen.appendingPathExtension(fileExtension)
        }
      }
      completion(url)
      // The emission holds its own reference, so unreffing inside the handler is safe; finalisation
      // then releases this handler's closure.
      g_object_unref(native.raw)
    }
    gtk_native_dialog_show(gtkkit_native_dialog(native.raw))
    return native.raw
  }

  /// Shows an open chooser where several files can be chosen; `completion` gets them, none when
  /// cancelled. The chooser lives until its response, as `present`'s.
  public static func presentForFiles(
    parent: UnsafeMutablePointer<GtkWindow>?, title: String, acceptLabel: String, filters: [Filter] = [],
    initialFolder: URL? = nil, completion: @escaping ([URL]) -> Void
  ) {
    let native = make(
      parent: parent, title: title, action: GTK_FILE_CHOOSER_ACTION_OPEN, acceptLabel: acceptLabel,
      filters: filters, initialFolder: initialFolder)
    let chooser = gtkkit_file_chooser(native.raw)
    gtk_file_chooser_set_select_multiple(chooser, 1)
    Signal.connectResponse(native.raw) { response in
      var urls: [URL] = []
      if response == GTK_RESPONSE_ACCEPT.rawValue, let files = gtk_file_chooser_get_files(chooser) {
        for index in 0..<g_list_model_get_n_items(files) {
          guard let file = g_list_model_get_item(files, index) else { continue }
          if let url = FileURL.url(of: OpaquePointer(file)) { urls.append(url) }
          g_object_unref(file)  // transfer full
        }
        g_object_unref(files.raw)  // transfer full
      }
      completion(urls)
      // As in `present`: the emission holds its own reference.
      g_object_unref(native.raw)
    }
    gtk_native_dialog_show(gtkkit_native_dialog(native.raw))
  }

  /// A modal native chooser with `filters`, opened in `initialFolder` when given.
  private static func make(
    parent: UnsafeMutablePointer<GtkWindow>?, title: String, action: GtkFileChooserAction,
    acceptLabel: String,
    filters: [Filter], initialFolder: URL?
  ) -> OpaquePointer {
    let native = gtk_file_chooser_native_new(title, parent, action, acceptLabel, nil)!
    let chooser = gtkkit_file_chooser(native.raw)
    for filter in filters {
      let gtkFilter = gtk_file_filter_new()!
      gtk_file_filter_set_name(gtkFilter, filter.name)
      for mimeType in filter.mimeTypes { gtk_file_filter_add_mime_type(gtkFilter, mimeType) }
      for pattern in filter.patterns { gtk_file_filter_add_pattern(gtkFilter, pattern) }
      gtk_file_chooser_add_filter(chooser, gtkFilter)  // takes ownership of the floating filter
    }
    if let initialFolder {
      let folder = g_file_new_for_path(initialFolder.path)!
      // A folder that cannot be shown is not worth an error: the chooser opens in its default place.
      gtk_file_chooser_set_current_folder(chooser, folder, nil)
      g_object_unref(folder.raw)
    }
    gtk_native_dialog_set_modal(gtkkit_native_dialog(native.raw), 1)
    return native
  }

  /// The filter selected in `chooser`, matched by position against the ones it was given.
  static func selectedFilter(of chooser: OpaquePointer?, among filters: [Filter])
    -> Filter?
  {
    guard let selected = gtk_file_chooser_get_filter(chooser),
      let list = gtk_file_chooser_get_filters(chooser)
    else { return nil }
    defer { g_object_unref(list.raw) }  // transfer full
    for index in 0..<min(Int(g_list_model_get_n_items(list)), filters.count) {
      guard let item = g_list_model_get_item(list, UInt32(index)) else { continue }
      g_object_unref(item)  // the list keeps its own reference
      if item == UnsafeMutableRawPointer(selected) { return filters[index] }
    }
    return nil
  }
}
