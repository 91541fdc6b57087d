// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Panel memes in a real editor: New from Layout, the cells' invitations and their pictures.
@MainActor enum PanelHarness {
  /// A picture of one colour, for telling cells apart by their pixels.
  static func solid(_ color: RGBAColor, width: Int = 800, height: Int = 600, name: String) throws -> URL {
    let url = Fixtures.folder.appendingPathComponent(name)
    let image = try #require(RasterImage(width: width, height: height, hasAlpha: false))
    image.fill(with: color)
    image.markDirty()
    try ImageWriter.write(image, to: url, as: .png)
    return url
  }

  /// New from Layout's item `name` ("1x2", "2x2", "rows"...), as the menu activates it.
  static func start(_ name: String, in editor: EditorWindow) {
    editor.actions.action(named: PanelLayoutChoice.actionName)?.activate(choosing: name)
    MainContext.iterate { !editor.isLoading }
    EditorHarness.settle(editor)
  }

  /// Cell `index`'s invitation to add a picture (from 0).
  static func invitation(_ index: Int, in editor: EditorWindow) -> UnsafeMutablePointer<GtkWidget>? {
    WidgetTree.descendant(of: editor.window, named: "panel-add-picture-\(index + 1)")
  }

  /// Clicks cell `index`'s invitation, answering the Album's question with `url`, and waits until the
  /// picture is in.
  static func fillByAlbum(cell index: Int, with url: URL, in editor: EditorWindow) throws {
    editor.filePicker = { request, completion in
      guard case .openPicture = request else { return completion(nil) }
      completion(url)
    }
    let button = try #require(invitation(index, in: editor))
    gtk_widget_activate(button)
    try #require(MainContext.iterate { editor.panels.grid?.cells[index].picture == url })
    EditorHarness.settle(editor)
  }

  /// Drops the file `url` on the canvas at the middle of cell `index`, as a file manager would.
  static func drop(_ url: URL, onCell index: Int, in editor: EditorWindow) throws {
    let rect = try #require(editor.panels.canvasRect(ofCell: index))
    var value = GValue()
    g_value_init(&value, gtkkit_type_file())
    g_value_take_object(&value, FileURL.file(for: url).raw)
    defer { g_value_unset(&value) }
    #expect(editor.loading.acceptDrop(&value, at: (rect.x + rect.width / 2, rect.y + rect.height / 2)))
    try #require(MainContext.iterate { editor.panels.grid?.cells[index].picture == url })
    EditorHarness.settle(editor)
  }

  /// The colour of the shown sheet's pixel at the middle of cell `index`, as (r, g, b) bytes.
  static func sheetColor(ofCell index: Int, in editor: EditorWindow) throws -> (Int, Int, Int) {
    let sheet = try #require(editor.document.image?.full)
    let cell = try #require(editor.panels.layout?.geometry.pictureCells[index])
    return pixel(of: sheet, x: cell.x + cell.width / 2, y: cell.y + cell.height / 2)
  }

  /// The (r, g, b) bytes of `image`'s pixel (x, y).
  static func pixel(of image: RasterImage, x: Int, y: Int) -> (Int, Int, Int) {
    image.flush()
    let offset = y * image.stride + x * 4
    // Cairo's ARGB32 is B, G, R, A in memory on a little-endian machine.
    return (Int(image.pixels[offset + 2]), Int(image.pixels[offset + 1]), Int(image.pixels[offset]))
  }
}
