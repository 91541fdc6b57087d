// SPDX-License-Identifier: GPL-3.0-or-later

/// A colour with straight (not premultiplied) components in 0...1.
public struct RGBAColor: Sendable, Hashable, Codable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public static let white = RGBAColor(red: 1, green: 1, blue: 1)
  public static let black = RGBAColor(red: 0, green: 0, blue: 0)
  public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` (the `#` is optional) or a few common colour names.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let named = Self.named[trimmed] {
      self = named
      return
    }
    var hex = Substring(trimmed)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.allSatisfy(\.isHexDigit) else { return nil }
    let digits = hex.count == 3 ? String(hex.flatMap { [$0, $0] }) : String(hex)
    guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
      return nil
    }
    let rgba = digits.count == 6 ? value << 8 | 0xFF : value
    self.init(
      red: Double(rgba >> 24 & 0xFF) / 255,
      green: Double(rgba >> 16 & 0xFF) / 255,
      blue: Double(rgba >> 8 & 0xFF) / 255,
      alpha: Double(rgba & 0xFF) / 255)
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var hexString: String {
    let components = alpha < 1 ? [red, green, blue, alpha] : [red, green, blue]
    return "#"
      + components.map { component in
        // Saturating: a NaN component (min and max pass it through) would otherwise trap.
        let byte = Int(saturating: (min(max(component, 0), 1) * 255).rounded())
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  private static let named: [String: RGBAColor] = [
    "white": .white, "black": .black,
    "red": RGBAColor(red: 1, green: 0, blue: 0),
    "green": RGBAColor(red: 0, green: 0.5, blue: 0),
    "blue": RGBAColor(red: 0, green: 0, blue: 1),
    "yellow": RGBAColor(red: 1, green: 1, blue: 0),
  ]
}

extension RGBAColor {
  /// Whether the colour has no hue (its channels are equal).
  var isGrey: Bool { red == green && green == blue }
}
