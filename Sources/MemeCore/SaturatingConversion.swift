// SPDX-License-Identifier: GPL-3.0-or-later

/// Conversions from `Double` that clamp instead of trapping.
///
/// Swift's `Int32(someDouble)` stops the program when the value is out of range or not a number.
/// Sizes computed from a picture's header (a 20000×20 banner, a forged JPEG frame) can legally leave
/// the range of the C integer a library takes, so such values go through this instead.
extension FixedWidthInteger {
  /// `value` rounded towards zero and clamped to the type's range; NaN becomes zero.
  public init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value <= Double(Self.min) {
      self = Self.min
    } else if value >= Double(Self.max) {
      // Double(Int64.max) rounds up to 2^63, so this also catches the doubles just below it.
      self = Self.max
    } else {
      self.init(value)
    }
  }
}
