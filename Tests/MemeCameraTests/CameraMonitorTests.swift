// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCamera

@Suite(.serialized) struct CameraMonitorTests {
  @Test func sourceVariableCountsAsCamera() {
    withCameraSource("videotestsrc pattern=ball") {
      let monitor = CameraMonitor()
      #expect(monitor.hasCamera)
      guard case .custom(let description) = monitor.preferredSource else {
        Issue.record("expected the variable's description as the preferred source")
        return
      }
      #expect(description == "videotestsrc pattern=ball")
    }
  }

  @Test func blankVariableIsIgnored() {
    withCameraSource("  ") {
      #expect(CameraMonitor().customSourceDescription == nil)
    }
  }

  @Test func noCameraWithoutDevicesOrVariable() throws {
    let videoNodes = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter {
      $0.hasPrefix("video")
    }
    try withCameraSource(nil) {
      let monitor = CameraMonitor()
      #expect(monitor.customSourceDescription == nil)
      if videoNodes.isEmpty {
        #expect(!monitor.hasCamera)
        #expect(monitor.preferredSource == nil)
      } else {
        // A real camera may be attached: then the monitor must agree with the device list.
        #expect(monitor.hasCamera == !monitor.devices.isEmpty)
        try #require(monitor.devices.allSatisfy { !$0.displayName.isEmpty })
      }
    }
  }
}
