// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer

/// A started GstDeviceMonitor for one device class, with its bus watched on the main loop.
nonisolated final class DeviceMonitor {
  /// `GstDeviceMonitor *`, one reference owned here.
  private let monitor: UnsafeMutablePointer<GstDeviceMonitor>
  private var busWatch: BusWatch?

  /// Called on the main loop when a device of the class was added or removed.
  @MainActor var onDevicesChanged: (() -> Void)? {
    get { handler.action }
    set { handler.action = newValue }
  }

  /// Indirection so the bus watch can be installed before the owner sets its callback.
  @MainActor private final class Handler {
    var action: (() -> Void)?
  }
  private let handler: Handler

  /// Nil when the monitor cannot start (no device provider for the class can run).
  @MainActor init?(deviceClass: String) {
    monitor = gst_device_monitor_new()
    handler = Handler()
    gst_device_monitor_add_filter(monitor, deviceClass, nil)
    let bus = gst_device_monitor_get_bus(monitor)!
    defer { gst_object_unref(bus) }
    let handler = self.handler
    busWatch = BusWatch(bus: bus) { message in
      switch memecamera_message_type(message) {
      case GST_MESSAGE_DEVICE_ADDED, GST_MESSAGE_DEVICE_REMOVED: handler.action?()
      default: break
      }
    }
    guard gst_device_monitor_start(monitor) != 0 else { return nil }
  }

  deinit {
    busWatch?.remove()
    // Stopping a monitor that never started is harmless.
    gst_device_monitor_stop(monitor)
    gst_object_unref(monitor)
  }

  /// The devices present now.
  func devices() -> [CameraDevice] {
    var result: [CameraDevice] = []
    // Transfer full: a list of new references, freed below after each device took its own.
    let list = gst_device_monitor_get_devices(monitor)
    var node = list
    while let current = node {
      if let device = current.pointee.data {
        result.append(CameraDevice(retaining: device.assumingMemoryBound(to: GstDevice.self)))
      }
      node = current.pointee.next
    }
    g_list_free_full(list, { gst_object_unref($0) })
    return result
  }
}
