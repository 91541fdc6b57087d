// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore

/// Open With… for the editor and Meme Detail: asks which application, then opens a file in it.
///
/// The file is made only once an application is chosen (a cancelled chooser costs no export), so
/// choosing and opening are two steps. Where portals are in use (a sandbox, or `GDK_DEBUG=portals`)
/// the app cannot list other applications: the OpenURI portal asks instead, once the file exists.
final class OpenWith: MemeOpener {
  /// The chosen application (a `GAppInfo *` of our own, released with this object), or nil when
  /// the portal chooses.
  private let appInfo: ObjectOwner?
  /// The window the portal's dialog belongs to.
  private let parent: UnsafeMutablePointer<GtkWidget>

  private init(appInfo: OpaquePointer?, parent: UnsafeMutablePointer<GtkWidget>) {
    self.appInfo = appInfo.map { ObjectOwner(taking: $0) }
    self.parent = parent
  }

  /// The application's name as menus show it ("Image Viewer"); nil when the portal chose it.
  var applicationName: String? { appInfo.map { String(cString: g_app_info_get_display_name($0.opaque)) } }

  /// Shows the application chooser for files of `mimeType` over `parent`; `chosen` runs only when
  /// the user picks one (at once when the portal is to ask).
  static func chooseApplication(
    for mimeType: String, parent: UnsafeMutablePointer<GtkWidget>, chosen: @escaping (OpenWith) -> Void
  ) {
    if DesktopPortal.isInUse { return chosen(OpenWith(appInfo: nil, parent: parent)) }
    let chooser = gtkkit_app_chooser_dialog_new(gtkkit_window(parent), mimeType)!
    let dialog = Window(wrapping: chooser)
    dialog.title = localized("Open Meme With")
    chooser.name = "open-with-dialog"
    Signal.connectResponse(chooser) { response in
      let appInfo =
        response == GTK_RESPONSE_OK.rawValue ? gtk_app_chooser_get_app_info(gtkkit_app_chooser(chooser)) : nil
      dialog.destroy()
      guard let appInfo else { return }  // cancelled
      chosen(OpenWith(appInfo: appInfo, parent: parent))
    }
    dialog.present()
  }

  /// Opens `file` in the chosen application, or in the one the user picks in the OpenURI portal's
  /// dialog; `completion` gets the reason when it did not start, and is not called when the user
  /// closes the portal's dialog without a choice.
  func open(_ file: URL, completion: @escaping (Result<Void, OpenWithFailure>) -> Void) {
    guard let appInfo else {
      DesktopPortal.openFile(file, over: parent) { outcome in
        switch outcome {
        case .done: completion(.success(()))
        case .cancelled: break
        case .failed(let message):
          completion(
            .failure(OpenWithFailure(reason: message ?? localized("The application did not start."))))
        }
      }
      return
    }
    completion(Self.open(file, in: appInfo.opaque))
  }

  private static func open(_ file: URL, in appInfo: OpaquePointer) -> Result<Void, OpenWithFailure> {
    let gfile = ObjectOwner(taking: FileURL.file(for: file))
    let files = g_list_append(nil, gfile.raw)
    var error: UnsafeMutablePointer<GError>?
    let launched = withExtendedLifetime(gfile) { g_app_info_launch(appInfo, files, nil, &error) != 0 }
    g_list_free(files)
    defer { if let error { g_error_free(error) } }
    if launched { return .success(()) }
    return .failure(
      OpenWithFailure(
        reason: error.map { String(cString: $0.pointee.message) }
          ?? localized("The application did not start.")))
  }

  /// The confirmation once it has opened: "Meme opened in Image Viewer" ("Meme opened" when the
  /// portal chose, which does not say what).
  var confirmation: String {
    applicationName.map { String(format: localized("Meme opened in %@"), $0) } ?? localized("Meme opened")
  }
}

/// Open With's hand-over: the application chosen for the exported meme, which opens it.
/// `OpenWith` is the app's; the export memory benchmark substitutes one that opens nothing, so it
/// measures the editor's own Open With flow without starting another program.
package protocol MemeOpener: AnyObject {
  /// Opens `file`; `completion` gets the reason when it did not start, and is not called when the
  /// user gave up the choice.
  func open(_ file: URL, completion: @escaping (Result<Void, OpenWithFailure>) -> Void)
  /// What the editor tells the user once the meme has been opened.
  var confirmation: String { get }
}

/// Why an application could not open the meme.
package struct OpenWithFailure: Error {
  package let reason: String
}
