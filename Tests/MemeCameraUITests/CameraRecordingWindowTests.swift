// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCamera
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Recording a clip in the capture view, from the test source, into the editor.
@Suite(.serialized) struct CameraRecordingWindowTests {
  static let ball = CameraSource.custom(
    description: "videotestsrc pattern=ball ! capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1"
  )

  @Test func recordButtonIsNamedAndTurnsIntoStop() throws {
    try DisplayHarness.requireDisplay()
    let capture = CameraCaptureWindow(parent: nil, source: Self.ball) { _ in }
    defer { capture.close() }
    capture.clips.soundSource = nil
    let record = capture.recordButton
    #expect(buttonLabel(record) == "Record")
    #expect(AccessibilityAudit.hasLabel(record, "Record"))
    // Nothing to record before the camera shows a picture.
    #expect(gtk_widget_get_sensitive(record) == 0)
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    #expect(gtk_widget_get_sensitive(record) != 0)
    #expect(!capture.showsRecordingTime)

    try pressRecord(on: capture)
    #expect(buttonLabel(record) == "Stop Recording")
    #expect(AccessibilityAudit.hasLabel(record, "Stop Recording"))
    #expect(gtk_widget_has_css_class(record, "destructive-action") != 0)
    // No photo while Record records.
    #expect(gtk_widget_get_sensitive(capture.takePhotoButton) == 0)
    #expect(capture.showsRecordingTime)
    #expect(capture.recordingTime == "0:00 / 0:30")
    // The time counts up with the camera's frames.
    #expect(MainContext.iterate(maxIterations: 5000) { capture.recordingTime == "0:01 / 0:30" })
    #expect(AccessibilityAudit.hasLabel(capture.recordingTimeLabel, "Recording: 0:01 of 0:30"))
    Screenshot.saveScreen(named: "camera-recording", width: 800, height: 700)
  }

  @Test func recordThenStopOpensTheClipInTheEditor() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorCameraTests.makeEditor()
    defer { gtk_window_destroy(gtkkit_window(editor.window)) }
    let capture = editor.camera.open(Self.ball)
    capture.clips.soundSource = nil
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })

    let recording = try pressRecord(on: capture)
    try #require(MainContext.iterate(maxIterations: 5000) { recording.elapsed >= .milliseconds(1500) })
    gtk_widget_activate(capture.recordButton)

    try #require(
      MainContext.iterate(maxIterations: 5000) {
        editor.document.image?.isVideo == true && !editor.isLoading
      })
    #expect(!capture.isOpen)
    #expect(editor.lastError == nil)
    let image = try #require(editor.document.image)
    #expect(image.url == recording.url)
    #expect(CacheFolder.contains(recording.url))
    #expect(image.video?.width == 320 && image.video?.height == 240)
    let duration = try #require(image.video?.duration)
    #expect(abs(duration - 1.5) < 0.4, "the clip lasts \(duration) s")
    #expect(editor.canvas.videoPlayback.controls.isVisible)
  }

  @Test func holdingTheShutterRecordsUntilReleased() throws {
    try DisplayHarness.requireDisplay()
    var photos = 0
    var clips: [URL] = []
    let capture = CameraCaptureWindow(parent: nil, source: Self.ball) { _ in photos += 1 }
    capture.onClip = { clips.append($0) }
    capture.clips.soundSource = nil
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })

    capture.shutter.press()
    // Not yet a hold: nothing records for the first moments.
    MainContext.iterate(maxIterations: 5) { false }
    #expect(!capture.clips.isRecording)
    try #require(MainContext.iterate(maxIterations: 5000) { capture.clips.isRecording })
    // The shutter stays pressable while held, or its release would be lost.
    #expect(gtk_widget_get_sensitive(capture.takePhotoButton) != 0)
    let recording = try #require(capture.clips.recording)
    try #require(MainContext.iterate(maxIterations: 5000) { recording.elapsed >= .seconds(1) })
    capture.shutter.release()

    try #require(MainContext.iterate(maxIterations: 5000) { !clips.isEmpty })
    defer { removeFiles(clips) }
    #expect(photos == 0, "a held shutter takes no photo")
    #expect(clips == [recording.url])
    #expect(FileManager.default.fileExists(atPath: recording.url.path))
    #expect(MainContext.iterate(maxIterations: 100) { !capture.isOpen })
    #expect(capture.session?.isRunning == false)
  }

  @Test func aShortPressOfTheShutterTakesAPhoto() throws {
    try DisplayHarness.requireDisplay()
    var photos = 0
    let capture = CameraCaptureWindow(parent: nil, source: Self.ball) { _ in photos += 1 }
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    capture.shutter.press()
    capture.shutter.release()
    #expect(photos == 1)
    #expect(capture.clips.recording == nil)
    #expect(MainContext.iterate(maxIterations: 100) { !capture.isOpen })
  }

  @Test func closingWhileRecordingThrowsTheClipAway() throws {
    try DisplayHarness.requireDisplay()
    var clips: [URL] = []
    let capture = CameraCaptureWindow(parent: nil, source: Self.ball) { _ in }
    capture.onClip = { clips.append($0) }
    capture.clips.soundSource = nil
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    let recording = try pressRecord(on: capture)
    try #require(MainContext.iterate(maxIterations: 5000) { recording.elapsed >= .milliseconds(300) })
    #expect(FileManager.default.fileExists(atPath: recording.url.path))

    gtk_widget_activate(capture.cancelButton)
    #expect(MainContext.iterate(maxIterations: 200) { !capture.isOpen })
    #expect(recording.state == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: recording.url.path))
    MainContext.iterate(maxIterations: 50) { false }
    #expect(clips.isEmpty)
  }

  @Test func aClipEndsByItselfAtTheLimit() throws {
    try DisplayHarness.requireDisplay()
    var clips: [URL] = []
    let capture = CameraCaptureWindow(parent: nil, source: Self.ball) { _ in }
    capture.onClip = { clips.append($0) }
    capture.clips.soundSource = nil
    capture.clips.limit = .seconds(1)
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    try pressRecord(on: capture)
    #expect(capture.recordingTime == "0:00 / 0:01")

    try #require(MainContext.iterate(maxIterations: 5000) { !clips.isEmpty })
    defer { removeFiles(clips) }
    #expect(capture.clips.recording == nil)
    #expect(!capture.isOpen)
  }
}

extension CameraRecordingWindowTests {
  /// /dev/full answers that the disk is full (through a link, which is all the failed clip deletes).
  @Test func aFullDiskShowsItsMessageAndTheCameraGoesOn() throws {
    try DisplayHarness.requireDisplay()
    let full = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString).mp4")
    try FileManager.default.createSymbolicLink(atPath: full.path, withDestinationPath: "/dev/full")
    defer { try? FileManager.default.removeItem(at: full) }
    var clips: [URL] = []
    let capture = CameraCaptureWindow(parent: nil, source: Self.ball) { _ in }
    defer { capture.close() }
    capture.onClip = { clips.append($0) }
    capture.clips.soundSource = nil
    capture.clips.limit = .milliseconds(500)
    capture.clips.newFile = { _ in full }
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    try pressRecord(on: capture)

    try #require(MainContext.iterate(maxIterations: 5000) { capture.shownMessage != nil })
    #expect(capture.shownMessage?.hasPrefix("The disk is full") == true, "\(capture.shownMessage ?? "")")
    #expect(clips.isEmpty)
    #expect(capture.isOpen && capture.session?.isRunning == true)
    // Ready for another try.
    #expect(!capture.clips.isRecording && !capture.showsRecordingTime)
    #expect(buttonLabel(capture.recordButton) == "Record")
    #expect(gtk_widget_get_sensitive(capture.recordButton) != 0)
    #expect(gtk_widget_get_sensitive(capture.takePhotoButton) != 0)
  }
}

/// Presses Record, as a user would, and waits for the clip it starts. Activation clicks once GTK's
/// pressed look has shown, a moment later.
@discardableResult
private func pressRecord(on capture: CameraCaptureWindow) throws -> CameraRecording {
  gtk_widget_activate(capture.recordButton)
  try #require(
    MainContext.iterate(maxIterations: 5000) { capture.clips.isRecording },
    "\(capture.shownMessage ?? "no message")")
  return try #require(capture.clips.recording)
}

private func buttonLabel(_ button: UnsafeMutablePointer<GtkWidget>) -> String? {
  gtk_button_get_label(gtkkit_button(button)).map { String(cString: $0) }
}

private func removeFiles(_ files: [URL]) {
  for file in files { try? FileManager.default.removeItem(at: file) }
}
