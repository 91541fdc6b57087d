// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The editor, Sent Memes and Detail with GTK's high-contrast theme, at normal size and with text
/// twice as large: every control stays inside its window on the test screen, text really grows,
/// and the theme really changes what is drawn. Screenshots: test-output/high-contrast-*.png.
@Suite(.serialized) struct HighContrastLargeTextTests {
  /// The test screen (both display servers): a window must not need more.
  private static let screen = (width: 1920.0, height: 1200.0)

  @Test func editorWithHighContrastAndLargeText() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "contrast.png"), into: editor)
    EditorHarness.type(top: "Top caption", bottom: "Bottom caption", into: editor)
    try check(editor.window, named: "editor") { EditorHarness.settle(editor) }
  }

  @Test func sentMemesWithHighContrastAndLargeText() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, _ in
      SentMemesHarness.waitForThumbnails(window)
      try check(window.window, named: "sent-memes-list") { SentMemesHarness.settle(app) }
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      SentMemesHarness.waitForThumbnails(window)
      try check(window.window, named: "sent-memes-grid") { SentMemesHarness.settle(app) }
    }
  }

  @Test func detailWithHighContrastAndLargeText() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, _, memes in
      let detail = try #require(app.sentMemes?.showDetail(id: memes[0].id, from: .list))
      SentMemesHarness.settle(app)
      MainContext.iterate { !detail.isLoading }
      try check(detail.window, named: "detail") { SentMemesHarness.settle(app) }
    }
  }

  /// Draws `window` plainly, then high-contrast at 1× and 2× text, saving both high-contrast
  /// screenshots; `settle` lets GTK restyle, lay out and draw after each change.
  private func check(
    _ window: UnsafeMutablePointer<GtkWidget>, named name: String, settle: () -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    settle()
    let plain = try #require(Screenshot.pixels(of: window), sourceLocation: sourceLocation)
    // The same labels are measured at 1× and 2×: their heights sum to a measure of text size.
    let labels = shownLabels(in: window)
    try #require(!labels.isEmpty, sourceLocation: sourceLocation)
    let plainTextHeight = labels.map(naturalHeight(of:)).reduce(0, +)

    try Appearance.with(highContrast: true, textScale: 1) {
      settle()
      Screenshot.save(window, named: "high-contrast-\(name)")
      let contrast = try #require(Screenshot.pixels(of: window), sourceLocation: sourceLocation)
      #expect(
        contrast != plain, "\(name): the high-contrast theme changed nothing", sourceLocation: sourceLocation)
      expectControlsInside(window, "\(name), high contrast", sourceLocation: sourceLocation)
    }
    Appearance.with(highContrast: true, textScale: 2) {
      settle()
      // Every label is restyled for the new text size by the frames that follow; under load, the
      // frames `settle` waits for may come before the last label's turn. Wait (up to about half a
      // minute) for the text to grow, then measure: text that never grows still fails.
      MainContext.iterate(maxIterations: 3000) {
        labels.map(naturalHeight(of:)).reduce(0, +) >= plainTextHeight * 1.6
      }
      Screenshot.save(window, named: "high-contrast-large-text-\(name)")
      let largeTextHeight = labels.map(naturalHeight(of:)).reduce(0, +)
      // Text twice as large: the labels at least 1.6 times as tall (line spacing rounds).
      #expect(
        largeTextHeight >= plainTextHeight * 1.6,
        "\(name): text \(plainTextHeight) px tall at 1×, \(largeTextHeight) px at 2×",
        sourceLocation: sourceLocation)
      expectControlsInside(window, "\(name), high contrast with 2× text", sourceLocation: sourceLocation)
    }
    settle()
  }

  /// The window fits on the screen and every shown control lies inside it: nothing a person must
  /// reach is cut off.
  private func expectControlsInside(
    _ window: UnsafeMutablePointer<GtkWidget>, _ what: String, sourceLocation: SourceLocation
  ) {
    let width = Double(gtk_widget_get_width(window))
    let height = Double(gtk_widget_get_height(window))
    #expect(
      width <= Self.screen.width && height <= Self.screen.height,
      "\(what): the window grew to \(width)×\(height)", sourceLocation: sourceLocation)
    let outside = ShownControls.cutOff(in: window)
    #expect(
      outside.isEmpty, "\(what): controls cut off:\n\(outside.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  /// Every shown label with text, to measure text size by.
  private func shownLabels(in window: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var labels: [UnsafeMutablePointer<GtkWidget>] = []
    ShownControls.visit(window) { widget in
      guard gtkkit_is_label(widget) != 0, let text = gtk_label_get_text(gtkkit_label(widget)),
        text.pointee != 0
      else { return }
      labels.append(widget)
    }
    return labels
  }

  /// `label`'s natural height for its natural width: its text size, which no allocation limits.
  private func naturalHeight(of label: UnsafeMutablePointer<GtkWidget>) -> Double {
    var natural: Int32 = 0
    gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
    return Double(natural)
  }
}
