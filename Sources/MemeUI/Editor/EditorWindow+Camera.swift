// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing

/// The editor's Camera button: sensitive while a camera exists, opening the capture view; the photo
/// taken becomes the editor's picture at the camera's full resolution.
extension EditorWindow {
  /// Makes the Camera button follow `monitor` (hot-plugging included) for the life of the window.
  func attachCamera(_ monitor: CameraMonitor) {
    // Cameras are looked for after GStreamer has loaded in the background: the window may have
    // been closed by then, and its actions are gone with it.
    guard !isDestroyed else { return monitor.stop() }
    cameraMonitor = monitor
    Signal.connect(window, "destroy") { [weak self] in
      monitor.stop()
      self?.cameraMonitor = nil
    }
    monitor.onChange = { [weak self, weak monitor] in
      guard let self, let monitor else { return }
      followCamera(monitor)
    }
    followCamera(monitor)
  }

  private func followCamera(_ monitor: CameraMonitor) {
    // win.camera is enabled exactly while `cameraCapture` is set.
    cameraCapture =
      monitor.hasCamera
      ? { [weak self, weak monitor] in
        guard let self, let source = monitor?.preferredSource else { return }
        openCamera(source)
      } : nil
  }

  /// Opens the capture view for `source`, modal over the editor.
  @discardableResult
  func openCamera(_ source: CameraSource) -> CameraCaptureWindow {
    let capture = CameraCaptureWindow(parent: window, source: source) { [weak self] photo in
      self?.load(photo: photo)
    }
    capture.present()
    return capture
  }

  /// Keeps `photo` as a file first (a meme remembers the picture it was made from, and Sent Memes
  /// stores that file), encoding off the main thread, then loads it like any other picture.
  func load(photo: RasterImage) {
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
          showError(title: localized("Could not keep the photo"), detail: Self.sentence(error.reason))
        } else {
          load(url)
        }
      })
  }
}
