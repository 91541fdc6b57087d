// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// Open With… for the editor and Meme Detail: asks which application, then opens a file in it.
///
/// The file is made only once an application is chosen (a cancelled chooser costs no export), so
/// choosing and opening are two steps.
final class OpenWith {
  /// The chosen application (a `GAppInfo *` of our own, released with this object).
  private let appInfo: OpaquePointer

  private init(appInfo: OpaquePointer) { self.appInfo = appInfo }

  isolated deinit { g_object_unref(appInfo.raw) }

  /// The application's name as menus show it ("Image Viewer").
  var applicationName: String { String(cString: g_app_info_get_display_name(appInfo)) }

  /// Shows the application chooser for images in `format` over `parent`; `chosen` runs only when
  /// the user picks one.
  static func chooseApplication(
    for format: ImageFormat, parent: UnsafeMutablePointer<GtkWidget>, chosen: @escaping (OpenWith) -> Void
  ) {
    let dialog = gtkkit_app_chooser_dialog_new(gtkkit_window(parent), format.mimeType)!
    gtk_window_set_title(gtkkit_window(dialog), tr("Open Meme With"))
    gtk_widget_set_name(dialog, "open-with-dialog")
    Signal.connectResponse(dialog) { response in
      let appInfo =
        response == GTK_RESPONSE_OK.rawValue ? gtk_app_chooser_get_app_info(gtkkit_app_chooser(dialog)) : nil
      gtk_window_destroy(gtkkit_window(dialog))
      guard let appInfo else { return }  // cancelled
      chosen(OpenWith(appInfo: appInfo))
    }
    gtk_window_present(gtkkit_window(dialog))
  }

  /// Opens `file` in the chosen application; the reason when it did not start.
  func open(_ file: URL) -> Result<Void, OpenWithFailure> {
    let gfile = FileURL.file(for: file)
    let files = g_list_append(nil, gfile.raw)
    var error: UnsafeMutablePointer<GError>?
    let launched = g_app_info_launch(appInfo, files, nil, &error) != 0
    g_list_free(files)
    g_object_unref(gfile.raw)
    defer { if let error { g_error_free(error) } }
    if launched { return .success(()) }
    return .failure(
      OpenWithFailure(
        reason: error.map { String(cString: $0.pointee.message) } ?? tr("The application did not start.")))
  }

  /// The confirmation once it has opened: "Meme opened in Image Viewer".
  var confirmation: String { String(format: tr("Meme opened in %@"), applicationName) }
}

/// Why an application could not open the meme.
struct OpenWithFailure: Error {
  let reason: String
}
