// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// An AdwApplication (a GtkApplication that starts libadwaita, its style sheet and its style
/// manager, which follows the desktop's light, dark and high-contrast styles): one primary instance
/// per application id on the session bus. A second launch forwards its `activate` (or `open` with
/// files) to the first and exits.
public final class Application {
  /// `GtkApplication *`, owned by this object for the life of the process.
  public let pointer: UnsafeMutablePointer<GtkApplication>

  /// - Parameters:
  ///   - id: reverse-DNS application id (also the D-Bus name and the .desktop file's basename).
  ///   - programName: what `g_get_prgname` reports; accessibility tools and window managers show it
  ///     instead of the executable name.
  ///   - handlesOpen: whether files on the command line are delivered through `onOpen`.
  public init(id: String, programName: String, handlesOpen: Bool = true) {
    g_set_prgname(programName)
    let flags = handlesOpen ? G_APPLICATION_HANDLES_OPEN : G_APPLICATION_DEFAULT_FLAGS
    pointer = gtkkit_adw_application_new(id, flags)!
    gtkkit_forget_tooltips_of_removed_windows(pointer)
  }

  public var gApplication: UnsafeMutablePointer<GApplication> { gtkkit_g_application(pointer) }

  /// The application id given at creation.
  public var id: String { String(cString: g_application_get_application_id(gApplication)) }

  /// Whether it was started as a D-Bus service (`--gapplication-service`): it shows no window until
  /// asked, and quits when nothing has held it for `inactivityTimeout`.
  public var isService: Bool {
    g_application_get_flags(gApplication).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0
  }

  /// How long, in milliseconds, the application stays after its last `release()` (0: it quits at once).
  public var inactivityTimeout: UInt32 {
    get { g_application_get_inactivity_timeout(gApplication) }
    set { g_application_set_inactivity_timeout(gApplication, newValue) }
  }

  /// `app.` actions.
  public var actions: ActionMap { ActionMap(pointer) }

  /// Called in the primary instance on every plain launch (the first and each later one).
  public func onActivate(_ handler: @escaping () -> Void) {
    Signal.connect(pointer, "activate", handler)
  }

  /// Called in the primary instance when launched with files.
  public func onOpen(_ handler: @escaping ([URL]) -> Void) {
    Signal.connectOpen(pointer, handler)
  }

  /// Called once in the primary instance before the first activate/open.
  public func onStartup(_ handler: @escaping () -> Void) {
    Signal.connect(pointer, "startup", handler)
  }

  /// Binds keyboard shortcuts (`"<Control>o"`) to a detailed action name (`"win.open"`).
  public func setAccelerators(_ accelerators: [String], for actionName: String) {
    withCStringArray(accelerators) { array in
      // `const char * const *` view of the same array.
      let constArray = UnsafeRawPointer(array).assumingMemoryBound(to: UnsafePointer<CChar>?.self)
      gtk_application_set_accels_for_action(pointer, actionName, constArray)
    }
  }

  /// The shortcuts bound to `actionName`.
  public func accelerators(for actionName: String) -> [String] {
    Self.strings(takingStrv: gtk_application_get_accels_for_action(pointer, actionName))
  }

  /// The detailed names of the actions `accelerator` activates ("win.close", "app.quit").
  public func actions(forAccelerator accelerator: String) -> [String] {
    Self.strings(takingStrv: gtk_application_get_actions_for_accel(pointer, accelerator))
  }

  /// The strings of a NULL-terminated `char **` that the caller owns; frees it.
  private static func strings(takingStrv list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
    -> [String]
  {
    guard let list else { return [] }
    defer { g_strfreev(list) }
    return stringsOfCStringArray(UnsafeRawPointer(list).assumingMemoryBound(to: UnsafePointer<CChar>?.self))
  }

  /// Registers on the session bus without running the loop (tests drive the loop themselves).
  /// Returns false when registration failed.
  @discardableResult
  public func register() -> Bool {
    var error: UnsafeMutablePointer<GError>?
    let registered = g_application_register(gApplication, nil, &error) != 0
    if let error { g_error_free(error) }
    return registered
  }

  /// Whether this process is the primary instance (false when another process owns the id).
  public var isRemote: Bool { g_application_get_is_remote(gApplication) != 0 }

  /// Emits `activate` as a launch would.
  public func activate() {
    g_application_activate(gApplication)
  }

  /// Runs the main loop with the process arguments until the last window closes.
  public func run(arguments: [String]) -> Int32 {
    withCStringArray(arguments) { argv in
      g_application_run(gApplication, Int32(arguments.count), argv)
    }
  }

  public func quit() {
    g_application_quit(gApplication)
  }

  /// Keeps the application running (e.g. while the first window is being built off a file).
  public func hold() { g_application_hold(gApplication) }
  public func release() { g_application_release(gApplication) }

  /// The application's windows, most recently focused first.
  public var windows: [UnsafeMutablePointer<GtkWindow>] {
    var result: [UnsafeMutablePointer<GtkWindow>] = []
    var node = gtk_application_get_windows(pointer)
    while let current = node {
      if let data = current.pointee.data { result.append(gtkkit_window(data)) }
      node = current.pointee.next
    }
    return result
  }
}

/// The strings of a NULL-terminated `char **` (not freed: its owner frees it).
func stringsOfCStringArray(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
  guard let list else { return [] }
  var result: [String] = []
  var index = 0
  while let item = list[index] {
    result.append(String(cString: item))
    index += 1
  }
  return result
}

/// Calls `body` with a NULL-terminated `char **` copy of `strings`, valid only during the call.
nonisolated func withCStringArray<Result>(
  _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
  // strdup'd copies: Swift's temporary C strings would not outlive a nested closure chain.
  var copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
  defer { for copy in copies { free(copy) } }
  return copies.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
