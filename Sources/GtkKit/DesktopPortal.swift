// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// The desktop portals (xdg-desktop-portal) for what a sandboxed app cannot do itself: open a file
/// in an app the user picks or show its folder (OpenURI), and start an e-mail with an attachment
/// (Email). The calls are C glue in the shim (`gtkkit_portal_call`); this is their Swift face.
public enum DesktopPortal {
  /// Whether the app goes through portals: GTK 4.8's own rule for its file choosers (in a Flatpak
  /// sandbox, or with `GDK_DEBUG=portals`), so that every dialog takes the same way.
  public static var isInUse: Bool {
    if FileManager.default.fileExists(atPath: "/.flatpak-info") { return true }
    guard let flags = ProcessInfo.processInfo.environment["GDK_DEBUG"] else { return false }
    return flags.split(whereSeparator: { ":, ;".contains($0) }).contains { $0 == "portals" || $0 == "all" }
  }

  /// How a portal request ended.
  public enum Outcome: Equatable {
    case done
    case cancelled
    /// The portal failed, or could not be called (`message` says why).
    case failed(message: String?)
  }

  /// Whether the portal offers `interface` (e.g. "org.freedesktop.portal.Email"). Waits at most a
  /// second: the bus may first have to start the portal.
  public static func offers(_ interface: String) -> Bool {
    gtkkit_portal_has_interface(interface, 1000) != 0
  }

  /// Opens `file` with an app the user chooses in the portal's dialog (OpenURI.OpenFile with
  /// "ask"): Open With in a sandbox.
  public static func openFile(
    _ file: URL, over window: gpointer, completion: @escaping (Outcome) -> Void
  ) {
    call(
      "org.freedesktop.portal.OpenURI", "OpenFile", file: file, fileOption: nil, flag: "ask", over: window,
      completion: completion)
  }

  /// Opens the folder holding `file` in the file manager, the file selected where it can be
  /// (OpenURI.OpenDirectory, version 3 of the interface).
  public static func openDirectory(
    containing file: URL, over window: gpointer, completion: @escaping (Outcome) -> Void
  ) {
    call(
      "org.freedesktop.portal.OpenURI", "OpenDirectory", file: file, fileOption: nil, flag: nil, over: window,
      completion: completion)
  }

  /// Starts an e-mail with `attachment` in the user's mail client (Email.ComposeEmail).
  public static func composeEmail(
    attaching attachment: URL, over window: gpointer, completion: @escaping (Outcome) -> Void
  ) {
    call(
      "org.freedesktop.portal.Email", "ComposeEmail", file: attachment, fileOption: "attachment_fds",
      flag: nil, over: window, completion: completion)
  }

  private static func call(
    _ interface: String, _ method: String, file: URL, fileOption: String?, flag: String?,
    over window: gpointer,
    completion: @escaping (Outcome) -> Void
  ) {
    // The portal reads the file through a descriptor: a sandboxed app has no path it could see.
    let fd = open(file.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      return completion(.failed(message: String(cString: strerror(errno))))
    }
    WindowHandle.export(window) { handle in
      // The shim duplicates the descriptor into the message; the box closes ours when released.
      let box = Unmanaged.passRetained(PortalCompletion(fd: fd, completion: completion)).toOpaque()
      gtkkit_portal_call(
        interface, method, handle, fd, fileOption, flag,
        { response, message, data in
          let box = Unmanaged<PortalCompletion>.fromOpaque(data!).takeRetainedValue()
          let text = message.map { String(cString: $0) }
          MainActor.assumeIsolated {
            switch response {
            case 0: box.completion(.done)
            case 1: box.completion(.cancelled)
            default: box.completion(.failed(message: text))
            }
          }
        }, box)
    }
  }
}

/// A portal call's completion, with the descriptor it sent (closed when the call is over).
private final class PortalCompletion {
  let fd: Int32
  let completion: (DesktopPortal.Outcome) -> Void
  init(fd: Int32, completion: @escaping (DesktopPortal.Outcome) -> Void) {
    self.fd = fd
    self.completion = completion
  }
  deinit { close(fd) }
}

/// The handle by which a portal puts its dialog over one of our windows: "x11:XID" on X11,
/// "wayland:HANDLE" (exported through xdg-foreign) on Wayland, "" when neither can be had.
public enum WindowHandle {
  public static func export(_ window: gpointer, then body: @escaping (String) -> Void) {
    guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return body("") }
    if gtkkit_surface_is_x11(surface) != 0 {
      return body("x11:" + String(gdk_x11_surface_get_xid(surface), radix: 16))
    }
    guard gtkkit_surface_is_wayland_toplevel(surface) != 0 else { return body("") }
    let box = Unmanaged.passRetained(HandleBody(body)).toOpaque()
    let exporting = gdk_wayland_toplevel_export_handle(
      surface,
      { _, handle, data in
        let box = Unmanaged<HandleBody>.fromOpaque(data!).takeUnretainedValue()
        let text = handle.map { "wayland:" + String(cString: $0) } ?? ""
        MainActor.assumeIsolated { box.run(text) }
      }, box, { data in Unmanaged<HandleBody>.fromOpaque(data!).release() })
    // The compositor may not offer xdg-foreign (weston does not): no parent then.
    if exporting == 0 {
      Unmanaged<HandleBody>.fromOpaque(box).release()
      body("")
    }
  }
}

/// Runs its body once (the export callback may come again when the handle is re-exported).
private final class HandleBody {
  private var body: ((String) -> Void)?
  init(_ body: @escaping (String) -> Void) { self.body = body }
  func run(_ handle: String) {
    body?(handle)
    body = nil
  }
}
