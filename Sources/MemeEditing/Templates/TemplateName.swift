// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The name a new template gets before the user renames it, and the gallery's search by name.
public nonisolated enum TemplateName {
  /// Names longer than this are cut (at a character boundary) with an ellipsis.
  static let maximumLength = 60

  /// The picture's file name without its extension when a person chose it, else the captions, else
  /// "Template". File names the app made itself (the store's copies, pasted pictures) say nothing.
  public static func suggested(forPictureAt url: URL?, captions: [String] = []) -> String {
    if let url, let stem = personalStem(of: url) { return bounded(stem) }
    let words = captions.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    if !words.isEmpty { return bounded(words.joined(separator: " / ")) }
    return localized("Template")
  }

  /// The name an imported file gives its template: its file name without the extension.
  public static func imported(from url: URL) -> String {
    let stem = url.deletingPathExtension().lastPathComponent.trimmingCharacters(in: .whitespacesAndNewlines)
    return stem.isEmpty ? url.lastPathComponent : bounded(stem)
  }

  /// Whether `name` matches what was typed in the gallery's search: every word of `query` appears
  /// in it, ignoring case and accents ("cafe" finds "Café"). An empty query matches every name.
  public static func matches(_ name: String, query: String) -> Bool {
    let words = query.split(whereSeparator: \.isWhitespace)
    return words.allSatisfy { word in
      name.range(of: word, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil
    }
  }

  private static func personalStem(of url: URL) -> String? {
    let stem = url.deletingPathExtension().lastPathComponent.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !stem.isEmpty, !stem.hasPrefix("."), !isMadeByTheApp(stem, in: url) else { return nil }
    return stem
  }

  /// The store's copies are named by a UUID and a role; pasted and camera pictures live in the
  /// app's cache.
  private static func isMadeByTheApp(_ stem: String, in url: URL) -> Bool {
    if UUID(uuidString: String(stem.prefix(36))) != nil { return true }
    return url.standardizedFileURL.path.hasPrefix(CacheFolder.url.standardizedFileURL.path + "/")
  }

  private static func bounded(_ text: String) -> String {
    guard text.count > maximumLength else { return text }
    return String(text.prefix(maximumLength - 1)) + "…"
  }
}
