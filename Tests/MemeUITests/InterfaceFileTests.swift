// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// The app's .ui files against the code: every object the code takes out of one exists there, of
/// the kind the code expects (each tree type asks for all of its objects as it is made), every file
/// under data/ui is one the app carries, and every one is in po/POTFILES, so its words are translated.
@Suite(.serialized) struct InterfaceFileTests {
  private static let folder = TestEnvironment.packageRoot.appendingPathComponent("data/ui")

  private static var filesInData: [String] {
    get throws {
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ui") }.sorted()
    }
  }

  @Test func everyObjectTheCodeAsksForIsInItsFileWithTheRightType() throws {
    try DisplayHarness.requireDisplay()
    for file in InterfaceFile.allCases {
      for tree in file.trees {
        #expect(tree.file == file)
        let before = Self.toplevels()
        do {
          let built = try tree.init(file.builder(objects: tree.objects))
          withExtendedLifetime(built) {}
        } catch {
          Issue.record("\(error)")
        }
        // A tree that is a window (the camera, the dialog) leaves it on GTK's list.
        for window in Self.toplevels() where !before.contains(window) {
          gtk_window_destroy(gtkkit_window(window))
        }
      }
    }
  }

  @Test func everyFileUnderDataIsOneTheAppCarries() throws {
    let carried = InterfaceFile.allCases.map(\.rawValue).sorted()
    #expect(try Self.filesInData == carried)
    #expect(!carried.isEmpty)
    // …in the GResource bundle the build compiles from the manifest, at the path the code asks for.
    let manifest = try String(
      contentsOf: Self.folder.appendingPathComponent("mememe.gresource.xml"), encoding: .utf8)
    let listed = manifest.matches(of: /<file>([^<]+)<\/file>/).map { String($0.1) }.sorted()
    #expect(listed == carried)
    #expect(manifest.contains(#"prefix="\#(InterfaceFile.resourcePrefix)""#))
    try InterfaceFile.registration.get()
    for file in carried {
      #expect(
        g_resources_get_info(
          "\(InterfaceFile.resourcePrefix)/\(file)", G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil)
          != 0, "\(file) in the registered bundle")
    }
  }

  @Test func everyFileIsInPOTFILES() throws {
    let listed = try String(
      contentsOf: TestEnvironment.packageRoot.appendingPathComponent("po/POTFILES"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    for file in try Self.filesInData { #expect(listed.contains("data/ui/\(file)"), "\(file) in po/POTFILES") }
  }

  /// The files' words are GtkBuilder's to translate, in the app's domain: German in, German out.
  @Test func aFilesWordsAreMarkedForTranslation() throws {
    let xml = try String(contentsOf: Self.folder.appendingPathComponent("style-panel.ui"), encoding: .utf8)
    #expect(xml.contains(#"<property name="title" translatable="yes">Layout</property>"#))
    let untranslated = try Self.filesInData.flatMap { name in
      try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        .split(separator: "\n").filter {
          ($0.contains(#"name="label""#) || $0.contains(#"name="title""#)
            || $0.contains(#"name="tooltip-text""#)
            || $0.contains(#"name="description""#)) && !$0.contains(#"translatable="yes""#)
        }.map { "\(name): \($0)" }
    }
    #expect(untranslated.isEmpty, "words a person reads without translatable=\"yes\": \(untranslated)")
  }

  private static func toplevels() -> [gpointer] {
    let windows = gtk_window_get_toplevels()!
    return (0..<g_list_model_get_n_items(windows)).compactMap { index in
      guard let window = g_list_model_get_item(windows, index) else { return nil }
      g_object_unref(window)  // the list keeps its own reference
      return window
    }
  }
}
