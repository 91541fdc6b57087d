// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The languages Tesseract reads in, as its trained data names them ("eng", "deu"), and where that
/// data is. English is always read, first (most memes are in it, whatever the reader's language,
/// and a German model tried first reads English capitals worse: "VAGATION", "B0SS"); the user's
/// own language next when its data is installed (Debian's `tesseract-ocr-deu` and its siblings):
/// Tesseract tries it on the words English reads badly.
public struct TextLanguages: Sendable, Hashable {
  /// Tesseract's names, the first tried first.
  public let names: [String]
  /// The folder holding `<name>.traineddata`.
  public let dataFolder: URL

  /// Where Debian's tesseract-ocr packages put the data, unless `TESSDATA_PREFIX` says otherwise.
  public static func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let prefix = environment["TESSDATA_PREFIX"], prefix.hasPrefix("/") {
      return URL(fileURLWithPath: prefix, isDirectory: true)
    }
    return URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata", isDirectory: true)
  }

  /// `names` that have data in `dataFolder`, in their order; nil when none has.
  public init?(names: [String], dataFolder: URL = Self.dataFolder()) {
    var seen = Set<String>()
    let installed = names.filter { name in
      seen.insert(name).inserted
        && FileManager.default.fileExists(
          atPath: dataFolder.appendingPathComponent("\(name).traineddata", isDirectory: false).path)
    }
    guard !installed.isEmpty else { return nil }
    self.names = installed
    self.dataFolder = dataFolder
  }

  /// English and the user's language (from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG`, as
  /// gettext looks); nil when no data is installed for either.
  public static func forUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> Self? {
    let locale = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    let first = locale?.split(separator: ":").first.map(String.init) ?? ""
    return Self(
      names: ["eng", tesseractName(forLocale: first)].compactMap { $0 },
      dataFolder: dataFolder(environment: environment))
  }

  /// Tesseract's name for the language of a POSIX locale ("de_DE.UTF-8" is "deu"), or nil for one
  /// Debian has no data for under a name given here.
  static func tesseractName(forLocale locale: String) -> String? {
    let language = locale.prefix { $0.isLetter }.lowercased()
    if language == "zh" {
      return locale.contains("TW") || locale.contains("HK") || locale.contains("Hant") ? "chi_tra" : "chi_sim"
    }
    return tesseractNames[language]
  }

  /// ISO 639-1 codes to Tesseract's (ISO 639-2/T) for the languages Debian packages data for that
  /// people write memes in most.
  private static let tesseractNames: [String: String] = [
    "ar": "ara", "bg": "bul", "ca": "cat", "cs": "ces", "da": "dan", "de": "deu", "el": "ell", "en": "eng",
    "es": "spa", "et": "est", "fa": "fas", "fi": "fin", "fr": "fra", "he": "heb", "hi": "hin", "hr": "hrv",
    "hu": "hun", "id": "ind", "it": "ita", "ja": "jpn", "ko": "kor", "lt": "lit", "lv": "lav", "nb": "nor",
    "nl": "nld", "nn": "nor", "no": "nor", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus", "sk": "slk",
    "sl": "slv", "sr": "srp", "sv": "swe", "th": "tha", "tr": "tur", "uk": "ukr", "vi": "vie",
  ]

  /// The names as Tesseract is given them: "deu+eng".
  var tesseractName: String { names.joined(separator: "+") }
}
