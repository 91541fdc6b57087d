// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCore

@Suite struct CaptionTextTests {
  @Test func upperCasingUsesFullUnicodeMapping() {
    #expect(
      CaptionText.normalized("straße", uppercase: true, locale: Locale(identifier: "de_DE")) == "STRASSE")
    #expect(
      CaptionText.normalized("ǆemal", uppercase: true, locale: Locale(identifier: "en_US")).hasPrefix("Ǆ"))
  }

  @Test func upperCasingFollowsTheLanguage() {
    #expect(
      CaptionText.normalized("istanbul", uppercase: true, locale: Locale(identifier: "tr_TR")) == "İSTANBUL")
    #expect(
      CaptionText.normalized("istanbul", uppercase: true, locale: Locale(identifier: "en_US")) == "ISTANBUL")
  }

  @Test func keepsCaseWhenAsked() {
    #expect(CaptionText.normalized("Hello", uppercase: false) == "Hello")
  }

  @Test func trimsAndKeepsExplicitLineBreaks() {
    #expect(CaptionText.normalized("  one\r\ntwo\rthree \n", uppercase: false) == "one\ntwo\nthree")
  }

  @Test func dropsControlCharacters() {
    #expect(CaptionText.normalized("a\u{7}b\u{0}c\u{1B}d\te", uppercase: false) == "abcd e")
    // The C1 controls too: NEXT LINE (U+0085) is neither drawn nor a line break.
    #expect(CaptionText.normalized("a\u{80}b\u{85}c\u{9F}d\u{A0}e", uppercase: false) == "abcd\u{A0}e")
  }
}
