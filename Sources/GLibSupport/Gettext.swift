// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGLib
import Foundation

/// `text` in the user's language, from the app's gettext domain "mememe".
///
/// Every string a person reads goes through here: the windows' labels and the messages the engine,
/// the store and the camera word for the person using the app. xgettext finds them by the name: it
/// has no Swift parser, reads .swift files as C (which handles plain string literals) and collects the
/// first argument of `localized(...)` (`--keyword=localized`). So the argument must be a plain
/// literal: compose with `String(format: localized("cannot read: %@"), ...)`, never
/// `localized("\(x)")`. Without a catalogue (the C locale, the command line's tests) it returns `text`.
/// Callable from any thread: gettext's lookups are thread-safe once the domain is bound.
public func localized(_ text: String) -> String {
  Gettext.translate(text, domain: Gettext.appDomain)
}

/// `singular` or `plural` as the user's language words `count` things (some have several plurals),
/// for `String(format:)` with the count. xgettext: `--keyword=localizedPlural:1,2`.
public func localizedPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
  Gettext.translate(singular, plural: plural, count: count, domain: Gettext.appDomain)
}

/// gettext message catalogues: binding a text domain at start-up and looking strings up in it.
public enum Gettext {
  /// The app's text domain: its catalogues are `<language>/LC_MESSAGES/mememe.mo`.
  public static let appDomain = "mememe"

  /// Takes the user's locale from the environment (LANG, LC_*, LANGUAGE) and binds `domain` to
  /// the `.mo` files under `directory` (`<directory>/<language>/LC_MESSAGES/<domain>.mo`).
  /// Call once, before any window is built.
  public static func setUp(domain: String, directory: URL) {
    // Without setlocale the process stays in the "C" locale and gettext never translates.
    setlocale(LC_ALL, "")
    bindtextdomain(domain, directory.path)
    // Catalogues may be in any charset; GTK wants UTF-8.
    bind_textdomain_codeset(domain, "UTF-8")
    textdomain(domain)
  }

  /// The form of `singular`/`plural` for `count` in `domain`, or `singular`/`plural` by English rules.
  public static func translate(
    _ singular: String, plural: String, count: Int, domain: String
  ) -> String {
    singular.withCString { one in
      plural.withCString { many in
        String(cString: g_dngettext(domain, one, many, gulong(clamping: max(count, 0))))
      }
    }
  }

  /// `text` translated in `domain`, or `text` itself when there is no translation.
  public static func translate(_ text: String, domain: String) -> String {
    // g_dgettext returns either its argument or a string owned by the catalogue; both are copied
    // into the Swift string before the temporary C string of `text` goes away.
    text.withCString { message in
      String(cString: g_dgettext(domain, message))
    }
  }
}
