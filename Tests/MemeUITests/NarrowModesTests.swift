// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import PictureChecks
import Testing

@testable import MemeUI

/// A 360×640 window stays 360 pixels wide in every mode (the style panel open, cropping, Detail
/// playing an animation), whichever buttons the title bar has, with every shown control inside it;
/// and it is 360 again when the mode closes. A control too wide for the window makes GTK grow the
/// window to the control's minimum instead, pushing the header's end and the panel off the screen.
@Suite(.serialized) struct NarrowModesTests {
  /// The window's width and its content's smallest width, and the controls cut off by its edges.
  static func expectFits(
    _ window: UnsafeMutablePointer<GtkWidget>, width: Int32, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    #expect(minimum <= 360, "\(what): the window needs \(minimum) px", sourceLocation: sourceLocation)
    #expect(
      MainContext.iterate { gtk_widget_get_width(window) == width },
      "\(what): the window is \(gtk_widget_get_width(window)) px wide, not \(width)",
      sourceLocation: sourceLocation)
    // A control the style panel's scrolled window has scrolled out of view is not cut off: it
    // scrolls in. Across, nothing may reach past the window.
    let windowWidth = Double(gtk_widget_get_width(window))
    let windowHeight = Double(gtk_widget_get_height(window))
    let cutOff = ShownControls.controls(in: window).compactMap { widget -> String? in
      guard let bounds = WidgetTree.bounds(of: widget, in: window) else {
        return "\(AccessibilityAudit.describe(widget)): no bounds"
      }
      let across = bounds.width >= 1 && bounds.x >= -0.5 && bounds.x + bounds.width <= windowWidth + 0.5
      let down =
        ShownControls.isInScrolledWindow(widget)
        || (bounds.height >= 1 && bounds.y >= -0.5 && bounds.y + bounds.height <= windowHeight + 0.5)
      return across && down ? nil : "\(AccessibilityAudit.describe(widget)): \(bounds)"
    }
    #expect(
      cutOff.isEmpty, "\(what) cuts off:\n\(cutOff.joined(separator: "\n"))", sourceLocation: sourceLocation)
  }

  /// Runs `body` with an editor showing a landscape picture, made 360 px wide, under the title-bar
  /// `buttons`; the editor fits before the mode `body` opens.
  private static func withNarrowEditor(
    _ buttons: TitleBarButtons, _ body: (EditorWindow, _ width: Int32) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    try buttons.during {
      let editor = EditorHarness.makeEditor(width: 960, height: 720)
      defer { EditorHarness.close(editor) }
      EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
      let width = NarrowWindow.make360(editor.window) { EditorHarness.settle(editor) }
      expectFits(editor.window, width: width, "the editor")
      try body(editor, width)
    }
  }

  /// The mode `what` has closed: the editor is 360 px wide again, everything inside.
  private static func expectFitsAfter(_ what: String, _ editor: EditorWindow, width: Int32) {
    EditorHarness.settle(editor)
    expectFits(editor.window, width: width, "the editor after \(what)")
  }

  /// "gnome" or "gtk": which title-bar buttons a screenshot was taken with.
  private static func screenshotSuffix(_ buttons: TitleBarButtons) -> String {
    buttons == .closeOnly ? "gnome" : "gtk"
  }

  private static func isRevealed(_ editor: EditorWindow) -> Bool {
    gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) != 0
  }

  @Test(arguments: TitleBarButtons.allCases)
  func theStylePanelFitsAndTheWindowStays360(buttons: TitleBarButtons) throws {
    try Self.withNarrowEditor(buttons) { editor, width in
      gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
      #expect(MainContext.iterate { Self.isRevealed(editor) })
      EditorHarness.settle(editor)
      Self.expectFits(editor.window, width: width, "the style panel")
      Screenshot.save(editor.window, named: "narrow-style-panel-\(Self.screenshotSuffix(buttons))")

      gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 0)
      #expect(MainContext.iterate { !Self.isRevealed(editor) })
      Self.expectFitsAfter("the style panel", editor, width: width)
    }
  }

  @Test(arguments: TitleBarButtons.allCases)
  func cropModeFitsAndTheWindowStays360(buttons: TitleBarButtons) throws {
    try Self.withNarrowEditor(buttons) { editor, width in
      editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
      #expect(editor.cropMode.isOn)
      EditorHarness.settle(editor)
      Self.expectFits(editor.window, width: width, "crop mode")
      // Every preset is on screen, not only those the first row holds.
      for (aspect, button) in editor.cropMode.bar.presetButtons {
        let bounds = try #require(WidgetTree.bounds(of: button, in: editor.window), "\(aspect)")
        #expect(bounds.x >= 0 && bounds.x + bounds.width <= Double(width), "\(aspect) at \(bounds)")
      }
      Screenshot.save(editor.window, named: "narrow-crop-\(Self.screenshotSuffix(buttons))")

      editor.cropMode.actions.action(named: CropAction.cancel.name)?.activate()
      #expect(!editor.cropMode.isOn)
      Self.expectFitsAfter("crop mode", editor, width: width)
    }
  }

  @Test(arguments: TitleBarButtons.allCases)
  func detailPlayingAnAnimationFits360(buttons: TitleBarButtons) throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    try buttons.during {
      try SentMemesHarness.withSentMemes([(source, MemeCaptions(top: "a moving square", bottom: "again"))]) {
        app, window, memes in
        let navigator = try #require(app.sentMemes)
        let detail = try #require(navigator.showDetail(id: memes[0].id, from: .list))
        detail.playback.animationsEnabled = { true }
        #expect(MainContext.iterate { !detail.isLoading })
        SentMemesHarness.settle(app)
        let width = NarrowWindow.make360(detail.window) { SentMemesHarness.settle(app) }
        #expect(MainContext.iterate { detail.playback.isPlaying })
        let title = try #require(WidgetTree.descendant(of: detail.window, named: "detail-title"))
        Self.expectFits(detail.window, width: width, "Detail playing an animation")
        // The title stays readable: more than its ellipsis (a few letters beside three window buttons).
        #expect(gtk_widget_get_width(title) >= 48, "the title is \(gtk_widget_get_width(title)) px wide")
        // Edit keeps its name and action in either form, label or icon.
        let edit = try #require(WidgetTree.descendant(of: detail.window, named: "edit-button"))
        #expect(edit.actionName == DetailAction.edit.detailedName)
        let mismatch = gtkkit_accessible_check_string(
          gtkkit_accessible(edit), GTK_ACCESSIBLE_PROPERTY_LABEL, "Edit")
        defer { g_free(mismatch) }
        #expect(mismatch == nil, "\(mismatch.map { String(cString: $0) } ?? "")")
        Screenshot.save(detail.window, named: "narrow-detail-\(Self.screenshotSuffix(buttons))")
      }
    }
  }
}
