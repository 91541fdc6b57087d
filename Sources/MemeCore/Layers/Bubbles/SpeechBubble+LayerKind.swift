// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A speech bubble as a layer. A reaction bubble drawn transparent is cut out of the picture before
/// any caption is drawn (see `MemeLayout.inDrawingOrder`), so the captions stay on it; every other
/// bubble is drawn in its place among the layers, a comic bubble's text over it.
extension SpeechBubble: LayerKind {
  public static let kindName = LayerKindName.bubble

  public var asLayer: MemeLayer { .bubble(self) }

  /// A reaction bubble lies across the picture's whole width, `size` high, at its top or bottom:
  /// moving it up or down puts it at the nearer edge, and its height sets its size.
  public var frame: RelativeRect {
    get {
      guard isReaction else { return bodyFrame }
      return RelativeRect(x: 0, y: isAtBottom ? 1 - drawnSize : 0, width: 1, height: drawnSize)
    }
    set {
      guard isReaction else {
        bodyFrame = newValue
        return
      }
      if newValue.height.isFinite, newValue.height != frame.height {
        size = min(max(newValue.height, Self.sizes.lowerBound), Self.sizes.upperBound)
      }
      if newValue.y.isFinite { isAtBottom = newValue.y + newValue.height / 2 > 0.5 }
    }
  }

  /// A reaction bubble is not turned.
  public var angle: Double {
    get { isReaction ? 0 : bodyAngle }
    set { if !isReaction { bodyAngle = newValue } }
  }

  public func laidOut(_ request: LayerLayoutRequest) -> CaptionLayout {
    let (width, height) = (Double(request.pictureWidth), Double(request.pictureHeight))
    let picture = ImageRect(
      x: request.pictureOrigin.0, y: request.pictureOrigin.1, width: width, height: height)
    guard !isReaction else {
      let outline = reactionOutline(pictureWidth: width, pictureHeight: height, origin: request.pictureOrigin)
      let drawing = BubbleDrawing(
        outline: outline, paint: isTransparent ? .cutOut : .filled(.white), clip: picture)
      return CaptionLayout(drawing: drawing, place: drawing.bounds)
    }
    let place = bodyPlace(pictureWidth: width, pictureHeight: height, origin: request.pictureOrigin)
    let tip = Point(x: request.pictureOrigin.0 + tailX * width, y: request.pictureOrigin.1 + tailY * height)
    let outline = BubbleGeometry.comicOutline(shape: shape, place: place, radians: drawnRadians, tip: tip)
    var textStyle = style
    textStyle.outlineColor = .transparent
    let textPlace = BubbleGeometry.textPlace(shape: shape, place: place)
    let textBox = TextBox(
      text: text,
      frame: RelativeRect(
        x: (textPlace.x - request.pictureOrigin.0) / width,
        y: (textPlace.y - request.pictureOrigin.1) / height,
        width: textPlace.width / width, height: textPlace.height / height),
      angle: angle, style: textStyle)
    let textLayout = textBox.laidOut(request)
    let drawing = BubbleDrawing(
      outline: outline,
      paint: .bordered(
        fill: style.outlineColor, border: style.textColor, width: BubbleGeometry.borderWidth(for: place)),
      clip: picture, text: textLayout.drawing)
    return CaptionLayout(text: textLayout, drawnOver: drawing)
  }

  public var animationDelays: [Int]? { nil }

  /// The outline's bounds (its border and tail included), within the picture.
  public func touchedRect(pictureWidth: Int, pictureHeight: Int) -> ImageRect {
    let bounds = outline(pictureWidth: pictureWidth, pictureHeight: pictureHeight).bounds
    let border =
      isReaction
      ? 1
      : BubbleGeometry.borderWidth(
        for: bodyPlace(
          pictureWidth: Double(pictureWidth), pictureHeight: Double(pictureHeight), origin: (0, 0))) + 1
    return ImageRect(
      x: bounds.x - border, y: bounds.y - border, width: bounds.width + 2 * border,
      height: bounds.height + 2 * border
    ).intersection(ImageRect(x: 0, y: 0, width: Double(pictureWidth), height: Double(pictureHeight)))
  }

  /// "Speech bubble: TEXT", or "Speech bubble" for one without text.
  public var describedText: String? {
    let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return isReaction || typed.isEmpty
      ? localized("Speech bubble") : String(format: localized("Speech bubble: %@"), typed)
  }

  /// A comic bubble is moved, resized and turned like a text box, and typed into; a reaction bubble
  /// lies across the picture, and only its height is set by hand.
  public var editing: LayerEditing {
    isReaction
      ? LayerEditing(handles: [], keepsAspectRatio: false, hasText: false)
      : LayerEditing(handles: [.resize, .turn], keepsAspectRatio: false, hasText: true)
  }

  public static var maximumPerMeme: Int? { maximumCount }

  public static let commandLine = LayerCommandLine(
    flag: "bubble", valueName: "reaction[:transparent][:flip][:bottom][:size=P]|comic[:ellipse]",
    help:
      "A speech bubble (repeatable). reaction lies across the top of the picture, "
      + "\(Int(defaultSize * 100)) % of its height, its tail pointing down: transparent cuts it out of "
      + "the picture, flip puts the tail on the other side, bottom puts it at the bottom (tail up), "
      + "size=P makes it P % of the height (\(Int(sizes.lowerBound * 100)) to \(Int(sizes.upperBound * 100))). "
      + "comic (a rounded bubble; comic:ellipse, an ellipse) lies in the --box after it, its tail's tip "
      + "at --tail X,Y, its text --bubble-text TEXT.",
    boxlessValues: ["reaction"], followingOptions: ["tail", "bubble-text"])

  /// `reaction[:transparent][:flip][:bottom][:size=P]` or `comic[:ellipse][:rounded]`, then (from
  /// `--tail` and `--bubble-text`, which `pairingLayerOptions` moves into the value)
  /// `:tail=X,Y` and `:bubble-text=TEXT`, the text last.
  public init(
    commandLineValue value: String, frame: RelativeRect, angle: Double, opacity: Double, style: CaptionStyle
  ) throws(LayerOptionError) {
    var rest = Substring(value)
    var text = ""
    if let range = rest.range(of: ":bubble-text=") {
      text = String(rest[range.upperBound...])
      rest = rest[..<range.lowerBound]
    }
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let kind = parts[0].lowercased()
    switch kind {
    case "reaction":
      self = .reaction()
      for part in parts.dropFirst() {
        let lowered = part.lowercased()
        switch lowered {
        case "transparent": isTransparent = true
        case "flip": isFlipped = true
        case "bottom": isAtBottom = true
        case _ where lowered.hasPrefix("size="):
          let number = Double(lowered.dropFirst("size=".count))
          let percents = Self.sizes.lowerBound * 100...Self.sizes.upperBound * 100
          guard let number, percents.contains(number) else {
            throw LayerOptionError(
              "size must be a per cent of the picture's height from \(Int(percents.lowerBound)) to "
                + "\(Int(percents.upperBound)), not \"\(part.dropFirst("size=".count))\"")
          }
          size = number / 100
        case _ where lowered.hasPrefix("tail="), _ where lowered.hasPrefix("bubble-text="):
          throw LayerOptionError("a reaction bubble takes no --tail or --bubble-text")
        default:
          throw LayerOptionError(
            "a reaction bubble's options are transparent, flip, bottom and size=P, not \"\(part)\"")
        }
      }
    case "comic":
      self.init(shape: .rounded, frame: frame, angle: angle, text: text, style: Self.comicStyle(from: style))
      var tail: (Double, Double)?
      for part in parts.dropFirst() {
        let lowered = part.lowercased()
        switch lowered {
        case "ellipse": shape = .ellipse
        case "rounded": shape = .rounded
        case _ where lowered.hasPrefix("tail="):
          let numbers = lowered.dropFirst("tail=".count).split(
            separator: ",", omittingEmptySubsequences: false
          )
          .map { Double($0.trimmingCharacters(in: .whitespaces)) }
          guard numbers.count == 2, let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite,
            RelativeRect.allowedOrigins.contains(x), RelativeRect.allowedOrigins.contains(y)
          else {
            throw LayerOptionError(
              "--tail must be X,Y in fractions of the picture, each from \(RelativeRect.allowedOrigins.lowerBound) "
                + "to \(RelativeRect.allowedOrigins.upperBound), not \"\(part.dropFirst("tail=".count))\"")
          }
          tail = (x, y)
        default:
          throw LayerOptionError("a comic bubble's shapes are rounded and ellipse, not \"\(part)\"")
        }
      }
      // Without --tail, the tail points below the bubble's left third.
      (tailX, tailY) = tail ?? (frame.x + frame.width / 3, min(1, frame.y + frame.height * 1.5))
    default:
      throw LayerOptionError("the bubble must be reaction or comic, not \"\(parts[0])\"")
    }
  }
}
