// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Each layer kind's option (`--caption TEXT` for a text box, `--sticker FILE` for a sticker, see
/// `LayerKind.commandLine`) followed by `--box X,Y,W,H`, `--angle DEG` and, for a kind that takes it,
/// `--opacity O`, repeatable, the kinds in any order: the layers are drawn in the order they are given.
///
/// The argument parser collects each option's values on their own, losing which `--angle` belongs to
/// which layer and in which order the kinds came; so before parsing, every layer given without an
/// angle gets an explicit `--angle 0` (and of a kind that takes one, without an opacity
/// `--opacity 1`), and each layer's kind
/// is recorded in a hidden `--layer-kind NAME` option, so the lists line up again
/// (`RenderCommand.layers(style:)`). A layer whose value finds its own place (`--bubble reaction`)
/// gets `--box 0,0,1,1 --angle 0` and may be given neither; the options that follow a layer of
/// their kind (`--tail`, `--bubble-text`) are moved into its value.
func pairingLayerOptions(_ arguments: [String]) throws -> [String] {
  let kinds = Dictionary(
    uniqueKeysWithValues: LayerKindName.allCases.map { ("--" + $0.type.commandLine.flag, $0) })
  let followingOptions = Set(
    LayerKindName.allCases.flatMap { $0.type.commandLine.followingOptions.map { "--" + $0 } })
  var paired: [String] = []
  /// The current layer: its option, which of `--box`, `--angle` and `--opacity` it has yet, where its
  /// value lies in `paired` and the values of the options that follow it; nil before the first.
  var current: Layer? = nil
  var numbers: [String: Int] = [:]
  func name(_ option: String) -> String { "\(option) #\(numbers[option] ?? 0)" }
  func closeLayer() throws {
    guard let layer = current else { return }
    if let valueIndex = layer.valueIndex {
      for option in layer.kind.type.commandLine.followingOptions {
        if let value = layer.following["--" + option] { paired[valueIndex] += ":\(option)=\(value)" }
      }
    }
    guard layer.given.contains("--box") else {
      throw CommandFailure("\(name(layer.option)) needs a --box X,Y,W,H after it")
    }
    if !layer.given.contains("--angle") { paired += ["--angle", "0"] }
    if layer.kind.type.commandLine.takesOpacity, !layer.given.contains("--opacity") {
      paired += ["--opacity", "1"]
    }
  }
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    if argument == "--" {
      try closeLayer()
      current = nil
      paired += arguments[index...]
      return paired
    }
    let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
    let option = parts.first ?? argument
    // The option's value: after `=`, or the next argument.
    let inlineValue = parts.count > 1 ? parts[1] : nil
    let value = inlineValue ?? (arguments.indices.contains(index + 1) ? arguments[index + 1] : nil)
    if let kind = kinds[option] {
      try closeLayer()
      numbers[option, default: 0] += 1
      paired += ["--layer-kind", kind.rawValue]
      let commandLine = kind.type.commandLine
      // A kind that gives its place in its value (`--hide`) takes no --box, --angle or --opacity.
      if commandLine.placeInValue {
        current = nil
      } else {
        let valueIndex = value.map { _ in paired.count + (inlineValue == nil ? 1 : 0) }
        current = Layer(option: option, kind: kind, valueIndex: valueIndex)
        // A value that finds its own place (`--bubble reaction`) takes no --box or --angle.
        let valueName = value.map { String($0.split(separator: ":").first ?? "").lowercased() } ?? ""
        if commandLine.boxlessValues.contains(valueName) {
          current?.given = ["--box", "--angle"]
          current?.boxless = valueName
          paired.append(argument)
          if inlineValue == nil, let value {
            paired.append(value)
            index += 1
          }
          paired += ["--box", "0,0,1,1", "--angle", "0"]
          index += 1
          continue
        }
      }
    } else if option == "--box" || option == "--angle" || option == "--opacity" {
      guard let layer = current else {
        throw CommandFailure("\(option) must follow the \(LayerKindName.boxedOptionList) it places")
      }
      if let boxless = layer.boxless, option != "--opacity" {
        throw CommandFailure("\(name(layer.option)) \(boxless) takes no \(option): it finds its own place")
      }
      if option == "--opacity", !layer.kind.type.commandLine.takesOpacity {
        throw CommandFailure("\(name(layer.option)) takes no --opacity")
      }
      guard !layer.given.contains(option) else {
        throw CommandFailure("\(name(layer.option)) has more than one \(option)")
      }
      current?.given.insert(option)
    } else if followingOptions.contains(option) {
      guard let layer = current,
        layer.kind.type.commandLine.followingOptions.contains(String(option.dropFirst(2)))
      else {
        let owners = LayerKindName.allCases.filter {
          $0.type.commandLine.followingOptions.contains(String(option.dropFirst(2)))
        }.map { "--" + $0.type.commandLine.flag }
        throw CommandFailure("\(option) must follow the \(owners.joined(separator: " or ")) it belongs to")
      }
      guard layer.following[option] == nil else {
        throw CommandFailure("\(name(layer.option)) has more than one \(option)")
      }
      guard let value else { throw CommandFailure("\(option) needs a value") }
      current?.following[option] = value
      // Moved into the layer's value when the layer is closed.
      index += inlineValue == nil ? 2 : 1
      continue
    }
    paired.append(argument)
    index += 1
  }
  try closeLayer()
  return paired
}

/// A layer's options as `pairingLayerOptions` meets them.
private struct Layer {
  var option: String
  var kind: LayerKindName
  /// The index of the layer option's value in the paired arguments (nil when it has none).
  var valueIndex: Int?
  var given: Set<String> = []
  /// The value that gives the layer its own place (`reaction`), or nil.
  var boxless: String?
  /// The values of the options that follow it (`--tail`), by option.
  var following: [String: String] = [:]
}

extension LayerKindName {
  /// Every option of a kind placed by `--box`, as a message names them: `--caption or --sticker`.
  static var boxedOptionList: String {
    allCases.filter { !$0.type.commandLine.placeInValue }.map { "--" + $0.type.commandLine.flag }
      .joined(separator: " or ")
  }

  /// Whether its layers are placed by the `--box` after them.
  var isBoxed: Bool { !type.commandLine.placeInValue }
}

/// The layers the kinds' options give, in command-line order: `kinds` and `boxes` and `angles` as
/// lined up by `pairingLayerOptions`, `values(kind)` each kind's own option's values in order.
/// `pictureSize` gives the size of the picture a kind placed in its value (`--hide`) is placed on.
func commandLineLayers(
  kinds: [LayerKindName], values: (LayerKindName) -> [String], boxes: [String], angles: [String],
  opacities: [String], style: CaptionStyle, pictureSize: () throws -> (width: Int, height: Int)
) throws -> [MemeLayer] {
  let takingOpacity = kinds.filter { $0.type.commandLine.takesOpacity }.count
  let boxed = kinds.filter(\.isBoxed).count
  guard boxed == boxes.count, boxed == angles.count, takingOpacity == opacities.count else {
    throw CommandFailure("every \(LayerKindName.boxedOptionList) needs one --box X,Y,W,H after it")
  }
  // Counted before any is made: a sticker's picture is read as it is made.
  for kind in LayerKindName.allCases {
    let count = kinds.filter { $0 == kind }.count
    if let maximum = kind.type.maximumPerMeme, count > maximum {
      throw CommandFailure(
        "a meme holds at most \(maximum) --\(kind.type.commandLine.flag) layers, not \(count)")
    }
  }
  var taken: [LayerKindName: Int] = [:]
  var opacitiesTaken = 0
  var boxesTaken = 0
  return try kinds.map { kind in
    let kindValues = values(kind)
    let number = taken[kind, default: 0]
    taken[kind] = number + 1
    let name = "--\(kind.type.commandLine.flag) #\(number + 1)"
    guard kindValues.indices.contains(number) else {
      throw CommandFailure("every \(LayerKindName.boxedOptionList) needs one --box X,Y,W,H after it")
    }
    do {
      guard kind.isBoxed else {
        let (frame, rest) = try placeInValue(kindValues[number], of: name, pictureSize: try pictureSize())
        return try kind.type.init(commandLineValue: rest, frame: frame, angle: 0, opacity: 1, style: style)
          .asLayer
      }
      boxesTaken += 1
      return try kind.type.init(
        commandLineValue: kindValues[number], frame: try relativeRect(boxes[boxesTaken - 1]),
        angle: try angle(angles[boxesTaken - 1]),
        opacity: try opacity(of: kind, in: opacities, taken: &opacitiesTaken),
        style: style
      ).asLayer
    } catch let error as LayerOptionError {
      throw CommandFailure("\(name): \(error.message)")
    }
  }
}

/// `X,Y,W,H[:REST]` in the pixels of a picture of `pictureSize`: the rectangle cut at the picture's
/// edges, in fractions of it, and `REST` (empty without it). A rectangle with nothing on the picture
/// is refused.
private func placeInValue(_ value: String, of name: String, pictureSize: (width: Int, height: Int)) throws
  -> (RelativeRect, String)
{
  let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
  let numbers = parts[0].split(separator: ",", omittingEmptySubsequences: false).map {
    Double($0.trimmingCharacters(in: .whitespaces))
  }
  guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
    let height = numbers[3], [x, y, width, height].allSatisfy(\.isFinite)
  else {
    throw CommandFailure(
      "\(name) must start with X,Y,WIDTH,HEIGHT in the picture's pixels (four numbers), not "
        + alwaysQuoted(parts[0]))
  }
  let (pictureWidth, pictureHeight) = (Double(pictureSize.width), Double(pictureSize.height))
  let left = min(max(x, 0), pictureWidth)
  let top = min(max(y, 0), pictureHeight)
  let right = min(max(x + max(width, 0), 0), pictureWidth)
  let bottom = min(max(y + max(height, 0), 0), pictureHeight)
  guard right > left, bottom > top else {
    throw CommandFailure(
      "\(name): \(alwaysQuoted(parts[0])) covers nothing of the \(pictureSize.width)×\(pictureSize.height) picture"
    )
  }
  let frame = RelativeRect(
    x: left / pictureWidth, y: top / pictureHeight, width: (right - left) / pictureWidth,
    height: (bottom - top) / pictureHeight)
  return (frame, parts.count > 1 ? parts[1] : "")
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

/// The next of `opacities` (`taken` of them are used) for a layer of `kind` that takes one, else 1.
private func opacity(of kind: LayerKindName, in opacities: [String], taken: inout Int) throws -> Double {
  guard kind.type.commandLine.takesOpacity else { return 1 }
  taken += 1
  return try opacity(opacities[taken - 1])
}

/// From 0 (invisible) to 1 (opaque).
private func opacity(_ text: String) throws -> Double {
  guard let opacity = Double(text.trimmingCharacters(in: .whitespaces)), (0...1).contains(opacity) else {
    throw CommandFailure("--opacity must be a number between 0 and 1, not \(alwaysQuoted(text))")
  }
  return opacity
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
