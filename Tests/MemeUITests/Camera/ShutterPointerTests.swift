// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// The capture view's shutter under the real pointer (XTest): a click takes a photo, a press held
/// records a clip until the button comes up, and the button's own click then takes no photo.
@Suite(.serialized) struct ShutterPointerTests {
  /// A capture view over a test picture, showing it, with the pointer over its shutter.
  private func captureView(photos: @escaping () -> Void) throws -> CameraCaptureWindow {
    try DisplayHarness.requireDisplay()
    if DisplayHarness.isWayland {
      try Test.cancel(
        Comment(rawValue: "The real pointer goes through the X server (XTest); the X11 run covers it."))
    }
    // The window's own choice of camera, as the environment names it (no device needed).
    let variable = "MEMEME_CAMERA_SOURCE"
    let saved = getenv(variable).map { String(cString: $0) }
    setenv(variable, "videotestsrc pattern=ball ! capsfilter caps=video/x-raw,width=320,height=240", 1)
    defer { if let saved { setenv(variable, saved, 1) } else { unsetenv(variable) } }
    let capture = CameraCaptureWindow(parent: nil) { _ in photos() }
    capture.clips.soundSource = nil
    capture.present()
    try #require(
      MainContext.iterate(maxIterations: 500) {
        gtk_picture_get_paintable(gtkkit_picture(capture.picture)) != nil
      })
    try RealPointer.move(over: capture.takePhotoButton, in: capture.window)
    return capture
  }

  @Test func aClickTakesAPhoto() throws {
    var photos = 0
    let capture = try captureView { photos += 1 }
    defer { capture.close() }
    try RealPointer.click()
    #expect(MainContext.iterate(maxIterations: 500) { photos > 0 })
    #expect(photos == 1)
    #expect(capture.clips.recording == nil)
  }

  @Test func aHeldPressRecordsUntilTheButtonComesUp() throws {
    var photos = 0
    var clips: [URL] = []
    let capture = try captureView { photos += 1 }
    defer { capture.close() }
    capture.onClip = { clips.append($0) }
    _ = try RealPointer.xdotool(["mousedown", "1"])
    var isDown = true
    defer { if isDown { _ = try? RealPointer.xdotool(["mouseup", "1"]) } }

    try #require(MainContext.iterate(maxIterations: 5000) { capture.clips.isRecording })
    let recording = try #require(capture.clips.recording)
    try #require(MainContext.iterate(maxIterations: 5000) { recording.elapsed >= .seconds(1) })
    _ = try RealPointer.xdotool(["mouseup", "1"])
    isDown = false

    try #require(MainContext.iterate(maxIterations: 5000) { !clips.isEmpty })
    defer { try? FileManager.default.removeItem(at: clips[0]) }
    #expect(clips == [recording.url])
    #expect(photos == 0, "the press that recorded took no photo")
    #expect(!capture.isOpen)
  }
}
