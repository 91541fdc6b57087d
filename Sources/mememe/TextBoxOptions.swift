// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// `--caption TEXT --box X,Y,W,H [--angle DEG]`, repeatable: a text box is its `--caption` with the
/// `--box` and `--angle` given after it, before the next `--caption`.
///
/// The argument parser collects each option's values on their own, losing which `--angle` belongs to
/// which caption; so before parsing, every caption given without one gets an explicit `--angle 0`,
/// and the three lists line up.
func pairingTextBoxOptions(_ arguments: [String]) throws -> [String] {
  var paired: [String] = []
  /// Per option, whether the current caption has it yet; `nil` before the first `--caption`.
  var given: Set<String>? = nil
  var number = 0
  func closeCaption() throws {
    guard let given else { return }
    guard given.contains("--box") else {
      throw CommandFailure("--caption #\(number) needs a --box X,Y,W,H after it")
    }
    if !given.contains("--angle") { paired += ["--angle", "0"] }
  }
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    if argument == "--" {
      try closeCaption()
      given = nil
      paired += arguments[index...]
      return paired
    }
    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    switch name {
    case "--caption":
      try closeCaption()
      given = []
      number += 1
    case "--box", "--angle":
      guard given != nil else { throw CommandFailure("\(name) must follow the --caption it places") }
      guard given?.insert(name).inserted == true else {
        throw CommandFailure("--caption #\(number) has more than one \(name)")
      }
    default: break
    }
    paired.append(argument)
    index += 1
  }
  try closeCaption()
  return paired
}

/// The text boxes `--caption`, `--box` and `--angle` give (as lined up by `pairingTextBoxOptions`),
/// in `style`.
func textBoxes(captions: [String], boxes: [String], angles: [String], style: CaptionStyle) throws -> [TextBox]
{
  guard captions.count == boxes.count, captions.count == angles.count else {
    throw CommandFailure("every --caption needs one --box X,Y,W,H after it")
  }
  return try captions.indices.map { index in
    TextBox(
      text: captions[index], frame: try relativeRect(boxes[index]), angle: try angle(angles[index]),
      style: style)
  }
}

/// `X,Y,W,H` in fractions of the picture's width and height.
private func relativeRect(_ text: String) throws -> RelativeRect {
  let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
    Double($0.trimmingCharacters(in: .whitespaces))
  }
  guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
    let height = numbers[3], [x, y, width, height].allSatisfy(\.isFinite)
  else {
    throw CommandFailure(
      "--box must be X,Y,WIDTH,HEIGHT in fractions of the picture (four numbers), not \(alwaysQuoted(text))")
  }
  guard width > 0, height > 0 else {
    throw CommandFailure("--box must have a positive width and height, not \(alwaysQuoted(text))")
  }
  let rect = RelativeRect(x: x, y: y, width: width, height: height)
  guard rect.isAllowed else {
    let origins = RelativeRect.allowedOrigins
    let sizes = RelativeRect.allowedSizes
    throw CommandFailure(
      "--box \(alwaysQuoted(text)) is out of range: X and Y must lie between \(origins.lowerBound) and "
        + "\(origins.upperBound), WIDTH and HEIGHT be at most \(sizes.upperBound)")
  }
  return rect
}

/// Degrees, clockwise.
private func angle(_ text: String) throws -> Double {
  guard let degrees = Double(text.trimmingCharacters(in: .whitespaces)), degrees.isFinite,
    (-360...360).contains(degrees)
  else {
    throw CommandFailure(
      "--angle must be a number of degrees between -360 and 360, not \(alwaysQuoted(text))")
  }
  return degrees
}
