// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Editors with speech bubbles for the bubble tests: the menus' items (submenus included), adding a
/// bubble as Add → Speech Bubble does, Save As into a named file, and a saved pixel's alpha.
enum SpeechBubbleHarness {
  /// The labels and actions of `model`'s items, sections flattened, with each submenu's items
  /// under its label ("Add/Speech Bubble/Reaction").
  static func paths(of model: UnsafeMutablePointer<GMenuModel>, under prefix: String = "") -> [(
    path: String, action: String
  )] {
    var found: [(String, String)] = []
    for index in 0..<g_menu_model_get_n_items(model) {
      if let section = g_menu_model_get_item_link(model, index, "section") {
        found += paths(of: section, under: prefix)
        g_object_unref(section)
        continue
      }
      let label = attribute("label", of: model, at: index)
      if let submenu = g_menu_model_get_item_link(model, index, "submenu") {
        found += paths(of: submenu, under: "\(prefix)\(label)/")
        g_object_unref(submenu)
        continue
      }
      found.append(("\(prefix)\(label)", attribute("action", of: model, at: index)))
    }
    return found
  }

  private static func attribute(_ name: String, of model: UnsafeMutablePointer<GMenuModel>, at index: Int32)
    -> String
  {
    guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return "" }
    defer { g_variant_unref(value) }
    return String(cString: g_variant_get_string(value, nil))
  }

  /// Opens `slider` through the `layer.` action `name`, as its menu item does; whether it opened. On
  /// Wayland the popover stays open while the test moves its slider (no pointer grab to lose).
  static func open(_ slider: LayerSliderPopover, by name: String, _ editor: EditorWindow) -> Bool {
    if DisplayHarness.isWayland { gtk_popover_set_autohide(gtkkit_popover(slider.popover), 0) }
    StickerEditorTests.activate(name, editor)
    return MainContext.iterate { slider.popover.isMapped }
  }

  /// Activates `win.add-reaction-bubble` or `win.add-comic-bubble`, as the menus' items do.
  static func add(comic: Bool, _ editor: EditorWindow) {
    let action = comic ? EditorAction.addComicBubble : .addReactionBubble
    editor.actions.action(named: action.name)?.activate()
    EditorHarness.settle(editor)
  }

  /// Saves the meme with Save As under a name ending in `fileExtension`, returns the file's pixels
  /// and the toast that confirmed it.
  static func saveAs(_ editor: EditorWindow, sink: InMemorySentMemes, fileExtension: String) throws -> (
    RasterImage, String?
  ) {
    let output = Fixtures.folder.appendingPathComponent("bubble-\(UUID().uuidString).\(fileExtension)")
    defer { try? FileManager.default.removeItem(at: output) }
    let sent = sink.entries.count
    editor.filePicker = { request, completion in
      guard case .saveMeme = request else { return completion(nil) }
      completion(output)
    }
    // The last save's toast would hold this one back until it times out.
    editor.toasts.shownToast?.dismiss()
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    try #require(MainContext.iterate { sink.entries.count > sent }, "Save As wrote the meme")
    _ = MainContext.iterate { editor.toasts.shownToast?.title.contains(output.lastPathComponent) == true }
    return (try ImageLoader().load(contentsOf: output), editor.toasts.shownToast?.title)
  }

  /// The window's pixel (red, green, blue) that shows the picture's point at (`x`, `y`), in
  /// fractions of the picture, on the canvas now.
  static func shownPixel(atX x: Double, y: Double, _ editor: EditorWindow) throws -> [UInt8] {
    EditorHarness.settle(editor)
    let canvas = try #require(WidgetTree.bounds(of: editor.canvas.widget, in: editor.window))
    let picture = editor.canvas.pictureRect
    let pixels = try #require(Screenshot.pixels(of: editor.window))
    let (column, row) = (
      Int(canvas.x + picture.x + x * picture.width), Int(canvas.y + picture.y + y * picture.height)
    )
    let start = (row * Int(gtk_widget_get_width(editor.window)) + column) * 4
    // GdkTexture's download format is B, G, R, A in memory.
    return [pixels[start + 2], pixels[start + 1], pixels[start]]
  }

  /// The pixel at (`x`, `y`) of an ARGB32 image: alpha, red, green, blue.
  static func argb(_ image: RasterImage, _ x: Int, _ y: Int) -> (a: UInt32, r: UInt32, g: UInt32, b: UInt32) {
    let word = image.pixels.advanced(by: y * image.stride).withMemoryRebound(
      to: UInt32.self, capacity: image.width
    ) { $0[x] }
    return (word >> 24, word >> 16 & 0xFF, word >> 8 & 0xFF, word & 0xFF)
  }
}
