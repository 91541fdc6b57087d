// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// In a save chooser, choosing another file type changes the name's extension: "cat-meme.png"
/// becomes "cat-meme.jpg" when "JPEG image" is chosen, keeping the stem the user typed, as GNOME
/// apps' save dialogs do. Without it the name would keep saying `.png`, and the file would be saved
/// in the format the name says, not the one chosen.
public enum SaveNameFollowsFilter {
  /// `name` with its extension made `newExtension`: a known one (`known`, any case) is replaced;
  /// a name with none, or with one that is not a file type's ("notes.final"), gets it added. An
  /// empty name stays empty (there is no stem to keep).
  public static func renamed(_ name: String, to newExtension: String, known: Set<String>) -> String {
    guard !name.isEmpty else { return name }
    var stem = name
    if let dot = name.lastIndex(of: "."), dot != name.startIndex,
      known.contains(name[name.index(after: dot)...].lowercased())
    {
      stem = String(name[..<dot])
    }
    return "\(stem).\(newExtension)"
  }

  /// The extensions `filters` stand for: their default extensions and every "*.ext" pattern.
  public static func knownExtensions(of filters: [FileChooser.Filter]) -> Set<String> {
    var known = Set(filters.compactMap { $0.defaultExtension?.lowercased() })
    for pattern in filters.flatMap(\.patterns) where pattern.hasPrefix("*.") {
      known.insert(String(pattern.dropFirst(2)).lowercased())
    }
    return known
  }

  /// Makes `chooser` (a `GtkFileChooser`: a dialog or widget with `filters` added in this order)
  /// rename its current name whenever its filter changes to one with a default extension.
  public static func attach(to chooser: gpointer, filters: [FileChooser.Filter]) {
    let known = knownExtensions(of: filters)
    Signal.connectNotify(chooser, property: "filter") {
      let fileChooser = gtkkit_file_chooser(chooser)
      guard let newExtension = FileChooser.selectedFilter(of: fileChooser, among: filters)?.defaultExtension,
        let current = gtk_file_chooser_get_current_name(fileChooser)
      else { return }
      let name = String(cString: current)
      g_free(current)  // transfer full
      let renamed = renamed(name, to: newExtension, known: known)
      if renamed != name { gtk_file_chooser_set_current_name(fileChooser, renamed) }
    }
  }

  /// The same for a `GtkFileChooserNative`. Outside a sandbox (no portal) GTK 4.8 shows it as a
  /// `GtkFileChooserDialog` of its own, which the user's choice of filter changes, without telling
  /// the native object (GTK keeps that dialog as the native's file-chooser delegate and, by design,
  /// forwards no signals from it). So the renaming is attached to that dialog, found where GTK keeps
  /// it (the "gtk-file-chooser-delegate" data), checked to be a file chooser first. Through a desktop
  /// portal the dialog belongs to another process, which names the file itself; then there is no
  /// such dialog and nothing is attached.
  public static func attach(toNative native: gpointer, filters: [FileChooser.Filter]) {
    guard let dialog = nativeDialog(of: native) else { return }
    attach(to: dialog, filters: filters)
  }

  /// The in-process dialog behind `native`, if GTK made one.
  public static func nativeDialog(of native: gpointer) -> gpointer? {
    guard let delegate = g_object_get_qdata(native.assumingMemoryBound(to: GObject.self), delegateQuark),
      g_type_check_instance_is_a(
        delegate.assumingMemoryBound(to: GTypeInstance.self), gtk_file_chooser_get_type())
        != 0
    else { return nil }
    return delegate
  }

  private static let delegateQuark = g_quark_from_static_string("gtk-file-chooser-delegate")
}
