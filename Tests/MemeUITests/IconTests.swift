// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// Every icon the app shows is a real picture on this machine: the app's own icon and every theme
/// icon in `IconName.all`, as GTK's icon theme finds them for the display and gdk-pixbuf decodes
/// them.
///
/// GTK reports nothing when it cannot find or decode an icon: it draws its image-missing picture
/// instead. Without gdk-pixbuf's SVG loader (Debian's librsvg2-common) GTK passes over every SVG
/// icon, so the app's icon, which exists only as an SVG, is not found at all.
@Suite(.serialized) struct IconTests {
  static let sizes: [Int32] = [16, 32, 128]

  /// The app's icon (from the data staged beside the binary) and every name in `IconName.all` at
  /// 16, 32 and 128 pixels: GTK finds a file that is not its image-missing picture, and gdk-pixbuf
  /// decodes that file at the size with something to see in it.
  @Test func theAppIconAndEveryIconOfTheUIAreFoundAndDecodeAtEverySize() throws {
    try DisplayHarness.requireDisplay()
    let icons = try StagedData.stage().appendingPathComponent("icons")
    let theme = try Self.displayTheme(alsoSearching: icons)
    defer { g_object_unref(theme.raw) }
    let svgHint = Self.gdkPixbufReadsSVG ? "" : " (gdk-pixbuf has no SVG loader: install librsvg2-common)"

    for name in [AppIdentity.applicationID] + IconName.all {
      for size in Self.sizes {
        let found = try Self.lookUp(name, size: size, in: theme)
        if name == IconName.missingThumbnail {
          // Asked for by name, so it must be the theme's own file, not GTK's stand-in for a missing
          // icon (a resource of GTK's, /org/gtk/libgtk/icons/16x16/status/image-missing.png).
          guard found.isFileURL && found.lastPathComponent.hasPrefix(name) else {
            Issue.record("\(name) at \(size) px: not a file of the icon theme but \(found)\(svgHint)")
            continue
          }
        } else if found.lastPathComponent.hasPrefix("image-missing") {
          Issue.record(
            "\(name) at \(size) px: GTK found no icon and draws image-missing (\(found))\(svgHint)")
          continue
        }
        Self.expectDecodes(found, as: "\(name) at \(size) px", size: size, hint: svgHint)
      }
    }
  }

  /// A `-symbolic"` literal anywhere in MemeUI but the list itself is an icon the test above would not
  /// check: every one must be a name in `IconName.all`, and the list holds each of its names once.
  @Test func everyIconNameInMemeUIIsInTheList() throws {
    let sources = TestEnvironment.packageRoot.appendingPathComponent("Sources/MemeUI")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    let listed = Set(IconName.all)
    #expect(listed.count == IconName.all.count, "a name appears twice in IconName.all: \(IconName.all)")
    var listFileNames: Set<String> = []
    var scanned = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      let names = Self.symbolicLiterals(in: try String(contentsOf: file, encoding: .utf8))
      scanned += 1
      if file.lastPathComponent == "IconName.swift" {
        listFileNames.formUnion(names)
        continue
      }
      let unlisted = names.filter { !listed.contains($0) }
      #expect(
        unlisted.isEmpty,
        "\(file.lastPathComponent) names icons outside IconName (add them there and use it): \(unlisted)")
    }
    #expect(scanned > 50, "Swift files scanned in Sources/MemeUI: \(scanned)")
    // Every name written in the list's file is in `all`, so none escapes the test above.
    #expect(
      listFileNames == listed,
      "in IconName.swift but not in all: \(listFileNames.subtracting(listed).sorted())")
  }

  /// The check above fails, naming the icon and the size, when the SVG loader is missing: it runs again
  /// in a child process whose gdk-pixbuf reads a copy of the loaders cache without the SVG loader.
  /// There GTK takes Adwaita's PNG renderings of the theme icons (up to 96 pixels, scaled up for
  /// 128), and the app's icon, an SVG alone, is not found.
  @Test func withoutTheSVGLoaderTheCheckFailsNamingTheIcon() throws {
    try DisplayHarness.requireDisplay()
    let cache = try Self.loadersCacheWithoutSVG()
    var environment = ProcessInfo.processInfo.environment
    environment["GDK_PIXBUF_MODULE_FILE"] = cache.path
    let result = try ChildProcess.run(
      CommandLine.arguments[0],
      [
        "--testing-library", "swift-testing", "--filter",
        "MemeUITests.IconTests/theAppIconAndEveryIconOfTheUIAreFoundAndDecodeAtEverySize",
      ], environment: environment, limit: 120)
    let printed = result.output + result.errors
    #expect(result.status != 0, "the check passed without the SVG loader:\n\(printed)")
    for size in Self.sizes {
      #expect(
        printed.contains("\(AppIdentity.applicationID) at \(size) px: GTK found no icon"),
        "no failure for the app's icon at \(size) px:\n\(printed)")
    }
    #expect(printed.contains("install librsvg2-common"), "\(printed)")
  }

  // MARK: - Helpers

  /// A new GtkIconTheme for the default display, as the display's own: the theme GTK's settings name
  /// (Adwaita), hicolor beneath it and the same folders, plus `folder` as the app adds its own icons
  /// when it runs outside the system's data folders. A theme of its own, so that the folder is not
  /// added to the one every other test's windows use.
  private static func displayTheme(alsoSearching folder: URL) throws -> OpaquePointer {
    let display = try #require(gdk_display_get_default())
    let theme = gtk_icon_theme_new()!
    var value = GValue()
    g_value_init(&value, gdk_display_get_type())
    g_value_set_object(&value, display.raw)
    g_object_set_property(theme.raw.assumingMemoryBound(to: GObject.self), "display", &value)
    g_value_unset(&value)
    gtk_icon_theme_add_search_path(theme, folder.path)
    let ours = themeName(theme)
    let displays = themeName(gtk_icon_theme_get_for_display(display))
    #expect(ours != nil && ours == displays, "theme \(ours ?? "none"), the display's \(displays ?? "none")")
    return theme
  }

  private static func themeName(_ theme: OpaquePointer) -> String? {
    guard let name = gtk_icon_theme_get_theme_name(theme) else { return nil }
    defer { g_free(name) }  // transfer full
    return String(cString: name)
  }

  /// The file GTK would draw for `name` at `size` (scale 1, the widgets' direction, no lookup flags,
  /// as GtkImage asks): a file URL, or a `resource:` one for GTK's own icons.
  private static func lookUp(_ name: String, size: Int32, in theme: OpaquePointer) throws -> URL {
    let icon = try #require(
      gtk_icon_theme_lookup_icon(
        theme, name, nil, size, 1, gtk_widget_get_default_direction(), GtkIconLookupFlags(0)))
    defer { g_object_unref(icon.raw) }
    let file = try #require(gtk_icon_paintable_get_file(icon), "\(name) at \(size) px: no file")
    defer { g_object_unref(file.raw) }
    return try #require(FileURL.url(of: file), "\(name) at \(size) px: no file")
  }

  /// Decodes `source` with gdk-pixbuf at `size` (the larger side, aspect kept) and expects a picture
  /// of that size with some pixel that is not fully transparent.
  private static func expectDecodes(_ source: URL, as what: String, size: Int32, hint: String) {
    guard let natural = decode(source, size: -1, what: what, hint: hint) else { return }
    defer { g_object_unref(natural.raw) }
    guard let pixbuf = decode(source, size: size, what: what, hint: hint) else { return }
    defer { g_object_unref(pixbuf.raw) }
    let (width, height) = (gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf))
    let (naturalWidth, naturalHeight) = (gdk_pixbuf_get_width(natural), gdk_pixbuf_get_height(natural))
    // The longer side is `size`; the shorter keeps the picture's aspect, within a pixel of rounding.
    let long = max(naturalWidth, naturalHeight)
    let short = min(naturalWidth, naturalHeight)
    let expectedShort = (Double(size) * Double(short) / Double(long)).rounded()
    #expect(
      max(width, height) == size && abs(Double(min(width, height)) - expectedShort) <= 1
        && (width >= height) == (naturalWidth >= naturalHeight),
      "\(what): \(source) decodes to \(width)×\(height) (its own size \(naturalWidth)×\(naturalHeight))")
    #expect(hasVisiblePixel(pixbuf), "\(what): \(source) is fully transparent at \(width)×\(height)")
  }

  /// `source` decoded by gdk-pixbuf with its longer side `size` (-1: its own size), or nil after
  /// recording why not.
  private static func decode(_ source: URL, size: Int32, what: String, hint: String) -> OpaquePointer? {
    var error: UnsafeMutablePointer<GError>?
    let pixbuf =
      source.isFileURL
      ? gdk_pixbuf_new_from_file_at_scale(source.path, size, size, 1, &error)
      : gdk_pixbuf_new_from_resource_at_scale(source.path, size, size, 1, &error)
    if let error {
      defer { g_error_free(error) }
      Issue.record(
        "\(what): gdk-pixbuf cannot decode \(source): \(String(cString: error.pointee.message))\(hint)")
      return nil
    }
    if pixbuf == nil { Issue.record("\(what): gdk-pixbuf decoded nothing from \(source)\(hint)") }
    return pixbuf
  }

  /// Whether any pixel's alpha is above zero (a picture without alpha is opaque).
  private static func hasVisiblePixel(_ pixbuf: OpaquePointer) -> Bool {
    guard gdk_pixbuf_get_has_alpha(pixbuf) != 0 else { return true }
    let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    guard let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return false }
    for y in 0..<height {
      for x in 0..<width where pixels[y * stride + x * channels + channels - 1] > 0 { return true }
    }
    return false
  }

  /// Whether gdk-pixbuf in this process has a loader for SVG.
  private static var gdkPixbufReadsSVG: Bool {
    guard let formats = gdk_pixbuf_get_formats() else { return false }
    defer { g_slist_free(formats) }
    var item: UnsafeMutablePointer<GSList>? = formats
    while let current = item {
      let format = OpaquePointer(current.pointee.data)
      if let name = gdk_pixbuf_format_get_name(format) {
        defer { g_free(name) }
        if String(cString: name) == "svg" { return true }
      }
      item = current.pointee.next
    }
    return false
  }

  /// A copy of gdk-pixbuf's loaders cache (where pkg-config says it is) without the SVG loader's
  /// entry, in the scratch folder.
  private static func loadersCacheWithoutSVG() throws -> URL {
    let query = try ChildProcess.run(
      "/usr/bin/env", ["pkg-config", "--variable=gdk_pixbuf_cache_file", "gdk-pixbuf-2.0"])
    let path = query.output.trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(query.status == 0 && !path.isEmpty, "pkg-config: \(query.errors)")
    let cache = try String(contentsOfFile: path, encoding: .utf8)
    // One entry per loader, separated by blank lines; the SVG loader's names its format "svg".
    let entries = cache.components(separatedBy: "\n\n")
    let kept = entries.filter { !$0.split(separator: "\n").contains { $0.hasPrefix("\"svg\" ") } }
    try #require(kept.count == entries.count - 1, "no single SVG loader in \(path)")
    let copy = ScratchFolder.path("loaders-without-svg.cache")
    try kept.joined(separator: "\n\n").write(to: copy, atomically: true, encoding: .utf8)
    return copy
  }

  /// The string literals ending in `-symbolic` in Swift source, outside `//` comments.
  static func symbolicLiterals(in source: String) -> [String] {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    let regex = try! NSRegularExpression(pattern: #""((?:[^"\\\n]|\\.)*-symbolic)""#)
    return regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
      Range(match.range(at: 1), in: code).map { String(code[$0]) }
    }
  }
}
