// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCamera
import MemeCore

/// The capture view behind the editor's Camera button: a live preview, "Take Photo", "Record" and
/// "Cancel".
///
/// A modal window transient for the editor. The camera starts when the window is presented and
/// stops (releasing the device) whenever the window goes away: Cancel, Escape, the window manager,
/// or the editor closing; a clip being recorded then is thrown away. The photo is the camera's
/// newest frame at full resolution. A clip is recorded with Record, or while the shutter is held,
/// up to 30 seconds, and goes to `onClip` once its file is complete.
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
  let recordButton: Widget
  let recordingIndicator: Widget
  let recordingTimeLabel: Widget
  /// Record and the recording's time; how clips are recorded.
  let clips: ClipRecorder
  /// The shutter's click and hold.
  let shutter: ShutterHold
  /// Receives a recorded clip's file (in the cache folder) just before the window closes.
  var onClip: ((URL) -> Void)?

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
    recordButton = tree.record.widget
    recordingIndicator = tree.recordingIndicator.widget
    recordingTimeLabel = tree.recordingTime.widget
    clips = ClipRecorder(
      button: tree.record, indicator: tree.recordingIndicator.widget, time: tree.recordingTime,
      session: session)
    shutter = ShutterHold(shutter: tree.takePhoto.widget)
    self.onPhoto = onPhoto

    configureWindow(parent: parent)
    showMessage(session == nil ? localized("No camera was found.") : localized("Starting the camera…"))
    connectSignals()
    connectSession()
    connectClips()
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
    // Keyboard activation; the pointer's click and hold go through `shutter`.
    Signal.connect(takePhotoButton, "clicked") { [weak self] in self?.takePhoto() }
    Signal.connect(cancelButton, "clicked") { [weak self] in self?.close() }
    // Strong capture on purpose: the window's handler keeps this object alive until GTK destroys
    // the window (whoever closes it), then GLib releases the closure and with it this object.
    Signal.connect(window, "destroy") {
      self.isOpen = false
      // Stopping the session throws away a clip being recorded, and its file.
      self.session?.stop()
      self.clips.forget()
    }
  }

  private func connectClips() {
    shutter.onClick = { [weak self] in self?.takePhoto() }
    shutter.onHoldBegan = { [weak self] in self?.clips.start() ?? false }
    shutter.onHoldEnded = { [weak self] in self?.clips.stop() }
    clips.onChange = { [weak self] in self?.clipStartedOrEnded() }
    clips.onClip = { [weak self] url in self?.keep(url) }
    clips.onFailure = { [weak self] error in self?.showMessage(error.message) }
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
    guard !clips.isRecording, let photo = session?.takePhoto() else { return }
    // Stop first: the photo is final and the device is released before the editor reacts.
    session?.stop()
    onPhoto(photo)
    close()
  }

  /// Hands a recorded clip to `onClip` and closes.
  private func keep(_ clip: URL) {
    guard isOpen else { return }
    session?.stop()
    onClip?(clip)
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
      clips.isAvailable = true
    }
  }

  /// While Record records, the shutter takes no photo; while the shutter is held, it stays pressable
  /// (an insensitive button would lose the press). A new clip clears the last one's message.
  private func clipStartedOrEnded() {
    guard isOpen else { return }
    takePhotoButton.isSensitive = hasShownAFrame && (!clips.isRecording || shutter.isHolding)
    if clips.isRecording { messageLabel.isVisible = false }
  }

  private func show(_ error: CameraError) {
    guard isOpen else { return }
    // The session has stopped itself; the last picture would be misleading next to the message.
    preview.setPaintable(nil)
    takePhotoButton.isSensitive = false
    // The session threw away a clip being recorded.
    clips.reset()
    clips.isAvailable = false
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
    window: Window, cancel: Button, takePhoto: Button, record: Button, preview: Picture, message: Label,
    recordingIndicator: Box, recordingTime: Label
  ) {
    try builder.objects(
      "window", "cancel", "take-photo", "record", "preview", "message", "recording-indicator",
      "recording-time")
  }
}

typealias CameraWindowTree = InterfaceTree<CameraWindowObjects>
