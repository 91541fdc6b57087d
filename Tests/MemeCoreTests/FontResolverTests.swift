// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeCore

@Suite struct FontResolverTests {
  @Test func defaultFaceIsOneOfTheMemeFacesAndReallyLoaded() {
    let font = FontResolver.resolve(nil)
    let candidates = FontResolver.defaultFamilies.map { $0.family.lowercased() }
    #expect(candidates.contains(font.family.lowercased()), "loaded \(font.family)")
    #expect(!font.isSubstitute)
    #expect(FontResolver.availableFamilies().contains { $0.lowercased() == font.family.lowercased() })
  }

  @Test func missingFamilyIsReportedAsSubstitute() {
    let font = FontResolver.resolve("No Such Family Anywhere 7319")
    #expect(font.isSubstitute)
  }

  @Test func installedFamilyResolvesToItself() throws {
    let installed = try #require(FontResolver.availableFamilies().first { $0 == "DejaVu Sans" })
    let font = FontResolver.resolve(installed)
    #expect(!font.isSubstitute)
    #expect(font.family == installed)
  }
}
