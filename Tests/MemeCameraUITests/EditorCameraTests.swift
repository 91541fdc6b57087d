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

/// The editor's Camera button driven by a monitor, with a test source standing in for a webcam.
@Suite(.serialized) struct EditorCameraTests {
  /// One registered application per test process (an application id registers once); the id
  /// carries the process id so parallel runs on one session bus do not meet.
  static let application: Application = {
    let application = Application(
      id: "io.github.mememe.CameraTests.p\(ProcessInfo.processInfo.processIdentifier)", programName: "mememe")
    application.register()
    return application
  }()

  @Test func cameraButtonFollowsTheMonitor() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.makeEditor()
    defer { gtk_window_destroy(gtkkit_window(editor.window)) }

    editor.camera.attach(CameraMonitor(customSourceDescription: nil))
    let hasDevice = (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.contains {
      $0.hasPrefix("video")
    }
    if hasDevice == false {
      #expect(gtk_widget_is_sensitive(editor.bottomBar.cameraButton) == 0)
    }

    editor.camera.attach(CameraMonitor(customSourceDescription: "videotestsrc pattern=ball"))
    MainContext.drain()
    #expect(gtk_widget_is_sensitive(editor.bottomBar.cameraButton) != 0)
  }

  /// Cameras are looked for once GStreamer has loaded in the background, which can end after the
  /// window was closed: the closed window takes no monitor, and nothing touches its actions.
  @Test func aCameraFoundAfterTheWindowClosedIsLetGo() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.makeEditor()
    gtk_window_destroy(gtkkit_window(editor.window))
    MainContext.drain()

    editor.camera.attach(CameraMonitor(customSourceDescription: "videotestsrc pattern=ball"))
    MainContext.drain()
    #expect(editor.camera.monitor == nil)
    #expect(editor.camera.capture == nil)
  }

  @Test func cameraActionOpensTheCaptureView() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.makeEditor()
    defer { gtk_window_destroy(gtkkit_window(editor.window)) }
    editor.camera.attach(CameraMonitor(customSourceDescription: "videotestsrc pattern=ball"))

    editor.actions.action(named: EditorAction.camera.name)?.activate()
    MainContext.drain()
    let capture = try #require(cameraWindow(of: editor))
    #expect(gtk_window_get_transient_for(capture) == gtkkit_window(editor.window))
    #expect(gtk_window_get_modal(capture) != 0)
    gtk_window_close(capture)
    MainContext.drain()
  }

  @Test func photoBecomesTheEditorsPicture() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.makeEditor()
    defer { gtk_window_destroy(gtkkit_window(editor.window)) }
    #expect(editor.document.image == nil)

    let capture = editor.camera.open(
      .custom(
        description:
          "videotestsrc pattern=ball ! capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1"
      ))
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    gtk_widget_activate(capture.takePhotoButton)

    // Saved, then loaded like any picture: the editor shows it at the camera's resolution.
    try #require(
      MainContext.iterate(maxIterations: 1000) { editor.document.image != nil && !editor.isLoading })
    let image = try #require(editor.document.image)
    #expect(image.width == 320 && image.height == 240)
    #expect(!capture.isOpen)
    #expect(editor.lastError == nil)
  }

  static func makeEditor() -> EditorWindow {
    let editor = EditorWindow(
      application: Self.application, sink: InMemorySentMemes(), preferences: .inMemory())
    editor.present()
    MainContext.iterate { gtk_widget_get_mapped(editor.window) != 0 }
    return editor
  }

  /// The window titled "Camera" transient for the editor, if one is open.
  private func cameraWindow(of editor: EditorWindow) -> UnsafeMutablePointer<GtkWindow>? {
    var node = gtk_application_get_windows(Self.application.pointer)
    while let current = node {
      if let data = current.pointee.data {
        let window = gtkkit_window(data)
        if let title = gtk_window_get_title(window), String(cString: title) == "Camera" { return window }
      }
      node = current.pointee.next
    }
    return nil
  }
}
