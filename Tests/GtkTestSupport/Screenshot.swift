// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// Renders a realised window to a PNG with its own renderer (what the window shows, without
/// depending on a window manager or on the X server's screen size).
public enum Screenshot {
  @discardableResult
  public static func save(_ window: gpointer, named name: String) -> URL? {
    guard let texture = texture(of: gtkkit_widget(window)) else { return nil }
    defer { g_object_unref(texture.raw) }
    let url = DisplayHarness.outputDirectory.appendingPathComponent("\(name).png")
    // A name may put the shot in a folder of its set ("screenshots/editor-dark").
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    return gdk_texture_save_to_png(texture, url.path) != 0 ? url : nil
  }

  /// The whole X screen, popovers and dialogs included (ImageMagick's `import -window root`), cropped
  /// to `width`×`height` from the top left corner, where windows open without a window manager.
  @discardableResult
  public static func saveScreen(named name: String, width: Int = 1000, height: Int = 800) -> URL? {
    let url = DisplayHarness.outputDirectory.appendingPathComponent("\(name).png")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", url.path]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? url : nil
  }

  /// `widget` (realised, inside a window) as its window's renderer draws it, or `nil` when it has
  /// no size yet. The caller owns the texture.
  public static func texture(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    guard width > 0, height > 0, let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget)) else {
      return nil
    }
    let paintable = gtk_widget_paintable_new(widget)!
    defer { g_object_unref(paintable.raw) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
    defer { gsk_render_node_unref(node) }
    return gsk_renderer_render_texture(renderer, node, nil)
  }

  /// `window`'s pixels as its renderer draws them (GdkTexture's download format), or `nil` when it
  /// has no size yet.
  public static func pixels(of window: UnsafeMutablePointer<GtkWidget>) -> [UInt8]? {
    guard let texture = texture(of: window) else { return nil }
    defer { g_object_unref(texture.raw) }
    let width = Int(gdk_texture_get_width(texture))
    let height = Int(gdk_texture_get_height(texture))
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
    return bytes
  }
}
