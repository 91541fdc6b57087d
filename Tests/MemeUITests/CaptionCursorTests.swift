// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The caret and the selection the canvas draws lie on the caption as drawn, at every canvas size
/// and zoom; the keyboard moves from the top caption to the bottom one and back without replacing
/// what was typed.
///
/// The caret is found in the pixels: the canvas is rendered with the field focused and again after
/// focus left, and what differs is the caret. Where it should be is found in the pixels too, from the
/// ink of the drawn caption.
@Suite(.serialized) struct CaptionCursorTests {
  private static let text = "HELLO WORLD"

  /// Pixels of the canvas's drawing area.
  private static func snapshot(_ editor: EditorWindow) throws -> RasterImage {
    EditorHarness.settle(editor)
    return try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
  }

  /// Columns and rows where `a` and `b` differ.
  private static func difference(_ a: RasterImage, _ b: RasterImage) -> (columns: [Int], rows: [Int]) {
    var columns = Set<Int>()
    var rows = Set<Int>()
    for y in 0..<min(a.height, b.height) {
      for x in 0..<min(a.width, b.width) {
        let p = a.color(atX: x, y: y)
        let q = b.color(atX: x, y: y)
        if abs(p.red - q.red) + abs(p.green - q.green) + abs(p.blue - q.blue) > 0.15 {
          columns.insert(x)
          rows.insert(y)
        }
      }
    }
    return (columns.sorted(), rows.sorted())
  }

  /// The columns of `image` (within `rows`, and on the picture of `editor`: the letterbox is white in
  /// the light style) holding the caption's white letters.
  private static func letterColumns(_ image: RasterImage, rows: ClosedRange<Int>, on editor: EditorWindow)
    -> [Int]
  {
    let picture = editor.canvas.pictureRect
    let first = max(0, Int(picture.x.rounded(.up)))
    let last = min(image.width, Int((picture.x + picture.width).rounded(.down)))
    return (first..<max(first, last)).filter { x in
      rows.contains { y in
        let pixel = image.color(atX: x, y: y)
        return pixel.red > 0.95 && pixel.green > 0.95 && pixel.blue > 0.95
      }
    }
  }

  /// The rows of the top caption's band on the canvas, where it lies on the picture (the letterbox
  /// around the picture is white in the light style, and its white is no letter).
  private static func topBandRows(_ editor: EditorWindow) throws -> ClosedRange<Int> {
    let frame = try #require(editor.canvas.captionFrame)
    let band = CaptionGeometry.band(for: .top, imageWidth: frame.imageWidth, imageHeight: frame.imageHeight)
    let scale = frame.rect.height / Double(frame.imageHeight)
    let height = Int(gtk_widget_get_height(editor.canvas.drawingArea))
    let picture = editor.canvas.pictureRect
    let top = max(0, Int(frame.rect.y + band.y * scale), Int(picture.y.rounded(.up)))
    let bottom = min(
      height - 1, Int(frame.rect.y + band.maxY * scale), Int((picture.y + picture.height).rounded(.down)) - 1)
    return top...bottom
  }

  /// Types the caption into the top field, leaves it, and returns the canvas without caret.
  private static func typeAndLeave(_ editor: EditorWindow) throws -> RasterImage {
    editor.canvas.fields.topEntry.focus()
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), text)
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    return try snapshot(editor)
  }

  /// Runs `body` on a shown editor over a 1200×800 landscape whose top caption is typed and left,
  /// with the top field and the canvas as it looks then; closes the editor afterwards.
  private static func withTypedLandscape(
    _ body: @MainActor (EditorWindow, CaptionEntry, RasterImage) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    try body(editor, editor.canvas.fields.topEntry, try typeAndLeave(editor))
  }

  /// The widest run of blank columns between inked ones: the space between the words.
  private static func widestGap(in columns: [Int]) -> ClosedRange<Int>? {
    zip(columns, columns.dropFirst()).filter { $1 > $0 + 1 }.map { ($0 + 1)...($1 - 1) }
      .max { $0.count < $1.count }
  }

  /// Puts the caret at `offset` in the focused top field and returns the columns where it shows.
  private static func caretColumns(at offset: Int, in editor: EditorWindow, unfocused: RasterImage) throws
    -> (columns: [Int], rows: [Int])
  {
    editor.canvas.fields.topEntry.focus()
    gtk_editable_set_position(gtkkit_editable(editor.canvas.fields.topEntry.widget), Int32(offset))
    return difference(try snapshot(editor), unfocused)
  }

  @Test(arguments: [(960, 720), (1700, 700), (520, 900)])
  func theCaretStandsOnTheDrawnLetters(width: Int, height: Int) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: Int32(width), height: Int32(height))
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    for zoomed in [false, true] {
      if zoomed {
        // Zoomed in about the picture's top edge: the caption is larger on screen and still shows.
        let picture = editor.canvas.pictureRect
        editor.canvas.zoomControls.zoom(by: 1.6, aroundX: picture.x + picture.width / 2, y: picture.y)
      }
      let unfocused = try Self.typeAndLeave(editor)
      let rows = try Self.topBandRows(editor)
      let letters = Self.letterColumns(unfocused, rows: rows, on: editor)
      let (left, right) = (try #require(letters.first), try #require(letters.last))
      let gap = try #require(Self.widestGap(in: letters))
      // The outline lies around the letters: allow its width (and a glyph's side bearing).
      let tolerance = max(4, (right - left) / 40)
      for (offset, expected) in [(0, left...left), (11, right...right), (6, gap), (5, gap)] {
        let caret = try Self.caretColumns(at: offset, in: editor, unfocused: unfocused)
        let size = "\(width)×\(height)\(zoomed ? " zoomed" : "")"
        let columns = try #require(caret.columns.first)...(try #require(caret.columns.last))
        #expect(columns.count <= 6, "one thin caret at offset \(offset) (\(size)): \(columns)")
        #expect(
          columns.lowerBound >= expected.lowerBound - tolerance
            && columns.upperBound <= expected.upperBound + tolerance,
          "caret at offset \(offset) (\(size)) in \(columns), expected \(expected)")
        // Within the caption's band (its dark edge may reach a pixel out), about as tall as the letters.
        let caretRows = try #require(caret.rows.first)...(try #require(caret.rows.last))
        #expect(
          caretRows.lowerBound >= rows.lowerBound - 2 && caretRows.upperBound <= rows.upperBound + 2,
          "caret rows \(caretRows) in band \(rows) (\(size))")
        #expect(Double(caretRows.count) >= Double(rows.count) * 0.3, "\(caretRows) in band \(rows)")
      }
      gtk_window_set_focus(gtkkit_window(editor.window), nil)
    }
    Screenshot.save(editor.window, named: "caret-\(width)x\(height)")
  }

  /// Selected, the caption's white letters themselves change colour, on a white, a black and the
  /// landscape picture: a highlight behind white letters alone was all but invisible.
  @Test(arguments: ["xc:white", "xc:black", "landscape"])
  func selectedLettersAreSeenOnAnyPicture(picture: String) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(try Self.picture(picture), into: editor)
    let unfocused = try Self.typeAndLeave(editor)
    let top = editor.canvas.fields.topEntry
    top.focus()
    gtk_editable_select_region(gtkkit_editable(top.widget), 0, -1)
    let selected = try Self.snapshot(editor)
    Screenshot.save(
      editor.window, named: "caption-selected-\(picture.replacingOccurrences(of: "xc:", with: ""))")
    // Inside the selection as laid out on the caption (the white page around the letters is no letter).
    let cursor = try #require(editor.canvas.cursor(for: top.slot))
    let rects = cursor.selectionRects(from: 0, to: top.text.unicodeScalars.count)
    let inside = rects.flatMap { rect in
      (Int(rect.y.rounded(.up) + 3)..<Int(rect.y + rect.height - 3)).flatMap { y in
        (Int(rect.x.rounded(.up) + 3)..<Int(rect.x + rect.width - 3)).map { x in (x, y) }
      }
    }
    var letters = 0
    var changed = 0
    for (x, y) in inside where x < selected.width && y < selected.height {
      let before = unfocused.color(atX: x, y: y)
      guard before.red > 0.97 && before.green > 0.97 && before.blue > 0.97 else { continue }
      letters += 1
      let after = selected.color(atX: x, y: y)
      let change =
        abs(after.red - before.red) + abs(after.green - before.green) + abs(after.blue - before.blue)
      if change > 0.3 { changed += 1 }
    }
    #expect(letters > 100, "the caption's white letters are on the canvas")
    #expect(
      Double(changed) > 0.9 * Double(letters), "\(changed) of \(letters) letter pixels show the selection")
  }

  /// The landscape fixture, or a 1200×800 picture ImageMagick fills with `canvas` ("xc:white").
  private static func picture(_ canvas: String) throws -> URL {
    guard canvas.hasPrefix("xc:") else {
      return Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    }
    let url = Fixtures.folder.appendingPathComponent("\(canvas.dropFirst(3))-1200x800.png")
    let made = try ChildProcess.run("/usr/bin/convert", ["-size", "1200x800", canvas, url.path])
    try #require(made.status == 0, "convert: \(made.errors)")
    return url
  }

  @Test func theSelectionIsGoneAfterEnterAndAfterANewPicture() throws {
    try Self.withTypedLandscape { editor, top, unfocused in

      // Ctrl+A: the selection covers the letters, from the first to the last.
      top.focus()
      gtk_editable_select_region(gtkkit_editable(top.widget), 0, -1)
      let selected = Self.difference(try Self.snapshot(editor), unfocused)
      Screenshot.save(editor.window, named: "caption-selected")
      let letters = Self.letterColumns(unfocused, rows: try Self.topBandRows(editor), on: editor)
      let (left, right) = (try #require(letters.first), try #require(letters.last))
      let covered = try #require(selected.columns.first)...(try #require(selected.columns.last))
      #expect(
        covered.lowerBound <= left + 8 && covered.upperBound >= right - 8, "\(covered) vs \(left)...\(right)")

      // Enter: the focus moves on to the bottom caption and nothing stays selected on the top one.
      let typing = try #require(gtk_window_get_focus(gtkkit_window(editor.window)))
      gtkkit_emit_signal(typing, "activate")
      #expect(editor.canvas.fields.focusedEntry === editor.canvas.fields.bottomEntry)
      gtk_window_set_focus(gtkkit_window(editor.window), nil)
      #expect(
        Self.difference(try Self.snapshot(editor), unfocused).columns.isEmpty, "no selection after Enter")

      // Select again, then a new picture arrives: nothing of the old selection stays on the canvas.
      top.focus()
      gtk_editable_select_region(gtkkit_editable(top.widget), 0, -1)
      EditorHarness.load(Fixtures.picture(width: 800, height: 1000, name: "portrait.png"), into: editor)
      gtk_window_set_focus(gtkkit_window(editor.window), nil)
      let newPicture = try Self.snapshot(editor)
      top.focus()
      gtk_editable_select_region(gtkkit_editable(top.widget), 0, -1)
      let reselected = try Self.snapshot(editor)
      gtk_window_set_focus(gtkkit_window(editor.window), nil)
      #expect(Self.difference(try Self.snapshot(editor), newPicture).columns.isEmpty, "nothing left behind")
      #expect(!Self.difference(reselected, newPicture).columns.isEmpty, "the selection shows while focused")
    }
  }

  @Test func aPressOnTheDrawnCaptionPutsTheCaretThere() throws {
    try Self.withTypedLandscape { editor, top, unfocused in
      let rows = try Self.topBandRows(editor)
      let letters = Self.letterColumns(unfocused, rows: rows, on: editor)
      let gap = try #require(Self.widestGap(in: letters))
      let right = try #require(letters.last)
      // Points on the canvas, given to the field in its own coordinates as GTK would.
      @MainActor func press(atCanvasX x: Double) {
        var fieldX = 0.0
        var fieldY = 0.0
        let y = Double(rows.lowerBound + rows.count / 2)
        _ = gtk_widget_translate_coordinates(editor.canvas.drawingArea, top.widget, x, y, &fieldX, &fieldY)
        top.press(atX: fieldX, y: fieldY)
        // A second press must not count as a double press.
        MainContext.iterate(maxIterations: 50) { false }
      }
      press(atCanvasX: Double(gap.lowerBound + gap.count / 2))
      #expect(top.isFocused)
      let middle = top.cursorPosition
      #expect(middle == 5 || middle == 6, "in the space between the words: \(middle)")
      usleep(450_000)
      press(atCanvasX: Double(right + 40))
      #expect(top.cursorPosition == 11, "past the end of the caption")
      #expect(top.text == Self.text, "a press never clears typed text")
    }
  }

  @Test func enterMovesFromTopToBottomAndTabComesBackWithoutSelectingAll() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let (top, bottom) = (editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry)
    top.focus()
    gtk_editable_set_text(gtkkit_editable(top.widget), "first line")
    gtkkit_emit_signal(try #require(gtk_window_get_focus(gtkkit_window(editor.window))), "activate")
    EditorHarness.settle(editor)
    #expect(bottom.isFocused && !top.isFocused, "Enter in the top caption goes to the bottom one")
    #expect(bottom.text.isEmpty, "its default text is cleared for typing")
    gtk_editable_set_text(gtkkit_editable(bottom.widget), "second line")
    gtkkit_emit_signal(try #require(gtk_window_get_focus(gtkkit_window(editor.window))), "activate")
    EditorHarness.settle(editor)
    #expect(!bottom.isFocused && !top.isFocused, "Enter in the bottom caption leaves the fields")
    #expect(editor.document.captions.top == "first line" && editor.document.captions.bottom == "second line")

    // Tab comes back to the top caption (the first control in the canvas) with the caret at the end.
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    for _ in 0..<20 where !top.isFocused {
      _ = gtk_widget_child_focus(editor.window, GTK_DIR_TAB_FORWARD)
    }
    #expect(top.isFocused)
    MainContext.drain()
    #expect(top.selection == nil, "nothing selected: typing adds to the caption")
    #expect(top.cursorPosition == "first line".count)
    // Typing (inserting at the caret, as a key press does) keeps what was there.
    var position = Int32(top.cursorPosition)
    gtk_editable_insert_text(gtkkit_editable(top.widget), "!", -1, &position)
    #expect(editor.document.captions.top == "first line!")
  }
}
