// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport

/// Show in Folder: the file manager opens the folder that holds a file, the file selected.
///
/// Outside a sandbox the app asks the file manager itself, through the freedesktop.org FileManager1
/// interface on the session bus (Nautilus, Dolphin, Nemo and others offer it, and the bus starts an
/// installed one). A sandboxed app may not talk to it; there, and when no file manager offers it,
/// the OpenURI portal's OpenDirectory does the same.
public enum ShowInFolder {
  public enum Outcome: Equatable {
    /// The file manager, or the portal, took it.
    case shown
    /// Neither could: what the file manager's call and the portal's said (nil when not tried).
    case failed(fileManager: String?, portal: String?)
  }

  /// Shows `file` in its folder; `completion` runs on the main thread once it is known.
  public static func show(_ file: URL, over window: gpointer, completion: @escaping (Outcome) -> Void) {
    if DesktopPortal.isInUse {
      return throughPortal(file, over: window, fileManagerMessage: nil, completion: completion)
    }
    let box = ClosureBox<(Bool, String?) -> Void> { shown, message in
      if shown { return completion(.shown) }
      throughPortal(file, over: window, fileManagerMessage: message, completion: completion)
    }
    gtkkit_file_manager_show_item(
      uri(of: file),
      { response, message, data in
        // Called once, maybe before the call returns (no session bus): the box's +1 is consumed.
        let box = ClosureBox<(Bool, String?) -> Void>.consume(data)
        let text = message.map { String(cString: $0) }
        MainActor.assumeIsolated { box.payload(response == 0, text) }
      }, box.retainedPointer())
  }

  private static func throughPortal(
    _ file: URL, over window: gpointer, fileManagerMessage: String?, completion: @escaping (Outcome) -> Void
  ) {
    DesktopPortal.openDirectory(containing: file, over: window) { outcome in
      switch outcome {
      // Cancelled is the user's own answer in the portal's dialog: nothing to report.
      case .done, .cancelled: completion(.shown)
      case .failed(let message): completion(.failed(fileManager: fileManagerMessage, portal: message))
      }
    }
  }

  /// The file's URI as GIO writes it, the form the FileManager1 interface takes.
  public static func uri(of file: URL) -> String {
    let gfile = g_file_new_for_path(file.path)!
    defer { g_object_unref(gfile.raw) }
    let uri = g_file_get_uri(gfile)!
    defer { g_free(uri) }  // transfer full
    return String(cString: uri)
  }
}
