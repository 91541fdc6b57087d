// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeTextReading

/// Which trained data the reader loads: English always, first; the user's language beside it when
/// Debian's data for it is installed (German is, for these tests: build-aux/debian-packages.txt).
@Suite struct TextLanguagesTests {
  @Test func aGermanUserReadsEnglishThenGerman() throws {
    let languages = try #require(TextLanguages.forUser(environment: ["LANG": "de_DE.UTF-8"]))
    #expect(languages.names == ["eng", "deu"])
    #expect(languages.tesseractName == "eng+deu")
    #expect(
      TextLanguages.forUser(environment: ["LANGUAGE": "de:en", "LANG": "C.UTF-8"])?.names == ["eng", "deu"])
  }

  @Test func anEnglishUserOrOneWithoutDataReadsEnglish() {
    #expect(TextLanguages.forUser(environment: ["LANG": "en_GB.UTF-8"])?.names == ["eng"])
    #expect(TextLanguages.forUser(environment: [:])?.names == ["eng"])
    // Klingon has no data anywhere; Breton's is not installed.
    #expect(TextLanguages.forUser(environment: ["LANG": "tlh"])?.names == ["eng"])
    #expect(TextLanguages.forUser(environment: ["LANG": "br_FR.UTF-8"])?.names == ["eng"])
  }

  @Test func localesMapToTesseractsNames() {
    #expect(TextLanguages.tesseractName(forLocale: "fr_CA.UTF-8") == "fra")
    #expect(TextLanguages.tesseractName(forLocale: "zh_TW.UTF-8") == "chi_tra")
    #expect(TextLanguages.tesseractName(forLocale: "zh_CN.UTF-8") == "chi_sim")
    #expect(TextLanguages.tesseractName(forLocale: "nb_NO.UTF-8") == "nor")
    #expect(TextLanguages.tesseractName(forLocale: "C") == nil)
  }

  @Test func aFolderWithoutDataGivesNoLanguagesAndNoReader() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-tessdata-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect(TextLanguages.forUser(environment: ["TESSDATA_PREFIX": empty.path]) == nil)
    // Data that is not Tesseract's is refused when it is loaded, not by a crash.
    try Data("not trained data".utf8).write(to: empty.appendingPathComponent("eng.traineddata"))
    let damaged = try #require(TextLanguages(names: ["eng"], dataFolder: empty))
    #expect(PictureTextReader(languages: damaged) == nil)
  }
}
