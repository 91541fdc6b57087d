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

  private let toplevel: Window
  var window: Widget { toplevel.widget }
  private let preview: Picture
  var picture: Widget { preview.widget }
  private let message: Label
  var messageLabel: Widget { message.widget }
  let takePhotoButton: UnsafeMutablePointer<GtkWidget>
  let cancelButton: UnsafeMutablePointer<GtkWidget>

  /// Nil when no camera could be found; the window then only shows why.
  let session: CameraSession?
  private let onPhoto: (RasterImage) -> Void
  /// Whether a preview frame was shown: the first one hides the message and allows a photo.
  private var hasShownAFrame = false
  /// False once GTK destroyed the window: its pointers must not be used any more.
  private(set) var isOpen = true

  // MARK: Building

  /// - Parameters:
  ///   - parent: the editor window the capture view is modal for.
  ///   - source: the camera to use; nil picks `MEMEME_CAMERA_SOURCE` or the first camera found.
  ///   - onPhoto: receives the photo (full resolution, opaque) just before the window closes.
  public init(
    parent: Widget?, source: CameraSource? = nil,
    onPhoto: @escaping (RasterImage) -> Void
  ) {
    // The window, its header bar and preview, from camera-window.ui.
    let tree = CameraWindowTree.build()
    toplevel = tree.window
    preview = tree.preview
    message = tree.message
    takePhotoButton = tree.takePhoto.widget
    cancelButton = tree.cancel.widget
    session = (source ?? CameraMonitor().preferredSource).map(CameraSession.init(source:))
    self.onPhoto = onPhoto

    configureWindow(parent: parent)
    showMessage(session == nil ? localized("No camera was found.") : localized("Starting the camera…"))
    connectSignals()
    connectSession()
  }

  /// Makes the window modal for `parent` (the file makes it modal, destroyed with its parent).
  private func configureWindow(parent: Widget?) {
    toplevel.setTransientParent(parent)
    // Joining the editor's application lists the view among its windows (and keeps it running).
    if let application = parent.flatMap({ Window(wrapping: $0).application }) {
      toplevel.application = application
    }
    // Escape cancels, as in any dialog; "window.close" is GtkWindow's built-in action.
    window.addShortcut(keyval: UInt32(GDK_KEY_Escape), action: "window.close")
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
    toplevel.present()
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
    toplevel.close()
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

  // A frame or an error the camera sent before it stopped can arrive after GTK destroyed the
  // window, whose widgets are freed by then: it is dropped.

  private func show(_ frame: RasterImage) {
    guard isOpen else { return }
    // The picture takes its own reference; the previous frame's texture is released.
    preview.setPaintable(FrameTexture.make(from: frame))
    if !hasShownAFrame {
      hasShownAFrame = true
      messageLabel.isVisible = false
      takePhotoButton.isSensitive = true
    }
  }

  private func show(_ error: CameraError) {
    guard isOpen else { return }
    // The session has stopped itself; the last picture would be misleading next to the message.
    preview.setPaintable(nil)
    takePhotoButton.isSensitive = false
    showMessage(error.message)
  }

  private func showMessage(_ text: String) {
    message.text = text
    messageLabel.isVisible = true
  }
}

/// The camera-window.ui file's objects.
enum CameraWindowObjects: InterfaceTreeKind {
  static let file = InterfaceFile.cameraWindow

  static func objects(in builder: Builder) throws(BuilderError) -> (
    window: Window, cancel: Button, takePhoto: Button, preview: Picture, message: Label
  ) {
    try builder.objects("window", "cancel", "take-photo", "preview", "message")
  }
}

typealias CameraWindowTree = InterfaceTree<CameraWindowObjects>
