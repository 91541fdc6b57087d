// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// A video capture device found by `CameraMonitor` (a GstDevice of class Video/Source).
///
/// `@unchecked Sendable`: a GstDevice is immutable after discovery and its reference count is atomic.
nonisolated public final class CameraDevice: @unchecked Sendable {
  /// `GstDevice *`, one reference owned by this object.
  let device: UnsafeMutablePointer<GstDevice>

  /// The name the system gives the camera ("Integrated Camera").
  public let displayName: String

  /// Takes one new reference to `device`.
  init(retaining device: UnsafeMutablePointer<GstDevice>) {
    self.device = device
    gst_object_ref(device)
    let name = gst_device_get_display_name(device)
    // Transfer full: the string is ours to free.
    defer { g_free(name) }
    displayName = name.map { String(cString: $0) } ?? localized("Camera")
  }

  deinit {
    gst_object_unref(device)
  }

  /// A new source element for this camera (floating), or nil when the provider cannot make one.
  func makeElement() -> UnsafeMutablePointer<GstElement>? {
    gst_device_create_element(device, nil)
  }
}

/// Where a capture session takes its pictures from.
nonisolated public enum CameraSource: Sendable {
  /// A GStreamer source description such as `videotestsrc pattern=ball` (from `MEMEME_CAMERA_SOURCE`).
  case custom(description: String)
  /// A camera found by the device monitor.
  case device(CameraDevice)

  /// What to call the source in the UI.
  public var displayName: String {
    switch self {
    case .custom(let description): description
    case .device(let device): device.displayName
    }
  }
}
