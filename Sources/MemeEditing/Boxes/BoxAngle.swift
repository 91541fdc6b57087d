// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A text box's turn in degrees, clockwise, kept in (-180, 180], and the angles it snaps to: every
/// multiple of 45° (upright, diagonal, on its side, upside down), with the pointer and the keys.
public enum BoxAngle {
  /// The angles a turn snaps to are the multiples of this.
  public static let snapStep = 45.0
  /// How near (in degrees) a turn must come to a snap angle to land on it.
  public static let snapReach = 4.0
  /// One press of the turning keys, in degrees; with Shift, `largeStep`.
  public static let smallStep = 1.0
  public static let largeStep = 15.0

  /// `angle` in (-180, 180], with no -0.
  public static func normalised(_ angle: Double) -> Double {
    guard angle.isFinite else { return 0 }
    var result = angle.truncatingRemainder(dividingBy: 360)
    if result <= -180 { result += 360 }
    if result > 180 { result -= 360 }
    return result == 0 ? 0 : result
  }

  /// `angle` on the nearest snap angle when it lies within `reach` of it; whether it snapped.
  public static func snapped(_ angle: Double, within reach: Double = snapReach) -> (
    angle: Double, snapped: Bool
  ) {
    let nearest = (angle / snapStep).rounded() * snapStep
    guard abs(angle - nearest) <= reach else { return (normalised(angle), false) }
    return (normalised(nearest), true)
  }

  /// `angle` turned by `step` degrees (negative: anticlockwise) as a key press turns it: a press
  /// that would pass the next snap angle ahead, or stop within `reach` of it, stops on it. Only the
  /// angle ahead catches: from a snap angle the next press leaves it, as it would not with the
  /// pointer's snapping.
  public static func turned(_ angle: Double, by step: Double, within reach: Double = snapReach) -> (
    angle: Double, snapped: Bool
  ) {
    guard step != 0, angle.isFinite else { return (normalised(angle), false) }
    let place = angle / snapStep
    // A hair of tolerance: an angle that is a snap angle up to rounding counts as on it.
    let ahead = (step > 0 ? (place + 1e-9).rounded(.down) + 1 : (place - 1e-9).rounded(.up) - 1) * snapStep
    let candidate = angle + step
    let passes = step > 0 ? candidate >= ahead : candidate <= ahead
    if passes || abs(candidate - ahead) <= reach { return (normalised(ahead), true) }
    return (normalised(candidate), false)
  }
}
