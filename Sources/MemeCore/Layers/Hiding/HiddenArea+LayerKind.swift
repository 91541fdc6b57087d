// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A hidden area as a layer: drawn first, under every caption and sticker (see `MemeLayout`), by
/// hiding the pixels beneath it (`HidingDrawing`).
extension HiddenArea: LayerKind {
  public static let kindName = LayerKindName.hidden

  public var asLayer: MemeLayer { .hidden(self) }

  public func laidOut(_ request: LayerLayoutRequest) -> CaptionLayout {
    var place = pixelRect(pictureWidth: request.pictureWidth, pictureHeight: request.pictureHeight)
    let blockSide = blockSide(forHeight: place.height)
    place.x += request.pictureOrigin.0
    place.y += request.pictureOrigin.1
    let drawing =
      place.width > 0 && place.height > 0
      ? HidingDrawing(place: place, method: method, blockSide: blockSide) : nil
    return CaptionLayout(drawing: drawing, place: place)
  }

  public var animationDelays: [Int]? { nil }

  /// Hidden areas are not turned: the angle is always 0.
  public var angle: Double {
    get { 0 }
    set {}
  }

  public func touchedRect(pictureWidth: Int, pictureHeight: Int) -> ImageRect {
    pixelRect(pictureWidth: pictureWidth, pictureHeight: pictureHeight)
  }

  /// Nothing: what is hidden is not described either.
  public var describedText: String? { nil }

  public var editing: LayerEditing {
    LayerEditing(handles: [.resize], keepsAspectRatio: false, hasText: false)
  }

  public static var maximumPerMeme: Int? { maximumCount }

  public static let commandLine = LayerCommandLine(
    flag: "hide", valueName: "X,Y,W,H[:pixelate|blur|solid=#RRGGBB]",
    help:
      "Hide a rectangle of the picture (in its pixels, after --crop, --rotate and --flip; with --panels, "
      + "the panels' sheet's) under every "
      + "caption: pixelate (the default), blur, or a solid colour; pixelate=S or blur=S sets the "
      + "strength S, \(strengths.lowerBound) to \(strengths.upperBound) (default \(defaultStrength)). "
      + "Repeatable.",
    placeInValue: true)

  /// The method after the place (`pixelate`, `blur`, `pixelate=7`, `solid=#RRGGBB`, or empty for
  /// Pixelate); `frame` is the place the command line read before it.
  public init(
    commandLineValue value: String, frame: RelativeRect, angle: Double, opacity: Double, style: CaptionStyle
  ) throws(LayerOptionError) {
    let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
    let argument = parts.count > 1 ? parts[1] : nil
    var strength = Self.defaultStrength
    let method: HidingMethod
    switch name {
    case "", "pixelate", "blur":
      method = name == "blur" ? .blur : .pixelate
      if let argument {
        guard let number = Int(argument.trimmingCharacters(in: .whitespaces)), Self.strengths.contains(number)
        else {
          throw LayerOptionError(
            "the strength must be a whole number from \(Self.strengths.lowerBound) to "
              + "\(Self.strengths.upperBound), not \(argument.isEmpty ? "nothing" : "\"\(argument)\"")")
        }
        strength = number
      }
    case "solid":
      let text = argument ?? "#000000"
      guard let color = RGBAColor(parsing: text) else {
        throw LayerOptionError("solid needs a colour, #RRGGBB, not \"\(text)\"")
      }
      method = .solid(RGBAColor(red: color.red, green: color.green, blue: color.blue))
    default:
      throw LayerOptionError("the method must be pixelate, blur or solid=#RRGGBB, not \"\(parts[0])\"")
    }
    self.init(frame: frame, method: method, strength: strength)
  }
}
