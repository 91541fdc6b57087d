// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
@_spi(Benchmark) import MemeCore
import Testing

@testable import MemeUI

/// Issue 41 in the window: pasting a megabyte, or a paragraph of Zalgo text, into a caption or a
/// text box never holds the main loop up for more than 100 ms, and the field says what was cut.
@Suite(.serialized) struct CaptionLimitWindowTests {
  /// Seconds of the main thread's processor time in one pass of the main loop.
  static let longestGap = 0.1

  @Test(arguments: ["megabyte", "zalgo"], [false, true])
  func pastingAHugeCaptionKeepsTheWindowResponsive(text name: String, intoBox: Bool) throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    let text =
      name == "megabyte"
      ? HostileCaptions.megabyte
      : Array(repeating: HostileCaptions.zalgo(letters: 8, marks: 500), count: 10).joined(separator: " ")
    let entry: CaptionEntry
    if intoBox {
      editor.actions.action(named: EditorAction.addText.name)?.activate()
      EditorHarness.settle(editor)
      entry = try #require(editor.canvas.fields.boxEntry(at: 0))
      editor.canvas.fields.typeInBox(at: 0)
    } else {
      entry = editor.canvas.fields.topEntry
      entry.focus()
      gtk_editable_set_text(gtkkit_editable(entry.widget), "")
    }
    EditorHarness.settle(editor)
    Clipboard(for: editor.window).setText(text)
    EditorHarness.settle(editor)

    // Each pass of the main loop is timed, and the paste's own emission with it: in the main
    // thread's processor time, which other work on the machine does not stretch as it stretches
    // the wall clock (the clock only bounds how long the test waits).
    let clock = ContinuousClock()
    var longest = 0.0
    let delegate = try #require(gtk_editable_get_delegate(gtkkit_editable(entry.widget)))
    // The top caption through the clipboard, as Ctrl+V does; the box by inserting what a paste
    // inserts once the clipboard is read (the same insertion, without waiting on the display
    // server's clipboard, which another window of the test run may hold).
    let pasted = ThreadProcessorTime.measure {
      if intoBox {
        gtk_editable_select_region(gtkkit_editable(entry.widget), 0, -1)
        gtk_editable_delete_selection(gtkkit_editable(entry.widget))
        var position: Int32 = 0
        gtk_editable_insert_text(delegate, text, -1, &position)
      } else {
        _ = gtk_widget_activate_action_variant(
          gtkkit_widget(UnsafeMutableRawPointer(delegate)), "clipboard.paste", nil)
      }
    }
    longest = max(longest, pasted)
    let deadline = clock.now + .seconds(10)
    let wakeUp = g_timeout_add(5, { _ in 1 }, nil)
    defer { g_source_remove(wakeUp) }
    var gaps = [pasted]
    while clock.now < deadline, entry.limitLabel.isVisible == false {
      gaps.append(ThreadProcessorTime.measure { g_main_context_iteration(nil, 1) })
    }
    // Then the redraws that follow, until the caption's layer, drawn on another thread, is shown.
    var passes = 0
    while clock.now < deadline, passes < 20 || editor.canvas.painter.isDrawingLayers {
      gaps.append(ThreadProcessorTime.measure { g_main_context_iteration(nil, 1) })
      passes += 1
    }
    #expect(!editor.canvas.painter.isDrawingLayers)
    longest = gaps.max() ?? 0
    #expect(
      longest < Self.longestGap,
      "\(name) into \(intoBox ? "a box" : "the top caption"): \(longest); passes: \(gaps.map { Int($0 * 1000) }) ms of processor time"
    )

    // The caption holds what the limits allow, and the field says what was cut.
    let kept =
      intoBox ? try #require(editor.document.captions.textBoxes.first?.text) : editor.document.captions.top
    #expect(CaptionLimits.excess(in: kept) == nil)
    #expect(!kept.isEmpty)
    #expect(entry.limitLabel.isVisible)
    #expect(gtk_widget_get_mapped(entry.limitLabel) != 0)
    let message = String(cString: gtk_label_get_text(gtkkit_label(entry.limitLabel)))
    #expect(message.contains("\(CaptionLimits.maximumCharacters)"), "\(message)")

    // The next edit within the limits takes the message away.
    gtk_editable_set_text(gtkkit_editable(entry.widget), "short")
    EditorHarness.settle(editor)
    #expect(!entry.limitLabel.isVisible)
  }

  /// Issue 48: a box pasted into when the other captions have spent most of the meme's budget keeps
  /// what they left room for, and its field says so, with the budget.
  @Test func aPasteBeyondTheMemesBudgetSaysSo() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    let full = HostileCaptions.words(length: CaptionLimits.maximumCharacters)
    editor.document.setText(full, at: .top)
    editor.document.setText(String(full.prefix(CaptionLimits.maximumCharacters - 30)), at: .bottom)
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    EditorHarness.settle(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    editor.canvas.fields.typeInBox(at: 0)
    EditorHarness.settle(editor)
    // What a paste inserts once the clipboard is read.
    let delegate = try #require(gtk_editable_get_delegate(gtkkit_editable(entry.widget)))
    gtk_editable_select_region(gtkkit_editable(entry.widget), 0, -1)
    gtk_editable_delete_selection(gtkkit_editable(entry.widget))
    var position: Int32 = 0
    gtk_editable_insert_text(delegate, String(repeating: "pasted ", count: 100), -1, &position)
    EditorHarness.settle(editor)

    let kept = try #require(editor.document.captions.textBoxes.first?.text)
    #expect(kept.count == 30, "what the other texts left: \(kept)")
    #expect(entry.text == kept, "the field shows what was kept")
    #expect(entry.limitLabel.isVisible)
    let message = String(cString: gtk_label_get_text(gtkkit_label(entry.limitLabel)))
    #expect(message == CaptionFields.limitMessage(.memeCharacters))
    #expect(
      message.contains("\(PixelCount.grouped(CaptionLimits.maximumCharactersPerMeme)) characters"),
      "\(message)")
    #expect(
      message.contains("\(PixelCount.grouped(CaptionLimits.maximumGlyphsPerMeme)) glyphs"), "\(message)")
    Screenshot.save(editor.window, named: "caption-budget-message")
  }
}
