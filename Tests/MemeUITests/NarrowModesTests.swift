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
  private static func expectFits(
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

  /// Makes `window` 360×640 and returns the width its widget should then have: GTK's window
  /// widget leaves out the client-side decorations' border that the window's size includes,
  /// measured at the size it had (one it surely fits).
  private static func make360(_ window: UnsafeMutablePointer<GtkWidget>, settle: () -> Void) -> Int32 {
    var defaultWidth: Int32 = 0
    var defaultHeight: Int32 = 0
    gtk_window_get_default_size(gtkkit_window(window), &defaultWidth, &defaultHeight)
    let border = defaultWidth - gtk_widget_get_width(window)
    gtk_window_set_default_size(gtkkit_window(window), 360, 640)
    settle()
    return 360 - border
  }

  /// An editor showing a landscape picture, made 360 px wide; it fits before any mode opens.
  private static func narrowEditor() -> (EditorWindow, width: Int32) {
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let width = make360(editor.window) { EditorHarness.settle(editor) }
    expectFits(editor.window, width: width, "the editor")
    return (editor, width)
  }

  private static func isRevealed(_ editor: EditorWindow) -> Bool {
    gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) != 0
  }

  @Test(arguments: TitleBarButtons.allCases)
  func theStylePanelFitsAndTheWindowStays360(buttons: TitleBarButtons) throws {
    try DisplayHarness.requireDisplay()
    try buttons.during {
      let (editor, width) = Self.narrowEditor()
      defer { EditorHarness.close(editor) }

      gtk_toggle_button_set_active(gtkkit_toggle_button(editor.styleButton), 1)
      #expect(MainContext.iterate { Self.isRevealed(editor) })
      EditorHarness.settle(editor)
      Self.expectFits(editor.window, width: width, "the style panel")
      Screenshot.save(editor.window, named: "narrow-style-panel-\(buttons == .closeOnly ? "gnome" : "gtk")")

      gtk_toggle_button_set_active(gtkkit_toggle_button(editor.styleButton), 0)
      #expect(MainContext.iterate { !Self.isRevealed(editor) })
      EditorHarness.settle(editor)
      Self.expectFits(editor.window, width: width, "the editor after the style panel")
    }
  }

  @Test(arguments: TitleBarButtons.allCases)
  func cropModeFitsAndTheWindowStays360(buttons: TitleBarButtons) throws {
    try DisplayHarness.requireDisplay()
    try buttons.during {
      let (editor, width) = Self.narrowEditor()
      defer { EditorHarness.close(editor) }

      editor.actions.action(named: EditorAction.crop.name)?.activate()
      #expect(editor.cropMode.isOn)
      EditorHarness.settle(editor)
      Self.expectFits(editor.window, width: width, "crop mode")
      // Every preset is on screen, not only those the first row holds.
      for (aspect, button) in editor.cropMode.bar.presetButtons {
        let bounds = try #require(WidgetTree.bounds(of: button, in: editor.window), "\(aspect)")
        #expect(bounds.x >= 0 && bounds.x + bounds.width <= Double(width), "\(aspect) at \(bounds)")
      }
      Screenshot.save(editor.window, named: "narrow-crop-\(buttons == .closeOnly ? "gnome" : "gtk")")

      editor.actions.action(named: EditorAction.cropCancel.name)?.activate()
      #expect(!editor.cropMode.isOn)
      EditorHarness.settle(editor)
      Self.expectFits(editor.window, width: width, "the editor after crop mode")
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
        let width = Self.make360(detail.window) { SentMemesHarness.settle(app) }
        #expect(MainContext.iterate { detail.playback.isPlaying })
        let title = try #require(WidgetTree.descendant(of: detail.window, named: "detail-title"))
        // Not yet with minimise and maximise beside close: the header needs 382 px (Edit's label
        // and the three window buttons leave the title too little room).
        let check = {
          Self.expectFits(detail.window, width: width, "Detail playing an animation")
          // The title stays readable: more than its ellipsis.
          #expect(gtk_widget_get_width(title) >= 60, "the title is \(gtk_widget_get_width(title)) px wide")
        }
        if buttons == .gtkDefault {
          withKnownIssue("Detail's header needs 382 px with GTK's default title-bar buttons") { check() }
        } else {
          check()
        }
        Screenshot.save(detail.window, named: "narrow-detail-\(buttons == .closeOnly ? "gnome" : "gtk")")
      }
    }
  }
}
