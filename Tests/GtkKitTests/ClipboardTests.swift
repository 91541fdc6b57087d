// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@Suite(.serialized) struct ClipboardTests {
  /// A 2×1 PNG (red, then half-transparent blue) made by GDK itself from raw RGBA bytes.
  private func samplePNG() -> [UInt8] {
    let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 128]
    let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    let texture = gdk_memory_texture_new(2, 1, GDK_MEMORY_R8G8B8A8, bytes, 8)!
    defer { g_object_unref(texture.raw) }
    return Clipboard.pngBytes(of: texture)!
  }

  @Test func imageRoundTripsThroughTheClipboardInProcess() throws {
    try DisplayHarness.requireDisplay()
    // Without a clipboard manager, X11 clipboard content lives only in its owner: test in-process.
    let window = gtk_window_new()!
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let clipboard = Clipboard(for: window)
    let png = samplePNG()
    #expect(clipboard.setImage(encoded: png))
    #expect(clipboard.offersImage)
    var pasted: [UInt8]??
    clipboard.readImagePNG { pasted = $0 }
    #expect(MainContext.iterate { pasted != nil })
    let bytes = try #require(pasted ?? nil)
    let texture = try #require(Clipboard.texture(fromEncoded: bytes))
    defer { g_object_unref(texture.raw) }
    #expect(gdk_texture_get_width(texture) == 2)
    var pixels = [UInt8](repeating: 0, count: 8)
    // gdk_texture_download writes premultiplied native-endian ARGB (B, G, R, A on little endian).
    gdk_texture_download(texture, &pixels, 8)
    #expect(Array(pixels[0..<4]) == [0, 0, 255, 255])
    #expect(pixels[7] == 128)
  }

  @Test func undecodableBytesAreRefused() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    defer { gtk_window_destroy(gtkkit_window(window)) }
    #expect(!Clipboard(for: window).setImage(encoded: Array("not an image".utf8)))
  }

  @Test func fileValuesBecomeURLs() {
    var value = GValue()
    g_value_init(&value, gtkkit_type_file())
    let file = FileURL.file(for: URL(fileURLWithPath: "/tmp/a picture.png"))
    g_value_take_object(&value, file.raw)
    #expect(FileList.urls(in: &value) == [URL(fileURLWithPath: "/tmp/a picture.png")])
    g_value_unset(&value)
  }
}
