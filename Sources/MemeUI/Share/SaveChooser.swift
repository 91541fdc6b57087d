// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// Save As… for the editor and Meme Detail: the chooser (PNG or JPEG, opened in the folder memes
/// were last saved to, else Pictures), the file and format a chosen name means, and the confirmation.
enum SaveChooser {
  /// Shows the native save chooser over `parent`; `completion` gets the chosen file or nil.
  static func present(
    parent: UnsafeMutablePointer<GtkWidget>, suggestedName: String, preferences: Preferences,
    completion: @escaping (URL?) -> Void
  ) {
    FileChooser.present(
      parent: gtkkit_window(parent), title: localized("Save Meme"), mode: .save(suggestedName: suggestedName),
      acceptLabel: localized("_Save"),
      filters: [
        FileChooser.Filter(
          name: localized("PNG image"), mimeTypes: ["image/png"], patterns: ["*.png"], defaultExtension: "png"
        ),
        FileChooser.Filter(
          name: localized("JPEG image"), mimeTypes: ["image/jpeg"], patterns: ["*.jpg", "*.jpeg"],
          defaultExtension: "jpg"),
      ], initialFolder: preferences.saveFolder, completion: completion)
  }

  /// Where a chosen name saves and in which format: PNG unless the name asks for JPEG; a name
  /// without a known extension gets `.png`.
  nonisolated static func destination(for chosen: URL) -> (url: URL, format: ImageFormat) {
    guard let format = ImageFormat(fileExtension: chosen.pathExtension) else {
      return (chosen.appendingPathExtension("png"), .png)
    }
    return (chosen, format)
  }

  /// "Saved to Pictures/cat-meme.png": the folder and file as a file manager shows their names.
  static func confirmation(savedTo url: URL) -> String {
    let folder = url.deletingLastPathComponent()
    let shown = "\(displayName(of: folder))/\(displayName(of: url))"
    return String(format: localized("Saved to %@"), shown)
  }

  /// The name of a file or folder in the user's file-name encoding, "/" for the root.
  private static func displayName(of url: URL) -> String {
    guard let name = g_filename_display_basename(url.path) else { return url.lastPathComponent }
    defer { g_free(name) }
    return String(cString: name)
  }
}
