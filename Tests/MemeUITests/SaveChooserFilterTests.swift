// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// Switching Save As's file type changes the name's extension, keeping the stem the user typed. The
/// chooser is the real one: the native chooser as GTK shows it outside a sandbox (its own
/// GtkFileChooserDialog), its filter changed as the type menu changes it, and its answer given.
@Suite(.serialized) struct SaveChooserFilterTests {
  @Test func theExtensionIsReplacedAndTheStemKept() {
    let known: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]
    let rename = { (name: String, to: String) in SaveNameFollowsFilter.renamed(name, to: to, known: known) }
    #expect(rename("cat-meme.png", "jpg") == "cat-meme.jpg")
    #expect(rename("Cat Meme.JPEG", "png") == "Cat Meme.png")
    #expect(rename("my.best.meme.gif", "webp") == "my.best.meme.webp")
    #expect(rename("notes.final", "png") == "notes.final.png", "not a file type's extension: kept")
    #expect(rename("meme", "jpg") == "meme.jpg")
    #expect(rename(".png", "jpg") == ".png.jpg", "a hidden file's name is all stem")
    #expect(rename("", "jpg") == "")
  }

  /// The filters' own extensions are the ones replaced: both JPEG spellings, and the animated kinds.
  @Test func theKnownExtensionsAreTheFiltersOwn() {
    let known = SaveNameFollowsFilter.knownExtensions(of: SaveChooser.filters(suggestedName: "cat.gif"))
    #expect(known == ["png", "jpg", "jpeg", "gif", "webp"])
  }

  /// The native Save chooser's dialog: the filter it selects, the name it holds, and what it
  /// answers.
  private final class Answer {
    var url: URL?
    var answered = false
  }

  private static func filter(named name: String, in chooser: OpaquePointer?) throws -> OpaquePointer {
    let list = try #require(gtk_file_chooser_get_filters(chooser))
    defer { g_object_unref(list.raw) }
    for index in 0..<g_list_model_get_n_items(list) {
      let item = try #require(g_list_model_get_item(list, index))
      g_object_unref(item)  // the list keeps its own reference
      let filter = OpaquePointer(item)
      if gtk_file_filter_get_name(filter).map({ String(cString: $0) }) == name { return filter }
    }
    throw TestFailure("no filter named \(name)")
  }

  private struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  private static func currentName(of chooser: OpaquePointer?) -> String? {
    guard let name = gtk_file_chooser_get_current_name(chooser) else { return nil }
    defer { g_free(name) }
    return String(cString: name)
  }

  @Test func choosingAnotherTypeRenamesTheFileInTheChooser() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let folder = Fixtures.folder.appendingPathComponent("chooser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let answer = Answer()
    let native = FileChooser.present(
      parent: gtkkit_window(editor.window), title: "Save Meme", mode: .save(suggestedName: "cat-meme.png"),
      acceptLabel: "_Save", filters: SaveChooser.filters(suggestedName: "cat-meme.png"), initialFolder: folder
    ) { url in
      answer.url = url
      answer.answered = true
    }
    let dialog = try #require(SaveNameFollowsFilter.nativeDialog(of: native), "GTK's own dialog, no portal")
    let chooser = gtkkit_file_chooser(dialog)
    #expect(MainContext.iterate(maxIterations: 300) { gtk_widget_get_mapped(gtkkit_widget(dialog)) != 0 })
    #expect(Self.currentName(of: chooser) == "cat-meme.png")

    gtk_file_chooser_set_filter(chooser, try Self.filter(named: "JPEG image", in: chooser))
    MainContext.drain()
    #expect(Self.currentName(of: chooser) == "cat-meme.jpg")
    Screenshot.save(gtkkit_widget(dialog), named: "save-chooser-jpeg")

    // The user's own name keeps its stem.
    gtk_file_chooser_set_current_name(chooser, "Monday mood.jpg")
    gtk_file_chooser_set_filter(chooser, try Self.filter(named: "PNG image", in: chooser))
    MainContext.drain()
    #expect(Self.currentName(of: chooser) == "Monday mood.png")

    gtk_dialog_response(gtkkit_dialog(dialog), GTK_RESPONSE_ACCEPT.rawValue)
    #expect(MainContext.iterate(maxIterations: 300) { answer.answered })
    #expect(answer.url?.lastPathComponent == "Monday mood.png", "\(String(describing: answer.url))")
  }

  /// An animation's chooser offers GIF and WebP first: choosing WebP makes the GIF's name `.webp`.
  @Test func anAnimationsNameFollowsTheAnimatedTypes() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let answer = Answer()
    let native = FileChooser.present(
      parent: gtkkit_window(editor.window), title: "Save Meme", mode: .save(suggestedName: "dance.gif"),
      acceptLabel: "_Save", filters: SaveChooser.filters(suggestedName: "dance.gif")
    ) { _ in answer.answered = true }
    let dialog = try #require(SaveNameFollowsFilter.nativeDialog(of: native))
    let chooser = gtkkit_file_chooser(dialog)
    gtk_file_chooser_set_filter(chooser, try Self.filter(named: "Animated WebP", in: chooser))
    MainContext.drain()
    #expect(Self.currentName(of: chooser) == "dance.webp")
    gtk_dialog_response(gtkkit_dialog(dialog), GTK_RESPONSE_CANCEL.rawValue)
    #expect(MainContext.iterate(maxIterations: 300) { answer.answered })
  }
}
