// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A libadwaita toast (AdwToast): a one-line message a `ToastOverlay` shows over the bottom of its
/// window, with at most one button, until it times out or is dismissed. The toast is a GObject, not
/// a widget: the overlay makes the widget that shows it. This object holds a reference of its own,
/// so a window can keep a toast it may change or dismiss later.
///
/// AdwToast's priority is left at normal (a toast waits its turn): a high-priority toast pushes the
/// shown one back, and libadwaita 1.2 aborts (`show_toast: assertion failed: (!info->widget)`) when
/// that one returns before it has faded out, e.g. when the pushing toast is dismissed within 300
/// ms. `ToastOverlay.show(_:replacingOthers:)` is the way to show a toast at once.
public final class Toast {
  private let owner: ObjectOwner

  /// A toast saying `title`, which is plain text.
  public init(_ title: String) {
    owner = ObjectOwner(taking: adw_toast_new(""))
    self.title = title
  }

  /// The toast behind `raw`, an `AdwToast *` (one found in an overlay), with a reference of its own.
  public init(retaining raw: gpointer) {
    precondition(gtkkit_is_toast(raw) != 0, "not an AdwToast")
    owner = ObjectOwner(retaining: raw)
  }

  /// The `AdwToast *`, for signals and properties.
  public var raw: gpointer { owner.raw }
  private var toast: OpaquePointer { gtkkit_toast(owner.raw) }

  /// The message, as plain text. AdwToast reads its title as Pango markup (a file name such as
  /// "Tom & Jerry.png" would not show at all), so it is escaped on the way in and read back without
  /// markup.
  public var title: String {
    get {
      let markup = adw_toast_get_title(toast).map { String(cString: $0) } ?? ""
      return Self.plainText(ofMarkup: markup)
    }
    set {
      let escaped = g_markup_escape_text(newValue, -1)!
      defer { g_free(escaped) }
      adw_toast_set_title(toast, escaped)
    }
  }

  /// The button's label; nil for no button. An underscore marks a mnemonic.
  public var buttonLabel: String? {
    get { adw_toast_get_button_label(toast).map { String(cString: $0) } }
    set { adw_toast_set_button_label(toast, newValue) }
  }

  /// The action the button activates ("win.undo"), detailed with a target if it has one; nil for none.
  public var actionName: String? {
    get { adw_toast_get_action_name(toast).map { String(cString: $0) } }
    set { adw_toast_set_detailed_action_name(toast, newValue) }
  }

  /// A widget shown instead of the title (a message with a button of its own beside the toast's
  /// button). libadwaita clears the title when it is set: its labels are what is read.
  public var customTitle: Widget? {
    get { adw_toast_get_custom_title(toast) }
    set { adw_toast_set_custom_title(toast, newValue) }
  }

  /// How long the toast stays, in whole seconds (libadwaita's unit); 0 keeps it until dismissed. The
  /// time does not run while the pointer is over the toast or the keyboard focus is in it.
  public var timeoutSeconds: UInt32 {
    get { adw_toast_get_timeout(toast) }
    set { adw_toast_set_timeout(toast, newValue) }
  }

  /// Calls `handler` when the button is clicked (before the toast goes, and after its action, if it
  /// has one). GLib keeps the handler until the toast is finalised.
  @discardableResult
  public func onButtonClicked(_ handler: @escaping () -> Void) -> SignalConnection {
    Signal.connect(owner.raw, "button-clicked", handler)
  }

  /// Calls `handler` when the toast goes: timed out, closed, its button clicked, dismissed in code,
  /// or its overlay destroyed with the window. In the last case the window's other widgets may
  /// already be gone: a handler must not touch them (see `ToastOverlay`).
  @discardableResult
  public func onDismissed(_ handler: @escaping () -> Void) -> SignalConnection {
    Signal.connect(owner.raw, "dismissed", handler)
  }

  /// Takes the toast away (or out of the queue); nothing when it is not in an overlay.
  public func dismiss() {
    adw_toast_dismiss(toast)
  }

  /// Whether `other` holds the same AdwToast (one found in an overlay is another Swift object).
  public func isSame(as other: Toast) -> Bool { raw == other.raw }

  /// A new reference for `adw_toast_overlay_add_toast`, which takes one.
  func newReference() -> OpaquePointer { OpaquePointer(owner.newReference()) }

  /// `markup` without its tags and entities; the markup itself when Pango cannot read it.
  static func plainText(ofMarkup markup: String) -> String {
    var text: UnsafeMutablePointer<CChar>?
    guard pango_parse_markup(markup, -1, 0, nil, &text, nil, nil) != 0, let text else { return markup }
    defer { g_free(text) }
    return String(cString: text)
  }
}
