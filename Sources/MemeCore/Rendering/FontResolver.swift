// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// The font a caption is actually drawn with, as opposed to the one that was asked for.
public struct ResolvedFont: Sendable, Hashable {
  /// The family asked for; `nil` for the default meme face.
  public let requestedFamily: String?
  /// The family Pango really loaded.
  public let family: String
  /// The weight to draw with: faces that are heavy by design are not emboldened again.
  public let isBold: Bool
  /// True when a requested family was not installed and another one would be used instead.
  public var isSubstitute: Bool {
    guard let requestedFamily else { return false }
    return requestedFamily.lowercased() != family.lowercased()
  }
}

/// Finds installed fonts by asking Pango which family it really loads.
///
/// fontconfig never says "no": asked for Impact on a machine without it, it answers with whatever
/// matches best, sometimes a dingbat face. So every answer is checked against the family of the font
/// Pango actually loaded.
public enum FontResolver {
  /// The default meme faces, best first: Impact, then condensed heavy display faces, then a face
  /// every Debian machine has.
  public static let defaultFamilies: [(family: String, isBold: Bool)] = [
    ("Impact", false), ("Anton", false), ("Bebas Neue", true), ("Oswald", true),
    ("League Gothic", false), ("DejaVu Sans Condensed", true), ("DejaVu Sans", true),
  ]

  /// The default face of the caption band: a plain sans serif, Helvetica or its closest substitute.
  public static let bandFamilies: [(family: String, isBold: Bool)] = [
    ("Helvetica", false), ("Arial", false), ("Liberation Sans", false), ("Nimbus Sans", false),
    ("DejaVu Sans", false),
  ]

  /// The default face of the poster's title and subtitle: a classic serif, Times or its closest
  /// substitute.
  public static let posterFamilies: [(family: String, isBold: Bool)] = [
    ("Times New Roman", false), ("Liberation Serif", false), ("Nimbus Roman", false), ("DejaVu Serif", false),
  ]

  private static let cache = Locked<[String: ResolvedFont]>([:])

  /// The font to draw with for `family` (`nil` for the default face of `layout`'s texts: the meme
  /// face for Classic). A named family that is not installed resolves to itself with `isSubstitute`
  /// set, so callers can refuse or warn.
  public static func resolve(_ family: String?, layout: MemeLayoutKind = .classic) -> ResolvedFont {
    let key = family?.lowercased() ?? "\u{0}\(layout.rawValue)"
    let defaultFamilies = layout.defaultFaces
    if let known = cache.withLock({ $0[key] }) { return known }
    let resolved: ResolvedFont
    if let family {
      resolved = ResolvedFont(
        requestedFamily: family, family: loadedFamily(for: family, bold: true) ?? family, isBold: true)
    } else {
      // Only families the font map lists are loaded to check them: loading a face that is not
      // installed costs Pango a match and a sort of every installed font, and a face the list
      // leaves out cannot load as itself.
      let listed = listedFamilies()
      let installed = defaultFamilies.first { candidate in
        listed.contains(candidate.family.lowercased())
          && loadedFamily(for: candidate.family, bold: candidate.isBold)?.lowercased()
            == candidate.family.lowercased()
      }
      let choice = installed ?? defaultFamilies[defaultFamilies.count - 1]
      resolved = ResolvedFont(
        requestedFamily: nil, family: loadedFamily(for: choice.family, bold: choice.isBold) ?? choice.family,
        isBold: choice.isBold)
    }
    cache.withLock { $0[key] = resolved }
    return resolved
  }

  /// The families this thread's font map lists, lowercased (the map keeps the list once made).
  static func listedFamilies() -> Set<String> {
    Set(familyNames().map { $0.lowercased() })
  }

  /// Every installed family a caption can be written in, sorted for display in a chooser. Left out:
  /// fontconfig's generic aliases ("Serif", "Monospace": not fonts but whatever they stand for today)
  /// and faces without ordinary letters and digits of their own, or made for formulas (emoji, symbol
  /// and math faces).
  public static func availableFamilies() -> [String] {
    let names = familyNames()
    return Set(names).filter { !genericAliases.contains($0.lowercased()) && writesText(in: $0) }
      .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
  }

  /// The names of the families the default font map lists.
  private static func familyNames() -> [String] {
    var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
    var count: Int32 = 0
    pango_font_map_list_families(pango_cairo_font_map_get_default(), &families, &count)
    // The array is ours to free; the families in it belong to the font map.
    defer { g_free(families) }
    return (0..<Int(count)).compactMap { index in
      families?[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
    }
  }

  /// The names fontconfig and Pango give to families that stand for another (CSS generic families).
  static let genericAliases: Set<String> = [
    "sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    "ui-sans-serif", "ui-serif", "ui-monospace", "ui-rounded",
  ]

  /// Whether `family` loads as itself and draws Latin letters and digits with its own glyphs, and is
  /// not named as a face for formulas, symbols or emoji (a MATH table does not tell: DejaVu Sans has
  /// one).
  private static func writesText(in family: String) -> Bool {
    let words = Set(family.lowercased().split { !$0.isLetter }.map(String.init))
    guard words.isDisjoint(with: ["math", "symbol", "symbols", "dingbat", "dingbats", "emoji"]) else {
      return false
    }
    return withLoadedFont(family, bold: false) { font, loadedFamily in
      guard loadedFamily.lowercased() == family.lowercased(),
        let coverage = pango_font_get_coverage(font, pango_language_from_string("en"))
      else { return false }
      defer { g_object_unref(UnsafeMutableRawPointer(coverage)) }
      return "AZaz09".unicodeScalars.allSatisfy {
        pango_coverage_get(coverage, Int32($0.value)) == PANGO_COVERAGE_EXACT
      }
    } ?? false
  }

  /// The family of the font Pango loads when asked for `family`, or `nil` when it loads none.
  private static func loadedFamily(for family: String, bold: Bool) -> String? {
    withLoadedFont(family, bold: bold) { _, loadedFamily in loadedFamily }
  }

  /// Loads the font Pango picks for `family` and passes it, with the family it really is, to `body`;
  /// nil when Pango loads none.
  private static func withLoadedFont<Result>(
    _ family: String, bold: Bool, _ body: (UnsafeMutablePointer<PangoFont>, String) -> Result
  ) -> Result? {
    let context = PangoContextFactory.makeContext()
    defer { g_object_unref(UnsafeMutableRawPointer(context)) }
    guard let font = firstFont(for: family, bold: bold, in: context) else { return nil }
    defer { g_object_unref(font) }
    let loaded = pango_font_describe(font)
    defer { pango_font_description_free(loaded) }
    guard let name = pango_font_description_get_family(loaded) else { return nil }
    return body(font, String(cString: name))
  }

  /// The best match for `family`: the first font of the set Pango lays captions out with, asked for
  /// as a caption layout asks (its size, gravity, and the language a layout's text takes when its
  /// context names none). Pango sorts every installed font once for each such set, and keeps the
  /// set, so the caption layout that follows finds it made (`pango_font_map_load_font` asks without
  /// a language: a set, and a sort, of its own).
  private static func firstFont(
    for family: String, bold: Bool, in context: OpaquePointer
  ) -> UnsafeMutablePointer<PangoFont>? {
    let description = FontDescription(family: family, bold: bold, pixelSize: CaptionFitter.referenceSize)
    pango_font_description_set_gravity(description.pointer, PANGO_GRAVITY_SOUTH)
    guard
      let fontset = pango_font_map_load_fontset(
        pango_context_get_font_map(context), context, description.pointer,
        pango_context_get_language(context) ?? pango_language_get_default())
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(fontset)) }
    var first: UnsafeMutablePointer<PangoFont>?
    withUnsafeMutablePointer(to: &first) { slot in
      // Called for the set's fonts best first; returning true stops at the first.
      pango_fontset_foreach(
        fontset,
        { _, font, slot in
          slot!.assumingMemoryBound(to: UnsafeMutablePointer<PangoFont>?.self).pointee =
            font.map { UnsafeMutableRawPointer(g_object_ref($0)).assumingMemoryBound(to: PangoFont.self) }
          return 1
        }, slot)
    }
    return first
  }
}
