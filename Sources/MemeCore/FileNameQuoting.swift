// SPDX-License-Identifier: GPL-3.0-or-later

/// File names as messages show them. A name is any bytes but `/` and NUL: a newline in it would break
/// a one-line error in two, and an escape sequence would reach the terminal and act there. So, like
/// `ls` and coreutils' messages, a name made only of harmless characters is shown as it is, and any
/// other is single-quoted with control characters written as `$'\n'` escapes, the shell's own syntax.
public enum FileNameQuoting {
  /// `photo.jpg` stays `photo.jpg`; `my photo.jpg` becomes `'my photo.jpg'`; a newline becomes
  /// `'a'$'\n''b'`; a quote becomes `'it'\''s.jpg'`.
  public static func quoted(_ name: String) -> String {
    if !name.isEmpty && name.unicodeScalars.allSatisfy(isPlain) { return name }
    var result = "'"
    var escapes = ""
    for scalar in name.unicodeScalars {
      if let escape = escape(for: scalar) {
        escapes += escape
        continue
      }
      if !escapes.isEmpty {
        result += "'$'\(escapes)''"
        escapes = ""
      }
      result += scalar == "'" ? #"'\''"# : String(scalar)
    }
    if !escapes.isEmpty { result += "'$'\(escapes)'" } else { result += "'" }
    // A name that begins with escapes leaves an empty '' in front, which coreutils drops too.
    if result.hasPrefix("''$'") { result.removeFirst(2) }
    return result
  }

  /// Characters that need no quoting in a shell: letters and digits of any script, and `%+,-./:=@^_`.
  private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "%+,-./:=@^_".unicodeScalars
          .contains(scalar)
    }
    return escape(for: scalar) == nil && !scalar.properties.isWhitespace
  }

  /// The `$'...'` escape for a character a terminal would act on rather than show, or nil.
  private static func escape(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\n": return #"\n"#
    case "\t": return #"\t"#
    case "\r": return #"\r"#
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let (prefix, digits) =
        scalar.value < 0x80 ? (#"\x"#, 2) : scalar.value <= 0xFFFF ? (#"\u"#, 4) : (#"\U"#, 8)
      return prefix + String(repeating: "0", count: digits - hex.count) + hex
    default:
      return nil
    }
  }
}
