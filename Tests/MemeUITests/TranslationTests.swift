// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// The German translation is complete, and the real app shows it when run with `LANGUAGE=de`.
///
/// The app runs as a child process: a process has one locale, set once at start-up, so the German
/// window cannot be built inside the (English) test process. `mememe --print-texts` makes the app print
/// every text of its first window and quit; the catalogue is compiled from po/de.po into a
/// temporary folder that `MEMEME_LOCALE_DIR` points to. `LANG=C.UTF-8` is the locale every glibc
/// has; gettext then follows `LANGUAGE` (it ignores it only under the plain "C" locale).
@Suite(.serialized) struct TranslationTests {
  static let poFile = TestEnvironment.packageRoot.appendingPathComponent("po/de.po")

  @Test func everyTranslatableStringHasAGermanTranslation() throws {
    let catalogue = try Catalogue(contentsOf: Self.poFile)
    // What xgettext reads: the files po/POTFILES lists (that it lists every file with marked strings
    // is `potfilesListsEverySourceThatCallsLocalized`).
    var marked: Set<String> = []
    var modulesWithStrings: Set<String> = []
    for file in try Self.listedSwiftFiles() {
      let strings = Self.markedStrings(in: try String(contentsOf: file, encoding: .utf8))
      marked.formUnion(strings)
      if !strings.isEmpty { modulesWithStrings.insert(Self.module(of: file)) }
    }
    // And the .ui files' words marked translatable="yes", which GtkBuilder translates.
    let interfaceStrings = try Self.listedFiles().filter { $0.hasSuffix(".ui") }.flatMap {
      Self.translatableStrings(
        inInterface: try String(
          contentsOf: TestEnvironment.packageRoot.appendingPathComponent($0), encoding: .utf8))
    }
    #expect(interfaceStrings.contains("Text colour"), "the .ui files' strings are read: \(interfaceStrings)")
    marked.formUnion(interfaceStrings)
    #expect(marked.count > 100, "localized(...) strings found: \(marked.count)")
    // The engine's, the editor model's, the store's and the camera's messages reach the same dialogs.
    for module in ["MemeUI", "MemeCore", "MemeEditing", "MemeStore", "MemeCamera"] {
      #expect(modulesWithStrings.contains(module), "no localized(...) strings from \(module) in po/POTFILES")
    }
    for contract in [
      "no such file", "is a folder, not an image file", "Cannot write %@: %@", "The camera failed.",
    ] {
      #expect(marked.contains(contract), "\(contract) stays the source text")
    }
    let untranslated = marked.filter { catalogue.translations[$0]?.isEmpty ?? true }.sorted()
    #expect(untranslated.isEmpty, "not in po/de.po or untranslated: \(untranslated)")
    for contract in ["Share", "Cancel", "Camera", "Album", "Save As…", "Copy Image", "Open With…"] {
      #expect(marked.contains(contract), "\(contract) stays the source text")
    }

    let check = try ChildProcess.run(
      "/usr/bin/env", ["msgfmt", "--check", "--statistics", "-o", "/dev/null", Self.poFile.path])
    #expect(check.status == 0, "\(check.errors)")
    #expect(!check.errors.contains("untranslated") && !check.errors.contains("fuzzy"), "\(check.errors)")
  }

  /// xgettext reads the files po/POTFILES lists: every source file that calls `localized(` or
  /// `localizedPlural(` is there (a new file's strings would otherwise never reach a translator, nor
  /// the test above), and every file listed exists.
  @Test func potfilesListsEverySourceThatCallsLocalized() throws {
    let root = TestEnvironment.packageRoot
    let listed = Set(try Self.listedFiles())
    let sources = root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var calling: Set<String> = []
    for case let file as URL in files where file.pathExtension == "swift" {
      guard Self.callsLocalized(try String(contentsOf: file, encoding: .utf8)) else { continue }
      calling.insert(String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
    }
    #expect(calling.count > 40, "files calling localized(...): \(calling.count)")
    #expect(calling.contains { $0.hasPrefix("Sources/MemeEditing/") }, "the editor model's files are scanned")
    let unlisted = calling.subtracting(listed).sorted()
    #expect(unlisted.isEmpty, "not in po/POTFILES: \(unlisted)")
    let gone = listed.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    #expect(gone.isEmpty, "in po/POTFILES but not in the tree: \(gone.sorted())")
  }

  /// The check itself: a call counts, wherever its argument comes from; a comment or the wrappers'
  /// own definitions do not.
  @Test func aCallOfLocalizedIsFoundAndAMentionIsNot() {
    #expect(Self.callsLocalized(#"  let title = localized("Share")"#))
    #expect(Self.callsLocalized("  return localized(reason)"))
    #expect(Self.callsLocalized(#"  localizedPlural("%d meme", "%d memes", count)"#))
    #expect(!Self.callsLocalized("  // localized(...) marks a string"))
    #expect(!Self.callsLocalized("public func localized(_ text: String) -> String {"))
  }

  @Test func runningWithLanguageDeShowsTheGermanEditor() throws {
    let locale = try compileCatalogue()
    let german = try dumpEditor(language: "de", localeDirectory: locale)
    for text in [
      "Teilen", "Abbrechen", "Kamera", "Album", "Speichern unter…", "Bild kopieren", "Öffnen mit…",
      "Per E-Mail senden", "Noch kein Bild", "Tastenkürzel", "Info zu MemeMe", "Stil & Anordnung",
      // Crop mode's Done: its bar is built when crop mode first opens, and for the printed texts.
      "Hauptmenü", "Fertig",
      // The Share menu's size limits, numbers and all.
      "Größengrenze", "Unter 25 MB", "Unter 8 MB", "Unter 1 MB",
    ] {
      #expect(german.contains(text), "\(text) in \(german)")
    }
    #expect(!german.contains("Share") && !german.contains("Keyboard Shortcuts"), "\(german)")
    // The window is titled after its meme (a new one); the app's name shows untranslated in the menu.
    #expect(german.contains("Neues Meme"), "the editor's title")
    #expect(german.contains("Info zu MemeMe"), "the name is not translated")

    // The same build without LANGUAGE speaks English: the words above came from the catalogue.
    let english = try dumpEditor(language: nil, localeDirectory: locale)
    #expect(english.contains("Share") && english.contains("Keyboard Shortcuts"), "\(english)")
    #expect(!english.contains("Teilen"))
  }

  /// `build-aux/run-app.sh` puts the data beside the binary (build-aux/stage-data.sh): run from the
  /// build tree with no variable pointing at an install, the app speaks German and finds its icon.
  @Test func theBinaryFindsTheTranslationsAndTheIconStagedBesideIt() throws {
    try DisplayHarness.requireDisplay()
    let share = try StagedData.stage()

    let german = try dumpEditor(language: "de", localeDirectory: nil)
    for text in ["Teilen", "Abbrechen", "Kamera", "Speichern unter…", "Tastenkürzel"] {
      #expect(german.contains(text), "\(text) in \(german)")
    }
    #expect(!german.contains("Share"), "\(german)")

    // The icon where the binary looks (`<prefix>/share/icons` for `<prefix>/bin/mememe`), found by
    // GTK's own icon lookup in a theme that searches only there.
    let icons = share.appendingPathComponent("icons")
    let theme = gtk_icon_theme_new()!
    defer { g_object_unref(theme.raw) }
    try icons.path.withCString { path in
      var paths: [UnsafePointer<CChar>?] = [path, nil]
      try #require(paths.count == 2)
      gtk_icon_theme_set_search_path(theme, &paths)
    }
    #expect(gtk_icon_theme_has_icon(theme, AppIdentity.applicationID) != 0)
    let icon = gtk_icon_theme_lookup_icon(
      theme, AppIdentity.applicationID, nil, 128, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0))!
    defer { g_object_unref(icon.raw) }
    let file = try #require(gtk_icon_paintable_get_file(icon))
    defer { g_object_unref(file.raw) }
    let path = try #require(FileURL.url(of: file)).path
    #expect(path.hasPrefix(icons.path) && path.hasSuffix("\(AppIdentity.applicationID).svg"), "\(path)")
  }

  // MARK: - Helpers

  /// The files po/POTFILES lists, as paths from the package root.
  static func listedFiles() throws -> [String] {
    try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("po/POTFILES"), encoding: .utf8)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// The Swift files po/POTFILES lists.
  static func listedSwiftFiles() throws -> [URL] {
    try listedFiles().filter { $0.hasSuffix(".swift") }.map {
      TestEnvironment.packageRoot.appendingPathComponent($0)
    }
  }

  /// The module a file under `Sources/<module>/` belongs to.
  static func module(of file: URL) -> String {
    let parts = file.standardizedFileURL.pathComponents
    guard let sources = parts.lastIndex(of: "Sources"), sources + 1 < parts.count else { return "" }
    return parts[sources + 1]
  }

  /// Whether a code line (not a comment) of `source` calls `localized(` or `localizedPlural(`, other
  /// than where the wrappers are defined.
  static func callsLocalized(_ source: String) -> Bool {
    let call = try! NSRegularExpression(pattern: #"(?<!func )\blocalized(Plural)?\("#)
    return source.split(separator: "\n").contains { line in
      let code = String(line)
      guard !code.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return false }
      return call.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }
  }

  /// The texts of a GtkBuilder file's elements marked translatable="yes", XML entities decoded.
  static func translatableStrings(inInterface xml: String) -> [String] {
    let regex = try! NSRegularExpression(pattern: #"<[a-z]+ [^>]*translatable="yes"[^>]*>([^<]*)<"#)
    return regex.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).compactMap { match in
      Range(match.range(at: 1), in: xml).map {
        String(xml[$0]).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
          of: "&gt;", with: ">"
        )
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
      }
    }
  }

  /// `localized("...")` literals and the singular of `localizedPlural("...", "...", n)` (a
  /// .po entry's msgid), unescaped as Swift reads them; comments are skipped.
  static func markedStrings(in source: String) -> [String] {
    let source = source.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    let literal = #""((?:[^"\\]|\\.)*)""#
    let patterns = [
      #"\blocalized\(\s*"# + literal + #"\s*\)"#, #"\blocalizedPlural\(\s*"# + literal + #"\s*,"#,
    ]
    var found: [String] = []
    for pattern in patterns {
      let regex = try! NSRegularExpression(pattern: pattern)
      let range = NSRange(source.startIndex..., in: source)
      for match in regex.matches(in: source, range: range) {
        for group in 1..<match.numberOfRanges {
          guard let range = Range(match.range(at: group), in: source) else { continue }
          found.append(Catalogue.unescape(String(source[range])))
        }
      }
    }
    return found
  }

  /// po/de.po compiled to `<temporary>/de/LC_MESSAGES/mememe.mo`; returns `<temporary>`.
  private func compileCatalogue() throws -> URL {
    let folder = ScratchFolder.path("locale")
    let messages = folder.appendingPathComponent("de/LC_MESSAGES", isDirectory: true)
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let result = try ChildProcess.run(
      "/usr/bin/env", ["msgfmt", "-o", messages.appendingPathComponent("mememe.mo").path, Self.poFile.path])
    try #require(result.status == 0, "msgfmt: \(result.errors)")
    return folder
  }

  /// The texts of the editor the app shows at launch, in `language`, with catalogues from
  /// `localeDirectory`, or (nil) wherever the binary finds them by itself.
  private func dumpEditor(language: String?, localeDirectory: URL?) throws -> [String] {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mememe-dump-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: home) }
    var environment = ProcessInfo.processInfo.environment
    for variable in [
      "LC_ALL", "LC_MESSAGES", "LANGUAGE", "MEMEME_CAMERA_SOURCE", "MEMEME_LOCALE_DIR", "MEMEME_DATA_DIR",
    ] {
      environment.removeValue(forKey: variable)
    }
    environment["LANG"] = "C.UTF-8"
    if let language { environment["LANGUAGE"] = language }
    if let localeDirectory { environment["MEMEME_LOCALE_DIR"] = localeDirectory.path }
    // A fresh user: no sent memes (so the editor is the first window), settings in memory.
    environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
    environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
    environment["GSETTINGS_BACKEND"] = "memory"
    let binary = StagedData.binaries.appendingPathComponent("mememe")
    let result = try ChildProcess.run(binary.path, ["--print-texts"], environment: environment)
    try #require(result.status == 0, "mememe exited with \(result.status): \(result.errors)")
    return result.output.split(separator: "\n").map(String.init)
  }
}

/// The msgid → msgstr pairs of a .po file (plural entries by their singular, all forms joined).
struct Catalogue {
  var translations: [String: String] = [:]

  init(contentsOf url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    for entry in text.components(separatedBy: "\n\n") {
      var current: String?
      var fields: [String: String] = [:]
      for line in entry.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
        if let space = line.firstIndex(of: " "), !line.hasPrefix("\"") {
          current = String(line[..<space])
          fields[current!] = Self.unquote(String(line[line.index(after: space)...]))
        } else if let key = current, line.hasPrefix("\"") {
          fields[key, default: ""] += Self.unquote(line)
        }
      }
      guard let id = fields["msgid"], !id.isEmpty else { continue }
      translations[id] =
        fields["msgstr"] ?? fields.filter { $0.key.hasPrefix("msgstr[") }.map(\.value).joined()
    }
  }

  private static func unquote(_ quoted: String) -> String {
    let trimmed = quoted.trimmingCharacters(in: .whitespaces)
    guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return "" }
    return unescape(String(trimmed.dropFirst().dropLast()))
  }

  /// C and Swift escapes as both write them in these strings: \" \\ \n.
  static func unescape(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "n" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
