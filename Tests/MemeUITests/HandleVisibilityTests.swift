// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// The handles the canvas draws over the picture (a text box's frame and handles, the crop's frame
/// and corners) stand out from it, whatever the picture's colour and the app's style: around each
/// handle some pixel differs from the picture by a contrast ratio of at least 3:1 (WCAG's figure for
/// graphical objects), read from the pixels as drawn.
@Suite(.serialized) struct HandleVisibilityTests {
  static let photos: [(name: String, color: RGBAColor)] = [
    ("black", RGBAColor(red: 0, green: 0, blue: 0)),
    ("white", RGBAColor(red: 1, green: 1, blue: 1)),
    ("mid-grey", RGBAColor(red: 0.5, green: 0.5, blue: 0.5)),
    ("night-blue", RGBAColor(red: 0.1, green: 0.2, blue: 0.45)),
    ("sky-blue", RGBAColor(red: 0.45, green: 0.65, blue: 0.95)),
  ]

  /// A 1200 × 800 picture of one colour.
  static func solidPicture(_ name: String, _ color: RGBAColor) throws -> URL {
    let image = try #require(RasterImage(width: 1200, height: 800, hasAlpha: false))
    let context = cairo_create(image.surface)!
    cairo_set_source_rgb(context, color.red, color.green, color.blue)
    cairo_paint(context)
    cairo_destroy(context)
    image.markDirty()
    let url = ScratchFolder.path("handles-\(name).png")
    try ImageWriter.write(image, to: url, as: .png)
    return url
  }

  /// WCAG's relative luminance and contrast ratio.
  static func luminance(_ color: RGBAColor) -> Double {
    func linear(_ value: Double) -> Double {
      value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  static func contrast(_ a: RGBAColor, _ b: RGBAColor) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  /// The best contrast with `color` among the pixels within `reach` of (`x`, `y`) that lie on the
  /// picture (`picture`): the letterbox around it does not count.
  static func bestContrast(
    in image: RasterImage, aroundX x: Double, y: Double, reach: Int, with color: RGBAColor,
    on picture: ImageRect
  ) -> Double {
    var best = 1.0
    let left = max(0, Int(x) - reach, Int(picture.x.rounded(.up)))
    let right = min(image.width - 1, Int(x) + reach, Int(picture.maxX.rounded(.down)) - 1)
    let top = max(0, Int(y) - reach, Int(picture.y.rounded(.up)))
    let bottom = min(image.height - 1, Int(y) + reach, Int(picture.maxY.rounded(.down)) - 1)
    guard left <= right, top <= bottom else { return best }
    for py in top...bottom {
      for px in left...right { best = max(best, contrast(image.color(atX: px, y: py), color)) }
    }
    return best
  }

  /// Runs `body` in the `style` on an editor showing each of `photos` in turn.
  static func onEveryPhoto(
    in style: StyleManager.Scheme, _ body: (EditorWindow, (name: String, color: RGBAColor)) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    StyleManager.scheme = style
    defer { StyleManager.scheme = .followSystem }
    for photo in photos {
      let editor = EditorHarness.makeEditor()
      defer { EditorHarness.close(editor) }
      EditorHarness.load(try solidPicture(photo.name, photo.color), into: editor)
      try body(editor, photo)
    }
  }

  @Test(arguments: [StyleManager.Scheme.light, .dark])
  func textBoxHandlesStandOutOnEveryPicture(style: StyleManager.Scheme) throws {
    try Self.onEveryPhoto(in: style) { editor, photo in
      editor.document.addBox(TextBoxEditorHarness.box)
      editor.document.selectLayer(at: 0)
      EditorHarness.settle(editor)
      let image = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.widget))
      let shown = try TextBoxEditorHarness.shown(0, in: editor)
      let picture = editor.canvas.pictureRect
      // A handle's square or knob and its rim reach about 7 px from its centre.
      var places = (BoxHandle.resizeHandles + [.rotation]).map { ("\($0)", shown.position(of: $0), 8) }
      // The frame's line too, a quarter of the way along each side, between handles.
      let corners = shown.corners
      for (index, corner) in corners.enumerated() {
        let next = corners[(index + 1) % corners.count]
        places.append(
          ("side \(index)", (x: corner.x + (next.x - corner.x) / 4, y: corner.y + (next.y - corner.y) / 4), 3)
        )
      }
      for (name, place, reach) in places {
        let best = Self.bestContrast(
          in: image, aroundX: place.x, y: place.y, reach: reach, with: photo.color, on: picture)
        #expect(
          best >= 3,
          "\(name) on \(photo.name) in the \(style) style: best contrast \(best)")
      }
      if photo.name == "night-blue" {
        _ = Screenshot.save(editor.window, named: "handles-night-blue-\(style)")
      }
    }
  }

  @Test(arguments: [StyleManager.Scheme.light, .dark])
  func cropCornersStandOutOnEveryPicture(style: StyleManager.Scheme) throws {
    try Self.onEveryPhoto(in: style) { editor, photo in
      editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
      EditorHarness.settle(editor)
      let image = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.widget))
      // The crop starts as the whole picture: its corners are the picture's.
      let picture = editor.canvas.pictureRect
      for (x, y) in [
        (picture.x, picture.y), (picture.maxX, picture.y), (picture.x, picture.maxY),
        (picture.maxX, picture.maxY),
      ] {
        // Inside the picture, where the crop's corner square lies over it.
        let best = Self.bestContrast(in: image, aroundX: x, y: y, reach: 6, with: photo.color, on: picture)
        #expect(best >= 3, "crop corner (\(x), \(y)) on \(photo.name) in the \(style) style: \(best)")
      }
      if photo.name == "white" { _ = Screenshot.save(editor.window, named: "crop-on-white-\(style)") }
    }
  }
}
