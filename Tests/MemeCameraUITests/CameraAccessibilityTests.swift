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

/// The capture window's controls have names, with the camera running and without one.
@Suite(.serialized) struct CameraAccessibilityTests {
  @Test func captureWindowControlsAreNamed() throws {
    try DisplayHarness.requireDisplay()
    let capture = CameraCaptureWindow(
      parent: nil,
      source: .custom(
        description: "videotestsrc ! capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1")
    ) { _ in }
    defer { capture.close() }
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    let unnamed = AccessibilityAudit.unnamedControls(in: capture.window)
    #expect(unnamed.isEmpty, "unnamed controls:\n\(unnamed.joined(separator: "\n"))")
  }
}

/// The editor the application itself presents follows MEMEME_CAMERA_SOURCE (read when the editor
/// is made): a test source makes Camera sensitive; without it, only a real device would.
@Suite(.serialized) struct ApplicationCameraTests {
  private static var launches = 0

  private func presentEditor(cameraSource: String?) -> (MemeMeApplication, EditorWindow) {
    if let cameraSource {
      setenv(CameraMonitor.sourceVariable, cameraSource, 1)
    } else {
      unsetenv(CameraMonitor.sourceVariable)
    }
    Self.launches += 1
    let app = MemeMeApplication(
      id: "io.github.mememe.AppCameraTests.p\(ProcessInfo.processInfo.processIdentifier).n\(Self.launches)",
      sink: InMemorySentMemes(), preferences: .inMemory())
    app.application.register()
    let editor = app.presentEditor()
    MainContext.iterate { gtk_widget_get_mapped(editor.window) != 0 }
    return (app, editor)
  }

  private func close(_ editor: EditorWindow) {
    gtk_window_destroy(gtkkit_window(editor.window))
    MainContext.drain()
  }

  @Test func cameraButtonIsSensitiveWithATestSource() throws {
    try DisplayHarness.requireDisplay()
    let previous = CameraMonitor.environmentSourceDescription
    defer { restore(previous) }
    let (app, editor) = presentEditor(cameraSource: "videotestsrc pattern=ball")
    defer { close(editor) }
    withExtendedLifetime(app) {
      // The application looks for cameras once the editor has painted its first frame.
      #expect(MainContext.iterate { gtk_widget_is_sensitive(editor.bottomBar.cameraButton) != 0 })
      #expect(editor.actions.action(named: EditorAction.camera.name)?.isEnabled == true)
    }
  }

  @Test func cameraButtonIsInsensitiveWithoutACamera() throws {
    try DisplayHarness.requireDisplay()
    let hasDevice = (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.contains {
      $0.hasPrefix("video")
    }
    if hasDevice != false {
      try Test.cancel("this machine has a video device: Camera is rightly sensitive")
    }
    let previous = CameraMonitor.environmentSourceDescription
    defer { restore(previous) }
    let (app, editor) = presentEditor(cameraSource: nil)
    defer { close(editor) }
    withExtendedLifetime(app) {
      #expect(MainContext.iterate { editor.isFollowingCameras })
      #expect(gtk_widget_is_sensitive(editor.bottomBar.cameraButton) == 0)
      #expect(editor.actions.action(named: EditorAction.camera.name)?.isEnabled == false)
    }
  }

  private func restore(_ value: String?) {
    if let value {
      setenv(CameraMonitor.sourceVariable, value, 1)
    } else {
      unsetenv(CameraMonitor.sourceVariable)
    }
  }
}
