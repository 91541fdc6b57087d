// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore

@testable import MemeUI

/// Builds editors inside one registered application and drives them through their actions.
enum EditorHarness {
  /// One application per test process: a GApplication id can be registered only once. The id
  /// carries the process id so concurrent test runs on one session bus do not meet.
  static let application: MemeMeApplication = {
    let app = MemeMeApplication(
      id: "io.github.mememe.MemeMeTests.p\(ProcessInfo.processInfo.processIdentifier)",
      sink: InMemorySentMemes(), preferences: .inMemory())
    app.application.register()
    return app
  }()

  /// A new editor window of the given size, shown and laid out, with its own sent-memes sink.
  /// `preferences` are the editor's own (a fresh start) unless a test shares them between editors.
  static func makeEditor(
    width: Int32 = 960, height: Int32 = 720, sink: InMemorySentMemes = InMemorySentMemes(),
    preferences: Preferences = .inMemory()
  ) -> EditorWindow {
    let editor = EditorWindow(application: application.application, sink: sink, preferences: preferences)
    gtk_window_set_default_size(gtkkit_window(editor.window), width, height)
    editor.present()
    MainContext.iterate {
      gtk_widget_get_mapped(editor.window) != 0 && gtk_widget_get_width(editor.canvas.drawingArea) > 0
    }
    settle(editor)
    return editor
  }

  static func close(_ editor: EditorWindow) {
    gtk_window_destroy(gtkkit_window(editor.window))
    MainContext.drain()
  }

  /// Loads `url` through win.open, the action the Album button uses, answering its file request.
  /// Returns when loading has finished (successfully or not).
  @discardableResult
  static func load(_ url: URL, into editor: EditorWindow) -> Bool {
    editor.filePicker = { request, completion in
      guard case .openPicture = request else { return completion(nil) }
      completion(url)
    }
    editor.actions.action(named: "open")?.activate()
    let finished = MainContext.iterate { !editor.isLoading }
    settle(editor)
    return finished
  }

  /// Types both captions into the editor's entries, as a person replacing their text would.
  static func type(top: String, bottom: String, into editor: EditorWindow) {
    gtk_editable_set_text(gtkkit_editable(editor.canvas.topEntry.widget), top)
    gtk_editable_set_text(gtkkit_editable(editor.canvas.bottomEntry.widget), bottom)
  }

  /// Lays out and draws pending changes.
  static func settle(_ editor: EditorWindow) {
    DisplayHarness.waitForFrames(editor.window)
    MainContext.drain()
  }
}

/// Test pictures, drawn with Cairo and written by the engine.
enum Fixtures {
  static let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mememe-ui-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// A landscape or portrait "photo": a sky-to-sunset gradient with a sun and hills.
  static func picture(width: Int, height: Int, format: ImageFormat = .png, name: String) -> URL {
    let url = folder.appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    let context = cairo_create(image.surface)!
    let sky = cairo_pattern_create_linear(0, 0, 0, Double(height))!
    cairo_pattern_add_color_stop_rgb(sky, 0, 0.16, 0.35, 0.75)
    cairo_pattern_add_color_stop_rgb(sky, 0.6, 0.98, 0.62, 0.35)
    cairo_pattern_add_color_stop_rgb(sky, 1, 0.55, 0.2, 0.3)
    cairo_set_source(context, sky)
    cairo_paint(context)
    cairo_pattern_destroy(sky)
    cairo_set_source_rgb(context, 1, 0.9, 0.55)
    cairo_arc(
      context, Double(width) * 0.7, Double(height) * 0.55, Double(min(width, height)) * 0.12, 0, 2 * .pi)
    cairo_fill(context)
    cairo_set_source_rgb(context, 0.12, 0.3, 0.2)
    cairo_move_to(context, 0, Double(height))
    cairo_curve_to(
      context, Double(width) * 0.3, Double(height) * 0.55, Double(width) * 0.6, Double(height) * 0.95,
      Double(width), Double(height) * 0.7)
    cairo_line_to(context, Double(width), Double(height))
    cairo_close_path(context)
    cairo_fill(context)
    cairo_destroy(context)
    image.markDirty()
    try! ImageWriter.write(image, to: url, as: format)
    return url
  }

  /// A file named like a JPEG that holds no image.
  static func broken(name: String = "broken.jpg") -> URL {
    let url = folder.appendingPathComponent(name)
    try! Data("this is not a picture".utf8).write(to: url)
    return url
  }
}
