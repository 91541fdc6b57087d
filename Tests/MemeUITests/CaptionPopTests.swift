// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The caption fields and their text pop into their new places when the window turns between
/// portrait and landscape, and stay still when the desktop asks for reduced motion.
@Suite(.serialized) struct CaptionPopTests {
  /// Resizes the window and waits until the canvas has the new shape.
  private func resize(_ editor: EditorWindow, width: Int32, height: Int32, portrait: Bool) -> Bool {
    gtk_window_set_default_size(gtkkit_window(editor.window), width, height)
    return MainContext.iterate {
      let canvas = editor.canvas.drawingArea
      return (gtk_widget_get_width(canvas) < gtk_widget_get_height(canvas)) == portrait
    }
  }

  private func fieldBounds(_ editor: EditorWindow) -> ImageRect? {
    WidgetTree.bounds(of: editor.canvas.fields.topEntry.widget, in: editor.canvas.drawingArea).map {
      ImageRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
    }
  }

  @Test func turningThePictureWindowPopsTheCaptionsAndTheySettle() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let pop = editor.canvas.pop!
    pop.animationsEnabled = { true }
    #expect(pop.startCount == 0)

    // Within landscape: no pop.
    #expect(resize(editor, width: 1100, height: 700, portrait: false))
    EditorHarness.settle(editor)
    #expect(pop.startCount == 0 && !pop.isRunning)

    #expect(resize(editor, width: 420, height: 760, portrait: true))
    #expect(pop.startCount == 1)
    let started = g_get_monotonic_time()
    var smallest = pop.scale
    var largest = pop.scale
    var shrunkenField = false
    let settled = MainContext.iterate {
      smallest = min(smallest, pop.scale)
      largest = max(largest, pop.scale)
      if pop.isRunning, pop.scale < 0.95, let bounds = fieldBounds(editor) {
        let width = editor.canvas.pictureRect.width
        shrunkenField = shrunkenField || bounds.width < width * 0.92 * 0.95
      }
      return !pop.isRunning
    }
    let elapsed = Double(g_get_monotonic_time() - started) / 1_000_000
    #expect(settled)
    #expect(smallest < 0.8, "the captions start small")
    #expect(largest > 1, "and overshoot a little")
    #expect(elapsed >= 0.2 && elapsed < 2, "about a quarter of a second: \(elapsed) s")
    #expect(shrunkenField, "the fields pop with their text")
    #expect(pop.scale == 1)
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-pop-settled-420x760")
    // Settled exactly where a still field goes.
    let rect = editor.canvas.pictureRect
    let bounds = try #require(fieldBounds(editor))
    #expect(abs((bounds.x + bounds.width / 2) - (rect.x + rect.width / 2)) <= 1.5)
    #expect(rect.contains(bounds, tolerance: 1))

    // And back to landscape: another pop.
    #expect(resize(editor, width: 960, height: 720, portrait: false))
    #expect(pop.startCount == 2)
    #expect(MainContext.iterate { !pop.isRunning })
  }

  @Test func reducedMotionKeepsTheCaptionsStill() throws {
    try DisplayHarness.requireDisplay()
    let settings = try #require(gtk_settings_get_default())
    gtkkit_object_set_bool(settings.raw, "gtk-enable-animations", 0)
    defer { gtkkit_object_set_bool(settings.raw, "gtk-enable-animations", 1) }
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    let pop = editor.canvas.pop!
    #expect(resize(editor, width: 420, height: 760, portrait: true))
    EditorHarness.settle(editor)
    #expect(pop.startCount == 0 && !pop.isRunning && pop.scale == 1)
    #expect(resize(editor, width: 960, height: 720, portrait: false))
    #expect(pop.startCount == 0)
  }

  @Test func theSpringStartsSmallOvershootsAndEndsAtRest() {
    #expect(abs(CaptionPop.scale(at: 0) - 0.7) < 1e-9)
    #expect((0...100).map { CaptionPop.scale(at: Double($0) / 100) }.max()! > 1.01)
    #expect(CaptionPop.scale(at: 1) == 1)
  }
}
