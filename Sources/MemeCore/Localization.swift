// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// `text` in the user's language, from the app's gettext domain "mememe".
///
/// The engine, the store and the camera word their errors for the person using the app, so those
/// messages are translated where they are made, like the UI's own `tr(...)`. xgettext collects the
/// argument (`--keyword=localized`), so it must be a plain literal: compose with
/// `String(format: localized("cannot read: %@"), ...)`, never `localized("\(x)")`. Without a
/// catalogue (the C locale, the command line's tests) gettext returns `text` unchanged.
public func localized(_ text: String) -> String {
  text.withCString { message in
    // SAFETY: g_dgettext returns either a string owned by the loaded catalogue or `message` itself,
    // which lives only inside this closure; copying it into a Swift String here covers both.
    String(cString: g_dgettext("mememe", message))
  }
}
