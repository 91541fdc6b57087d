// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit

/// Send by E-mail for the editor and Meme Detail: hands a file to the user's mail client through
/// the Email portal where portals are in use and it is offered (a sandbox, or `GDK_DEBUG=portals`),
/// through `xdg-email` otherwise, and says in plain words what to do when that is not possible.
enum EmailComposer {
  /// Starts a new e-mail with `file` attached; `completion` gets nil once the mail client has it,
  /// or what to tell the user (and is not called when the user cancels in the portal's dialog).
  /// `parent` is the window the portal's dialog, if any, belongs to.
  static func attach(
    _ file: URL, over parent: UnsafeMutablePointer<GtkWidget>,
    completion: @escaping @Sendable @MainActor (_ failure: String?) -> Void
  ) {
    guard DesktopPortal.isInUse, DesktopPortal.offers("org.freedesktop.portal.Email") else {
      return attachWithXdgEmail(file, completion: completion)
    }
    DesktopPortal.composeEmail(attaching: file, over: parent) { outcome in
      switch outcome {
      case .done: completion(nil)
      case .cancelled: break
      case .failed(let message): completion(message ?? Self.message(forExitStatus: 4))
      }
    }
  }

  private static func attachWithXdgEmail(
    _ file: URL, completion: @escaping @Sendable @MainActor (_ failure: String?) -> Void
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-email", "--attach", file.path]
    // The mail client owns the message from here: success means it was handed over.
    process.terminationHandler = { process in
      let status = process.terminationStatus
      MainLoop.post { completion(status == 0 ? nil : message(forExitStatus: status)) }
    }
    do {
      try process.run()
    } catch {
      completion(message(forExitStatus: 127))
    }
  }

  /// What `xdg-email`'s exit status means for the user (its manual: 1 bad arguments, 2 a file is
  /// missing, 3 a required tool is missing, 4 the action failed, 5 no permission to read a file;
  /// `env` returns 127 when `xdg-email` itself is not installed).
  nonisolated static func message(forExitStatus status: Int32) -> String {
    switch status {
    case 3:
      localized("No e-mail app is set up. Install one, or save the meme and attach it yourself.")
    case 127:
      localized("E-mail needs the xdg-utils package. Install it, or save the meme and attach it yourself.")
    case 2, 5:
      localized("The meme’s file could not be read for the e-mail. Save the meme and attach it yourself.")
    default:
      localized("The e-mail app did not start. Save the meme and attach it yourself.")
    }
  }
}
