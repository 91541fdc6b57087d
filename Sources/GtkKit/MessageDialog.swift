// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A message or a question over a window: libadwaita's AdwMessageDialog, with a heading, a body and
/// a button for each response. libadwaita names responses by string ids; Escape or closing the
/// window answers the close response. Any response ends the dialog: it is destroyed before the
/// answer is handed on.
public struct MessageDialog {
  /// How a response's button looks: plain, or coloured for the action the dialog suggests, or red
  /// for one that loses work.
  public enum Appearance {
    case plain, suggested, destructive

    var adwaita: AdwResponseAppearance {
      switch self {
      case .plain: ADW_RESPONSE_DEFAULT
      case .suggested: ADW_RESPONSE_SUGGESTED
      case .destructive: ADW_RESPONSE_DESTRUCTIVE
      }
    }

    init(_ appearance: AdwResponseAppearance) {
      switch appearance {
      case ADW_RESPONSE_SUGGESTED: self = .suggested
      case ADW_RESPONSE_DESTRUCTIVE: self = .destructive
      default: self = .plain
      }
    }
  }

  /// A button of a question: its label (a mnemonic, `_Quit`), the response it gives, and how it
  /// looks. Responses are values of the caller's own enum whose raw values are the ids.
  public struct Choice<Response: RawRepresentable> where Response.RawValue == String {
    public let label: String
    public let response: Response
    public let appearance: Appearance

    public init(label: String, response: Response, appearance: Appearance = .plain) {
      self.label = label
      self.response = response
      self.appearance = appearance
    }
  }

  /// The response of a message's one button, which Escape answers too.
  public static let okResponse = "ok"

  /// The dialog as a widget: its name, screenshots, presenting it again.
  public let widget: Widget

  private var dialog: UnsafeMutablePointer<AdwMessageDialog> { gtkkit_message_dialog(widget) }

  /// `widget` as a message dialog, or nil when it is another kind of widget.
  public init?(_ widget: gpointer) {
    guard gtkkit_is_message_dialog(widget) != 0 else { return nil }
    self.widget = gtkkit_widget(widget)
  }

  /// A new dialog, modal over `parent` and destroyed with it, named `name` (tests find it by that).
  /// Its window title is its heading (libadwaita sets it), which also names it for screen readers
  /// and window lists.
  /// With `built`, the dialog is that one (from a .ui file), given the same parent, heading and body.
  private init(
    built: Widget? = nil, parent: UnsafeMutablePointer<GtkWindow>?, named name: String, heading: String,
    body: String
  ) {
    if let built {
      widget = built
      gtk_window_set_transient_for(gtkkit_window(built), parent)
      adw_message_dialog_set_heading(gtkkit_message_dialog(built), heading)
      adw_message_dialog_set_body(gtkkit_message_dialog(built), body)
    } else {
      widget = adw_message_dialog_new(parent, heading, body)
    }
    widget.name = name
    Self.hideResponsesNotShown(in: widget)
  }

  // MARK: Asking

  /// Asks `heading` over `parent` with a button for each of `choices`, named `name`. Enter answers
  /// `defaultResponse`; Escape or closing the window answers `closeResponse`, which needs no button
  /// of its own. `extraChild` goes below the body (a field the question asks to fill). `answer` gets
  /// the response once the dialog is gone. With `built`, the question is that dialog, made from a
  /// .ui file, rather than a new one.
  @discardableResult
  public static func ask<Response: RawRepresentable>(
    built: Widget? = nil, parent: UnsafeMutablePointer<GtkWindow>?, named name: String, heading: String,
    body: String, extraChild: Widget? = nil, choices: [Choice<Response>], defaultResponse: Response,
    closeResponse: Response, answer: @escaping (Response) -> Void
  ) -> MessageDialog where Response.RawValue == String {
    let dialog = MessageDialog(built: built, parent: parent, named: name, heading: heading, body: body)
    if let extraChild { adw_message_dialog_set_extra_child(dialog.dialog, extraChild) }
    for choice in choices {
      dialog.addResponse(choice.response.rawValue, label: choice.label, appearance: choice.appearance)
    }
    adw_message_dialog_set_default_response(dialog.dialog, defaultResponse.rawValue)
    adw_message_dialog_set_close_response(dialog.dialog, closeResponse.rawValue)
    dialog.onResponse { answer(Response(rawValue: $0) ?? closeResponse) }
    dialog.present()
    return dialog
  }

  /// Tells `heading` (and `body`) over `parent` with an OK button, named "message-dialog". OK,
  /// Enter, Escape or closing the window dismiss it; `onDismiss` runs once it is gone.
  @discardableResult
  public static func present(
    parent: UnsafeMutablePointer<GtkWindow>?, heading: String, body: String? = nil,
    onDismiss: @escaping () -> Void = {}
  ) -> MessageDialog {
    let dialog = MessageDialog(parent: parent, named: "message-dialog", heading: heading, body: body ?? "")
    // GTK's own translation of the word, as GtkMessageDialog's OK button had: GtkKit carries no
    // translations of its own.
    let ok = String(cString: g_dgettext("gtk40", "_OK"))
    dialog.addResponse(okResponse, label: ok, appearance: .plain)
    adw_message_dialog_set_default_response(dialog.dialog, okResponse)
    adw_message_dialog_set_close_response(dialog.dialog, okResponse)
    dialog.onResponse { _ in onDismiss() }
    dialog.present()
    return dialog
  }

  private func addResponse(_ id: String, label: String, appearance: Appearance) {
    adw_message_dialog_add_response(dialog, id, label)
    adw_message_dialog_set_response_appearance(dialog, id, appearance.adwaita)
    // libadwaita makes two buttons per response (a row, and a column for narrow windows) with
    // gtk_button_new_with_mnemonic, which GTK 4.8 names after the raw label ("underscore Quit").
    Self.forEachButton(in: widget) { Accessible.nameAfterShownLabel($0) }
  }

  private static func forEachButton(in root: Widget, _ body: (Widget) -> Void) {
    if gtkkit_is_a(root, gtk_button_get_type()) != 0 { body(root) }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      forEachButton(in: current, body)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// libadwaita keeps the buttons twice, in a row and in a column, and an AdwSqueezer shows the one
  /// that fits. The other stays visible to GTK, so screen readers would read every button twice:
  /// it is hidden from them, and again whenever the squeezer switches.
  private static func hideResponsesNotShown(in dialog: Widget) {
    guard let squeezer = WidgetTree.first(in: dialog, where: { gtkkit_is_squeezer($0) != 0 }) else { return }
    let update = {
      let shown = adw_squeezer_get_visible_child(gtkkit_squeezer(squeezer))
      var child = gtk_widget_get_first_child(squeezer)
      while let current = child {
        Accessible.setHidden(current, current != shown)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    update()
    Signal.connectNotify(squeezer, property: "visible-child", update)
  }

  /// Calls `handler` with each response after destroying the dialog. A button has closed it
  /// already (libadwaita closes before it emits), Escape closes it after the response's handlers
  /// have run, and `respond` does not close it at all.
  private func onResponse(_ handler: @escaping (String) -> Void) {
    let widget = self.widget
    Signal.connectNamedResponse(widget) { response in
      Window(wrapping: widget).destroy()
      handler(response)
    }
  }

  // MARK: What it shows

  public func present() { Window(wrapping: widget).present() }

  /// The heading (also the window's title and accessible name).
  public var heading: String { adw_message_dialog_get_heading(dialog).map { String(cString: $0) } ?? "" }

  public var body: String { adw_message_dialog_get_body(dialog).map { String(cString: $0) } ?? "" }

  /// The response Enter gives, if any.
  public var defaultResponse: String? {
    adw_message_dialog_get_default_response(dialog).map { String(cString: $0) }
  }

  /// The response Escape and closing the window give.
  public var closeResponse: String {
    adw_message_dialog_get_close_response(dialog).map { String(cString: $0) } ?? ""
  }

  /// The label of `response`'s button (with its mnemonic underscore), or nil when it has none.
  public func label(ofResponse response: String) -> String? {
    guard adw_message_dialog_has_response(dialog, response) != 0 else { return nil }
    return adw_message_dialog_get_response_label(dialog, response).map { String(cString: $0) }
  }

  /// How `response`'s button looks, or nil when it has none.
  public func appearance(ofResponse response: String) -> Appearance? {
    guard adw_message_dialog_has_response(dialog, response) != 0 else { return nil }
    return Appearance(adw_message_dialog_get_response_appearance(dialog, response))
  }

  /// Gives `response` as if the user had chosen it (tests): the dialog goes, and its answer runs.
  public func respond(_ response: String) { adw_message_dialog_response(dialog, response) }
}
