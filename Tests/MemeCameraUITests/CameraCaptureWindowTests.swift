// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import MemeCamera
import MemeCore
import Testing

@testable import MemeUI

/// The capture view under a real display (Xvfb in CI), fed by GStreamer's test source standing in
/// for a webcam.
@Suite(.serialized) struct CameraCaptureWindowTests {
  let ball = CameraSource.custom(
    description: "videotestsrc pattern=ball ! capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1"
  )

  @Test func windowIsTheCaptureView() throws {
    try DisplayHarness.requireDisplay()
    let capture = CameraCaptureWindow(parent: nil, source: ball) { _ in }
    defer { capture.close() }
    #expect(Window(wrapping: capture.window).title == "Camera")
    #expect(gtk_window_get_modal(gtkkit_window(capture.window)) != 0)
    #expect(label(of: capture.takePhotoButton) == "Take Photo")
    #expect(label(of: capture.cancelButton) == "Cancel")
    #expect(gtk_widget_has_css_class(capture.takePhotoButton, "suggested-action") != 0)
    // Nothing to take before the camera delivered a picture.
    #expect(gtk_widget_get_sensitive(capture.takePhotoButton) == 0)
  }

  @Test func previewShowsChangingFramesAndTakePhotoDeliversOne() throws {
    try DisplayHarness.requireDisplay()
    var photos: [RasterImage] = []
    let capture = CameraCaptureWindow(parent: nil, source: ball) { photos.append($0) }
    defer { capture.close() }
    capture.present()

    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    let first = try #require(shownPixels(capture))
    #expect(first.width == 320 && first.height == 240)
    #expect(gtk_widget_get_sensitive(capture.takePhotoButton) != 0)
    #expect(gtk_widget_get_visible(capture.messageLabel) == 0)
    // The ball moves: some later frame on screen differs from the first.
    let changed = MainContext.iterate(maxIterations: 500) {
      shownPixels(capture).map { $0.bytes != first.bytes } ?? false
    }
    #expect(changed)

    // Through the button, as a user would (activate emits "clicked").
    gtk_widget_activate(capture.takePhotoButton)
    try #require(MainContext.iterate(maxIterations: 200) { !photos.isEmpty })
    #expect(photos.count == 1)
    #expect(photos[0].width == 320 && photos[0].height == 240)
    #expect(photos[0].color(atX: 0, y: 0).alpha == 1)
    // The view closed itself and released the camera.
    #expect(MainContext.iterate(maxIterations: 100) { !capture.isOpen })
    #expect(capture.session?.isRunning == false)
  }

  @Test func cancelClosesWithoutPhotoAndStopsCamera() throws {
    try DisplayHarness.requireDisplay()
    var photos: [RasterImage] = []
    let capture = CameraCaptureWindow(parent: nil, source: ball) { photos.append($0) }
    capture.present()
    try #require(MainContext.iterate(maxIterations: 500) { capture.showsAFrame })
    #expect(capture.session?.isRunning == true)

    gtk_widget_activate(capture.cancelButton)
    #expect(MainContext.iterate(maxIterations: 200) { !capture.isOpen })
    #expect(capture.session?.isRunning == false)
    #expect(photos.isEmpty)
  }

  @Test func brokenSourceShowsMessage() throws {
    try DisplayHarness.requireDisplay()
    let capture = CameraCaptureWindow(parent: nil, source: .custom(description: "nosuchcamerasrc")) { _ in }
    defer { capture.close() }
    capture.present()
    MainContext.drain()
    #expect(gtk_widget_get_visible(capture.messageLabel) != 0)
    let message = String(cString: gtk_label_get_text(gtkkit_label(capture.messageLabel)))
    #expect(message.contains("plugin"))
    #expect(gtk_widget_get_sensitive(capture.takePhotoButton) == 0)
    #expect(capture.session?.isRunning == false)
  }
}

private func label(of button: UnsafeMutablePointer<GtkWidget>) -> String? {
  gtk_button_get_label(gtkkit_button(button)).map { String(cString: $0) }
}

/// The pixels of the texture the preview shows now.
private func shownPixels(_ capture: CameraCaptureWindow) -> (width: Int, height: Int, bytes: [UInt8])? {
  guard let paintable = gtk_picture_get_paintable(gtkkit_picture(capture.picture)) else { return nil }
  // The picture only ever shows textures (FrameTexture); both types import as OpaquePointer.
  let texture = paintable
  let width = Int(gdk_texture_get_width(texture))
  let height = Int(gdk_texture_get_height(texture))
  let stride = gsize(width * 4)
  var bytes = [UInt8](repeating: 0, count: width * height * 4)
  // gdk_texture_download copies the texture out as Cairo ARGB32.
  bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, stride) }
  return (width, height, bytes)
}
