// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Editors for the hidden-area and effects tests, Save As into a file, and what the file's pixels
/// say about a hidden area.
enum HiddenAreaHarness {
  /// An editor showing the 1200 × 800 landscape, with the sink its shares go to and the picture.
  static func editor() -> (EditorWindow, InMemorySentMemes, URL) {
    EditorHarness.makeEditorShowingLandscape()
  }

  /// Activates `name` in the editor's `layer.` group (with `value` for a choice) and settles.
  static func activateLayerAction(_ name: String, _ editor: EditorWindow, choosing value: String? = nil) {
    StickerEditorTests.activate(name, editor, choosing: value)
  }

  /// Hide Area as a keyboard user starts it (the window's last input a key): an area in the middle.
  static func hideFromKeyboard(_ editor: EditorWindow) {
    editor.hiding.lastInputWasKeys = true
    editor.actions.action(named: EditorAction.hideArea.name)?.activate()
    EditorHarness.settle(editor)
  }

  /// Saves the meme with Save As (a PNG) and reads the file back.
  static func saveAs(_ editor: EditorWindow, sink: InMemorySentMemes) throws -> RasterImage {
    let output = Fixtures.folder.appendingPathComponent("hidden-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: output) }
    let sent = sink.entries.count
    editor.filePicker = { request, completion in
      guard case .saveMeme = request else { return completion(nil) }
      completion(output)
    }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    try #require(MainContext.iterate { sink.entries.count > sent }, "Save As wrote the meme")
    return try ImageLoader().load(contentsOf: output)
  }

  /// The pixel at (`x`, `y`) of an ARGB32 image, as one word.
  static func word(_ image: RasterImage, _ x: Int, _ y: Int) -> UInt32 {
    image.pixels.advanced(by: y * image.stride).withMemoryRebound(to: UInt32.self, capacity: image.width) {
      $0[x] | 0xFF00_0000
    }
  }

  /// The distinct colours in `rect` of `image`.
  static func colours(in rect: ImageRect, of image: RasterImage) -> Set<UInt32> {
    var found = Set<UInt32>()
    for y in Int(rect.y)..<Int(rect.maxY) {
      for x in Int(rect.x)..<Int(rect.maxX) { found.insert(word(image, x, y)) }
    }
    return found
  }

  /// How many pixels of `saved` outside `rect` (grown by `margin`) differ from `original`'s.
  static func changedOutside(_ rect: ImageRect, margin: Double = 1, saved: RasterImage, original: RasterImage)
    -> Int
  {
    var changed = 0
    for y in 0..<saved.height {
      for x in 0..<saved.width {
        let (px, py) = (Double(x), Double(y))
        let inside =
          px >= rect.x - margin && px < rect.maxX + margin && py >= rect.y - margin && py < rect.maxY + margin
        if !inside, word(saved, x, y) != word(original, x, y) { changed += 1 }
      }
    }
    return changed
  }

  /// Checks that `saved` hides `area` of the 1200 × 800 `picture` as Pixelate does: every block of
  /// the area's grid is one colour, the area holds no more colours than blocks, and nothing outside
  /// it changed.
  static func expectPixelated(
    _ area: HiddenArea, in saved: RasterImage, of picture: URL,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let original = try ImageLoader().load(contentsOf: picture)
    let rect = area.pixelRect(pictureWidth: saved.width, pictureHeight: saved.height)
    let side = area.blockSide(forHeight: rect.height)
    // The first block, whole, inside the area.
    let block = ImageRect(
      x: rect.x, y: rect.y, width: min(side, rect.width).rounded(.down),
      height: min(side, rect.height).rounded(.down))
    #expect(colours(in: block, of: saved).count == 1, "a block is one colour", sourceLocation: sourceLocation)
    let blocks = ((rect.width / side).rounded(.up) + 1) * ((rect.height / side).rounded(.up) + 1)
    let inside = colours(in: rect, of: saved).count
    #expect(
      inside <= Int(blocks), "\(inside) colours in \(Int(blocks)) blocks", sourceLocation: sourceLocation)
    #expect(
      colours(in: rect, of: original).count > Int(blocks) * 4, "the photo had far more there",
      sourceLocation: sourceLocation)
    #expect(
      changedOutside(rect, saved: saved, original: original) == 0, "outside the area the photo is as it was",
      sourceLocation: sourceLocation)
  }
}
