// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCamera
import MemeCore

/// The capture view behind the editor's Camera button: a live preview, "Take Photo" and "Cancel".
///
/// A modal window transient for the editor. The camera starts when the window is presented and
/// stops (releasing the device) whenever the window goes away: Cancel, Escape, the window manager,
/// or the editor closing. The photo is the camera's newest frame at full resolution.
///
/// The window keeps this object alive until GTK destroys it, so callers need not hold on to it:
/// `CameraCaptureWindow(parent: editor, onPhoto: { ... }).present()`.
public final class CameraCaptureWindow {
  // MARK: State

  let window: UnsafeMutablePointer<GtkWindow>
  let picture: UnsafeMutablePointer<GtkWidget>
  let messageLabel: UnsafeMutablePointer<GtkWidget>
  let takePhotoButton: UnsafeMutablePointer<GtkWidget>
  let cancelButton: UnsafeMutablePointer<GtkWidget>

  /// Nil when no camera could be found; the window then only shows why.
  let session: CameraSession?
  private let onPhoto: (RasterImage) -> Void
  /// Preview frames shown so far (for tests and diagnostics).
  private(set) var framesShown = 0
  /// False once GTK destroyed the window: its pointers must not be used any more.
  private(set) var isOpen = true

  // MARK: Building

  /// - Parameters:
  ///   - parent: the editor window the capture view is modal for.
  ///   - source: the camera to use; nil picks `MEMEME_CAMERA_SOURCE` or the first camera found.
  ///   - onPhoto: receives the photo (full resolution, opaque) just before the window closes.
  public init(
    parent: UnsafeMutablePointer<GtkWindow>?, source: CameraSource? = nil,
    onPhoto: @escaping (RasterImage) -> Void
  ) {
    window = gtkkit_window(gtk_window_new())
    picture = gtk_picture_new()
    messageLabel = Widget.label()
    takePhotoButton = gtk_button_new_with_label(localized("Take Photo"))
    cancelButton = gtk_button_new_with_label(localized("Cancel"))
    session = (source ?? CameraMonitor().preferredSource).map(CameraSession.init(source:))
    self.onPhoto = onPhoto

    configureWindow(parent: parent)
    buildHeaderBar()
    buildPreview()
    connectSignals()
    connectSession()
  }

  private func configureWindow(parent: UnsafeMutablePointer<GtkWindow>?) {
    gtk_window_set_title(window, localized("Camera"))
    gtk_window_set_modal(window, 1)
    gtk_window_set_transient_for(window, parent)
    // Joining the editor's application lists the view among its windows (and keeps it running).
    if let parent, let application = gtk_window_get_application(parent) {
      gtk_window_set_application(window, application)
    }
    gtk_window_set_destroy_with_parent(window, 1)
    gtk_window_set_default_size(window, 720, 540)
    // Escape cancels, as in any dialog; "window.close" is GtkWindow's built-in action.
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      gtkkit_shortcut_controller(shortcuts.raw),
      gtk_shortcut_new(
        gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)),
        gtk_named_action_new("window.close")))
    gtkkit_widget(window).addController(shortcuts)
  }

  private func buildHeaderBar() {
    let headerBar = gtk_header_bar_new()!
    // Cancel and Take Photo are the only ways out, as in a GNOME dialog: no close button.
    gtk_header_bar_set_show_title_buttons(gtkkit_header_bar(headerBar), 0)
    headerBar.packStart(cancelButton)
    takePhotoButton.addCSSClass("suggested-action")
    // Nothing to take until the first frame arrives.
    takePhotoButton.isSensitive = false
    headerBar.packEnd(takePhotoButton)
    gtk_window_set_titlebar(window, headerBar)
  }

  private func buildPreview() {
    let overlay = Widget.overlay()
    gtk_picture_set_content_fit(gtkkit_picture(picture), GTK_CONTENT_FIT_CONTAIN)
    gtk_picture_set_can_shrink(gtkkit_picture(picture), 1)
    picture.expandsHorizontally = true
    picture.expandsVertically = true
    Accessible.setLabel(picture, localized("Camera preview"))
    overlay.setOverlayChild(picture)

    // Status and errors sit over the (empty) preview, centred.
    messageLabel.wrapsText = true
    gtk_label_set_justify(gtkkit_label(messageLabel), GTK_JUSTIFY_CENTER)
    messageLabel.setMaxWidthChars(40)
    messageLabel.horizontalAlignment = GTK_ALIGN_CENTER
    messageLabel.verticalAlignment = GTK_ALIGN_CENTER
    overlay.addOverlay(messageLabel)
    gtk_window_set_child(window, overlay)
    showMessage(session == nil ? localized("No camera was found.") : localized("Starting the camera…"))
  }

  private func connectSignals() {
    Signal.connect(takePhotoButton, "clicked") { [weak self] in self?.takePhoto() }
    Signal.connect(cancelButton, "clicked") { [weak self] in self?.close() }
    // Strong capture on purpose: the window's handler keeps this object alive until GTK destroys
    // the window (whoever closes it), then GLib releases the closure and with it this object.
    Signal.connect(window, "destroy") {
      self.isOpen = false
      self.session?.stop()
    }
  }

  private func connectSession() {
    session?.onFrame = { [weak self] frame in self?.show(frame) }
    session?.onError = { [weak self] error in self?.show(error) }
  }

  // MARK: Actions

  /// Shows the window and starts the camera.
  public func present() {
    guard isOpen else { return }
    gtk_window_present(window)
    guard let session else { return }
    do {
      try session.start()
    } catch {
      show(error)
    }
  }

  /// Closes the window without a photo; the camera stops.
  public func close() {
    guard isOpen else { return }
    gtk_window_close(window)
  }

  /// Hands the newest frame to `onPhoto` and closes.
  func takePhoto() {
    guard let photo = session?.takePhoto() else { return }
    // Stop first: the photo is final and the device is released before the editor reacts.
    session?.stop()
    onPhoto(photo)
    close()
  }

  // MARK: Camera events

  private func show(_ frame: RasterImage) {
    // The picture takes its own reference; the previous frame's texture is released.
    picture.setPaintable(FrameTexture.make(from: frame))
    framesShown += 1
    if framesShown == 1 {
      messageLabel.isVisible = false
      takePhotoButton.isSensitive = true
    }
  }

  private func show(_ error: CameraError) {
    // The session has stopped itself; the last picture would be misleading next to the message.
    gtk_picture_set_paintable(gtkkit_picture(picture), nil)
    takePhotoButton.isSensitive = false
    showMessage(error.message)
  }

  private func showMessage(_ text: String) {
    messageLabel.text = text
    messageLabel.isVisible = true
  }
}
