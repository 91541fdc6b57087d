// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing

/// The editor's Camera button: sensitive while a camera exists, opening the capture view; the photo
/// taken becomes the editor's picture at the camera's full resolution, a clip recorded its video.
final class EditorCamera {
  /// Takes a photo with a camera; nil (Camera insensitive) until a camera is available.
  private(set) var capture: (() -> Void)? { didSet { host.updateActionStates() } }
  /// The cameras the Camera button follows (see `attach`): kept, and with them the device watch,
  /// until GTK destroys the window.
  private(set) var monitor: CameraMonitor?
  private unowned let host: any EditorHost
  /// Loads the photo kept as a file, like any other picture.
  private let load: (URL) -> Void

  init(host: any EditorHost, load: @escaping (URL) -> Void) {
    self.host = host
    self.load = load
  }

  /// Makes the Camera button follow `monitor` (hot-plugging included) for the life of the window.
  func attach(_ monitor: CameraMonitor) {
    // Cameras are looked for after GStreamer has loaded in the background: the window may have
    // been closed by then, and its actions are gone with it.
    guard !host.isDestroyed else { return monitor.stop() }
    self.monitor = monitor
    Signal.connect(host.window, "destroy") { [weak self] in
      monitor.stop()
      self?.monitor = nil
    }
    monitor.onChange = { [weak self, weak monitor] in
      guard let self, let monitor else { return }
      follow(monitor)
    }
    follow(monitor)
  }

  private func follow(_ monitor: CameraMonitor) {
    // win.camera is enabled exactly while `capture` is set.
    capture =
      monitor.hasCamera
      ? { [weak self, weak monitor] in
        guard let self, let source = monitor?.preferredSource else { return }
        open(source)
      } : nil
  }

  /// Opens the capture view for `source`, modal over the editor.
  @discardableResult
  func open(_ source: CameraSource) -> CameraCaptureWindow {
    let capture = CameraCaptureWindow(parent: host.window, source: source) { [weak self] photo in
      self?.keep(photo)
    }
    // A clip is a file already (in the cache folder): it opens as a video from the Album does.
    capture.onClip = { [weak self] clip in self?.load(clip) }
    capture.present()
    return capture
  }

  /// Keeps `photo` as a file first (a meme remembers the picture it was made from, and Sent Memes
  /// stores that file), encoding off the main thread, then loads it like any other picture.
  private func keep(_ photo: RasterImage) {
    let url = CacheFolder.newFile(prefix: "camera", extension: "jpg")
    MainLoop.runInBackground(
      { () -> ImageError? in
        do throws(ImageError) {
          // Camera frames are photographs: JPEG keeps them small and encodes quickly.
          try ImageWriter.write(photo, to: url, as: .jpeg(quality: 95))
          return nil
        } catch {
          return error
        }
      },
      then: { [weak self] error in
        guard let self else { return }
        if let error {
          host.showError(
            title: localized("Could not keep the photo"), detail: ErrorSentence.from(error.reason))
        } else {
          load(url)
        }
      })
  }
}
