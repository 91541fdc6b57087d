// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeStore
import Testing

@testable import MemeUI

/// The editor, Sent Memes and Detail turn like pages of one window: the same size each time, and
/// each usable on a phone-narrow screen.
@Suite(.serialized) struct WindowSizeTests {
  /// The size of the X window (what the screen shows, client-side decorations included), measured
  /// by the X server through xdotool, and GTK's size of the window widget.
  private func sizes(of window: UnsafeMutablePointer<GtkWidget>) throws -> (x11: String, gtk: String) {
    let gtk = "\(gtk_widget_get_width(window))×\(gtk_widget_get_height(window))"
    // On Wayland (GDK_BACKEND=wayland under a compositor) GTK's size is what there is to measure.
    guard let display = gdk_display_get_default(),
      String(cString: g_type_name(gtkkit_type_of(display.raw))) == "GdkX11Display"
    else { return ("not X11", gtk) }
    let title = String(cString: gtk_window_get_title(gtkkit_window(window)))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdotool", "search", "--onlyvisible", "--name", "^\(title)$", "getwindowgeometry"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let geometry = output.split(separator: "\n").first { $0.contains("Geometry:") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let x11 = try #require(geometry, "xdotool found \(title): \(output)")
    return (x11, gtk)
  }

  private func visible(_ app: MemeMeApplication) throws -> UnsafeMutablePointer<GtkWidget> {
    SentMemesHarness.settle(app)
    return gtkkit_widget(try #require(SentMemesHarness.visibleWindow(of: app)))
  }

  @Test func switchingBetweenTheWindowsKeepsTheSize() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      let navigator = try #require(app.sentMemes)
      gtk_window_set_default_size(gtkkit_window(window.window), 820, 640)
      let first = try sizes(of: try visible(app))
      var seen: [(String, String, String)] = []
      for round in 0..<3 {
        navigator.showDetail(id: memes[round % 2].id, from: .list)
        seen.append(
          ("detail \(round)", try sizes(of: try visible(app)).x11, try sizes(of: try visible(app)).gtk))
        let detail = try #require(navigator.detailWindow)
        SentMemesHarness.activate(DetailAction.edit.name, in: detail.window)
        seen.append(
          ("editor \(round)", try sizes(of: try visible(app)).x11, try sizes(of: try visible(app)).gtk))
        let editor = try #require(app.editor)
        SentMemesHarness.activate(EditorAction.cancel.name, in: editor.window)
        #expect(MainContext.iterate { SentMemesHarness.isVisible(window.window) })
        seen.append(
          ("sent memes \(round)", try sizes(of: try visible(app)).x11, try sizes(of: try visible(app)).gtk))
      }
      for (step, x11, gtk) in seen {
        #expect(x11 == first.x11, "\(step): \(x11), first \(first.x11)")
        #expect(gtk == first.gtk, "\(step): \(gtk), first \(first.gtk)")
      }
    }
  }

  private func check(_ app: MemeMeApplication, _ widget: UnsafeMutablePointer<GtkWidget>, _ name: String)
    throws
  {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    #expect(minimum <= 360, "\(name) needs \(minimum) px")
    // GTK's window widget leaves out the margins of the client-side decorations that its default
    // size includes: measured at the current size (once the window has one), they are the same at
    // 360 px.
    SentMemesHarness.settle(app)
    try #require(MainContext.iterate { gtk_widget_get_width(widget) > 0 }, "\(name) is laid out")
    var defaultWidth: Int32 = 0
    var defaultHeight: Int32 = 0  // GTK 4.8 writes both
    gtk_window_get_default_size(gtkkit_window(widget), &defaultWidth, &defaultHeight)
    let margins = (
      width: defaultWidth - gtk_widget_get_width(widget),
      height: defaultHeight - gtk_widget_get_height(widget)
    )
    for (height, shape) in [(640, "narrow"), (294, "narrow-landscape")] {
      gtk_window_set_default_size(gtkkit_window(widget), 360, Int32(height))
      #expect(
        MainContext.iterate {
          gtk_widget_get_width(widget) == 360 - margins.width
            && gtk_widget_get_height(widget) == Int32(height) - margins.height
        },
        "\(name) is 360×\(height): \(gtk_widget_get_width(widget))×\(gtk_widget_get_height(widget)) + \(margins)"
      )
      SentMemesHarness.settle(app)
      #expect(AccessibilityAudit.unnamedControls(in: widget).isEmpty)
      let cutOff = ShownControls.cutOff(in: widget)
      #expect(cutOff.isEmpty, "\(name) at 360×\(height) cuts off:\n\(cutOff.joined(separator: "\n"))")
      let unreached = TabWalk.unreached(in: widget, chain: try TabWalk.focusChain(of: widget))
      #expect(
        unreached.isEmpty,
        "\(name) at 360×\(height): Tab never reaches:\n\(unreached.joined(separator: "\n"))")
      Screenshot.save(widget, named: "\(shape)-\(name)")
    }
  }

  /// Each window's smallest width (GTK's minimum for its content and header bar) is 360 px or less,
  /// and at 360×640 and 360×294 (a phone on its side) its controls are on screen, named, and
  /// reached by Tab.
  @Test func everyWindowWorksAt360PixelsWideUprightAndOnItsSide() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      let navigator = try #require(app.sentMemes)
      SentMemesHarness.waitForThumbnails(window)
      try check(app, window.window, "sent-memes-list")
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.waitForThumbnails(window)
      try check(app, window.window, "sent-memes-grid")
      let detail = try #require(navigator.showDetail(id: memes[0].id, from: .grid))
      #expect(MainContext.iterate { !detail.isLoading })
      try check(app, detail.window, "detail")
      SentMemesHarness.activate(DetailAction.edit.name, in: detail.window)
      let editor = try #require(app.editor)
      #expect(MainContext.iterate { editor.document.image != nil && !editor.isLoading })
      try check(app, editor.window, "editor")
    }
  }
}
