// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwToastOverlay: a window's content with `Toast`s shown over its bottom edge, one
/// at a time, the others waiting their turn. Escape dismisses the shown toast while the focus is
/// in the content, and Tab reaches its buttons after the content's controls.
///
/// libadwaita 1.2 leaves a toast's close button without a name (an icon, no tooltip), and GTK 4.8
/// names a labelled button twice over; screen readers would find an unnamed button in every toast.
/// This overlay names both buttons of each toast it shows.
///
/// When its window is destroyed the overlay dismisses the toasts it still has, after it has let go
/// of its child: a toast's `onDismissed` handler then runs while the window's other widgets are
/// already gone.
public final class ToastOverlay {
  /// The AdwToastOverlay: it goes where the content would go, with the content as its `child`.
  public let widget: Widget
  /// The close button's name ("Dismiss", in the user's language).
  private let dismissLabel: String
  /// The toasts given to `show` that have not gone yet (their AdwToast addresses).
  private var toasts: [gpointer] = []
  private var isDestroyed = false

  /// A new overlay, floating until it is put into a window. `dismissLabel` names every toast's
  /// close button.
  public init(dismissLabel: String) {
    widget = adw_toast_overlay_new()
    self.dismissLabel = dismissLabel
    Signal.connect(widget, "destroy") { [weak self] in self?.isDestroyed = true }
  }

  /// The content the toasts are shown over.
  public var child: Widget? {
    get { adw_toast_overlay_get_child(gtkkit_toast_overlay(widget)) }
    set { adw_toast_overlay_set_child(gtkkit_toast_overlay(widget), newValue) }
  }

  /// Shows `toast`, or queues it behind the toast shown now. Shown again while it is on screen, a
  /// toast's time starts over; one still waiting moves to the front. With `replacingOthers`, every
  /// other toast, shown or waiting, is dismissed first, so this one shows at once (Undo must be
  /// offered now or never).
  public func show(_ toast: Toast, replacingOthers: Bool = false) {
    guard !isDestroyed else { return }
    if replacingOthers {
      // The waiting ones first: dismissing the shown toast brings on the next in the queue.
      for other in toasts.reversed() where other != toast.raw {
        adw_toast_dismiss(gtkkit_toast(other))
      }
    }
    adw_toast_overlay_add_toast(gtkkit_toast_overlay(widget), toast.newReference())
    if !toasts.contains(toast.raw) {
      toasts.append(toast.raw)
      // Connected after the overlay's own handler, which shows the next toast in the queue: this
      // one then names that toast's buttons.
      Signal.connectOnce(toast.raw, "dismissed") { [weak self, raw = toast.raw] in
        guard let self else { return }
        toasts.removeAll { $0 == raw }
        nameToastButtons()
      }
    }
    nameToastButtons()
  }

  /// The toast on screen: not one waiting in the queue, nor one fading out after it went.
  public var shownToast: Toast? {
    guard let shown = shownToastWidget, let raw = gtkkit_object_get_object(shown, "toast") else { return nil }
    defer { g_object_unref(raw) }  // the getter's reference; the Toast takes its own
    return Toast(retaining: raw)
  }

  /// The shown toast's button, nil when it has none (or no toast is shown).
  public var shownToastButton: Widget? {
    guard let shown = shownToastWidget else { return nil }
    return Self.buttons(of: shown).first { !Self.isCloseButton($0) && $0.isVisible }
  }

  /// The shown toast's close button.
  public var shownToastCloseButton: Widget? {
    shownToastWidget.flatMap { Self.buttons(of: $0).first(where: Self.isCloseButton) }
  }

  // MARK: - The widgets libadwaita makes for toasts

  /// The widget showing the shown toast. A toast that went stays a while as it fades out, no
  /// longer a target for the pointer (libadwaita's own mark for it).
  private var shownToastWidget: Widget? {
    toastWidgets.last { gtk_widget_get_can_target($0) != 0 }
  }

  /// The toast widgets (CSS name "toast") among the overlay's children, in the order shown.
  private var toastWidgets: [Widget] {
    Self.children(of: widget).filter { String(cString: gtk_widget_get_css_name($0)) == "toast" }
  }

  /// Names the close button (`dismissLabel`) and the button (its label as shown) of each toast
  /// widget, made when a toast is shown.
  private func nameToastButtons() {
    guard !isDestroyed else { return }
    for toastWidget in toastWidgets {
      for button in Self.buttons(of: toastWidget) {
        if Self.isCloseButton(button) {
          Accessible.setLabel(button, dismissLabel)
          button.tooltip = dismissLabel
        } else {
          Accessible.nameAfterShownLabel(button)
        }
      }
    }
  }

  /// libadwaita 1.2's toast widget holds its title, its button and a round, flat close button.
  private static func isCloseButton(_ button: Widget) -> Bool {
    gtk_widget_has_css_class(button, "circular") != 0
  }

  private static func buttons(of toastWidget: Widget) -> [Widget] {
    children(of: toastWidget).filter { gtkkit_is_a($0, gtk_button_get_type()) != 0 }
  }

  private static func children(of parent: Widget) -> [Widget] {
    var children: [Widget] = []
    var child = gtk_widget_get_first_child(parent)
    while let current = child {
      children.append(current)
      child = gtk_widget_get_next_sibling(current)
    }
    return children
  }
}
