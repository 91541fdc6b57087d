// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// gettext message catalogues: binding a text domain at start-up and looking strings up in it.
public enum Gettext {
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
  nonisolated public static func translate(
    _ singular: String, plural: String, count: Int, domain: String
  ) -> String {
    singular.withCString { one in
      plural.withCString { many in
        String(cString: g_dngettext(domain, one, many, gulong(clamping: max(count, 0))))
      }
    }
  }

  /// `text` translated in `domain`, or `text` itself when there is no translation. Callable from
  /// any thread: gettext's lookups are thread-safe once the domain is bound.
  nonisolated public static func translate(_ text: String, domain: String) -> String {
    // g_dgettext returns either its argument or a string owned by the catalogue; both are copied
    // into the Swift string before the temporary C string of `text` goes away.
    text.withCString { message in
      String(cString: g_dgettext(domain, message))
    }
  }
}
