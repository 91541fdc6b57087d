// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

/// The application's icon settings reach GTK: its own getters read them back.
@Suite(.serialized) struct AppIconsTests {
  @Test func theDefaultIconNameReachesEveryWindow() throws {
    try DisplayHarness.requireDisplay()
    let previous = AppIcons.defaultName
    defer { AppIcons.defaultName = previous }
    AppIcons.defaultName = "org.example.AppIconsTests"
    #expect(String(cString: gtk_window_get_default_icon_name()) == "org.example.AppIconsTests")
    #expect(AppIcons.defaultName == "org.example.AppIconsTests")
  }

  @Test func aSearchFolderIsAddedToTheDisplaysIconTheme() throws {
    try DisplayHarness.requireDisplay()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "app-icons-\(UUID().uuidString)", isDirectory: true)
    #expect(!AppIcons.searchFolders.map(\.standardizedFileURL.path).contains(folder.standardizedFileURL.path))
    #expect(AppIcons.addSearchFolder(folder))
    // GTK's own list, read independently of `searchFolders`.
    let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
    let paths = try #require(gtk_icon_theme_get_search_path(theme))
    defer { g_strfreev(paths) }
    var raw: [String] = []
    var index = 0
    while let path = paths[index] {
      raw.append(String(cString: path))
      index += 1
    }
    #expect(raw.last == folder.path)
    #expect(AppIcons.searchFolders.last?.path == folder.path)
  }

  @Test func aFolderTheThemeSearchesAlreadyIsNotAddedAgain() throws {
    try DisplayHarness.requireDisplay()
    let before = AppIcons.searchFolders
    let searched = try #require(before.first)
    #expect(AppIcons.addSearchFolder(searched))
    #expect(AppIcons.addSearchFolder(URL(fileURLWithPath: searched.path + "/", isDirectory: true)))
    #expect(AppIcons.searchFolders == before)
  }

  @Test func theIconReachesOpenWindowsWithoutOneOfTheirOwn() throws {
    try DisplayHarness.requireDisplay()
    let previous = AppIcons.defaultName
    defer { AppIcons.defaultName = previous }
    AppIcons.defaultName = nil
    let plain = gtk_window_new()!
    let own = gtk_window_new()!
    defer {
      gtk_window_destroy(gtkkit_window(plain))
      gtk_window_destroy(gtkkit_window(own))
    }
    gtk_window_set_icon_name(gtkkit_window(own), "org.example.OwnIcon")

    AppIcons.applyEverywhere("org.example.AppIconsTests")

    #expect(
      gtk_window_get_icon_name(gtkkit_window(plain)).map { String(cString: $0) }
        == "org.example.AppIconsTests")
    #expect(gtk_window_get_icon_name(gtkkit_window(own)).map { String(cString: $0) } == "org.example.OwnIcon")
    #expect(AppIcons.defaultName == "org.example.AppIconsTests")
  }
}
