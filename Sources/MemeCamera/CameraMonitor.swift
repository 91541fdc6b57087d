// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import Foundation
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

  /// The source description standing in for a camera (from `MEMEME_CAMERA_SOURCE` by default).
  public let customSourceDescription: String?

  /// Video capture devices currently present, in the order GStreamer lists them.
  public private(set) var devices: [CameraDevice] = []

  /// Called on the main loop after a camera was plugged in or removed.
  public var onChange: (() -> Void)?

  private var deviceMonitor: DeviceMonitor?

  /// Starts watching at once (`hasCamera` is accurate on return), with `MEMEME_CAMERA_SOURCE` as
  /// read now.
  public convenience init() {
    self.init(customSourceDescription: Self.environmentSourceDescription)
  }

  /// Starts watching at once, with `customSourceDescription` standing in for a camera when not nil.
  public init(customSourceDescription: String?) {
    self.customSourceDescription = customSourceDescription
    guard GStreamer.initialize(), let monitor = DeviceMonitor(deviceClass: "Video/Source") else { return }
    deviceMonitor = monitor
    devices = monitor.devices()
    monitor.onDevicesChanged = { [weak self] in self?.refresh() }
  }

  /// Loads and initialises GStreamer (its libraries and its plugin registry: tens of milliseconds,
  /// more with a cold disk cache) without watching anything yet. Callable from any thread, so the app
  /// can do it away from the main loop; a monitor made afterwards starts at once. False when
  /// GStreamer cannot start (a monitor then sees no camera but `MEMEME_CAMERA_SOURCE`).
  nonisolated public static func loadGStreamer() -> Bool {
    GStreamer.initialize()
  }

  /// `MEMEME_CAMERA_SOURCE`, or nil when unset or blank.
  public static var environmentSourceDescription: String? {
    guard let value = getenv(sourceVariable).map({ String(cString: $0) }),
      !value.trimmingCharacters(in: .whitespaces).isEmpty
    else { return nil }
    return value
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
