// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
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

  /// The resolver loads only the default faces the font map lists; the plain search, every face
  /// loaded through Pango, must find the same one, and every face left out must fail to load as itself.
  @Test func defaultFaceIsTheFirstMemeFaceThatLoadsAsItself() throws {
    let context = PangoContextFactory.makeContext()
    defer { g_object_unref(UnsafeMutableRawPointer(context)) }
    let loadsAsItself = { (candidate: (family: String, isBold: Bool)) -> Bool in
      let description = FontDescription(family: candidate.family, bold: candidate.isBold, pixelSize: 32)
      guard
        let font = pango_font_map_load_font(pango_context_get_font_map(context), context, description.pointer)
      else { return false }
      defer { g_object_unref(font) }
      let loaded = pango_font_describe(font)
      defer { pango_font_description_free(loaded) }
      return pango_font_description_get_family(loaded).map { String(cString: $0).lowercased() }
        == candidate.family.lowercased()
    }
    let expected = try #require(
      FontResolver.defaultFamilies.first(where: loadsAsItself) ?? FontResolver.defaultFamilies.last)
    let font = FontResolver.resolve(nil)
    #expect(font.family.lowercased() == expected.family.lowercased() && font.isBold == expected.isBold)
    let listed = FontResolver.listedFamilies()
    #expect(listed.contains(font.family.lowercased()))
    for candidate in FontResolver.defaultFamilies where !listed.contains(candidate.family.lowercased()) {
      #expect(!loadsAsItself(candidate), "\(candidate.family) is not listed but loads as itself")
    }
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
