// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// Whether the machine has a camera, kept up to date while cameras are plugged in and out.
///
/// Watches GStreamer's device monitor for Video/Source devices; its bus is watched on the default
/// main context, so `onChange` runs on the application's main loop. The environment variable
/// `MEMEME_CAMERA_SOURCE` (a GStreamer source description such as `videotestsrc pattern=ball`)
/// stands in for a camera: when set, a camera is always present and that description is used.
public final class CameraMonitor {
  /// Name of the environment variable holding a GStreamer source description to use as the camera.
  public static let sourceVariable = "MEMEME_CAMERA_SOURCE"

  /// The source description from `MEMEME_CAMERA_SOURCE`, read when the monitor was created.
  public let customSourceDescription: String?

  /// Video capture devices currently present, in the order GStreamer lists them.
  public private(set) var devices: [CameraDevice] = []

  /// Called on the main loop after a camera was plugged in or removed.
  public var onChange: (() -> Void)?

  private var deviceMonitor: DeviceMonitor?

  /// Starts watching at once: `hasCamera` is accurate on return.
  public init() {
    customSourceDescription = getenv(Self.sourceVariable).map { String(cString: $0) }.flatMap {
      $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0
    }
    guard GStreamer.initialize(), let monitor = DeviceMonitor(deviceClass: "Video/Source") else { return }
    deviceMonitor = monitor
    devices = monitor.devices()
    monitor.onDevicesChanged = { [weak self] in self?.refresh() }
  }

  /// Whether a camera can be opened now (the Camera button's sensitivity).
  public var hasCamera: Bool {
    customSourceDescription != nil || !devices.isEmpty
  }

  /// What a capture session should use: the environment's description, else the first device.
  public var preferredSource: CameraSource? {
    if let customSourceDescription { return .custom(description: customSourceDescription) }
    return devices.first.map { .device($0) }
  }

  /// Stops watching for devices (also done when the monitor is released).
  public func stop() {
    deviceMonitor = nil
  }

  private func refresh() {
    guard let deviceMonitor else { return }
    devices = deviceMonitor.devices()
    onChange?()
  }
}
