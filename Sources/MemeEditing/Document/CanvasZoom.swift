// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// How the canvas shows the picture: fitted whole (the default), or at a chosen size with a chosen
/// point of the picture in the middle of the view. No GTK: the canvas's controls and the tests call it.
public struct CanvasZoom: Equatable, Sendable {
  public init() {}

  /// Logical screen pixels per picture pixel; nil fits the whole picture in the view.
  public private(set) var scale: Double?
  /// The picture point (in picture pixels) shown at the centre of the view while zoomed.
  public private(set) var centreX = 0.0
  public private(set) var centreY = 0.0

  /// 800 %: eight screen pixels per picture pixel.
  public static let maximumScale = 8.0
  /// One step of Ctrl+plus or Ctrl+minus.
  public static let step = 1.25

  public var isFitted: Bool { scale == nil }

  /// Where the picture lies in the view: aspect-fit when fitted; otherwise at `scale`, centred on the
  /// chosen point, never leaving empty space on a side the picture could cover.
  public func rect(pictureWidth: Int, pictureHeight: Int, viewWidth: Double, viewHeight: Double) -> ImageRect
  {
    let fit = AspectFit.rect(
      imageWidth: pictureWidth, imageHeight: pictureHeight, inWidth: viewWidth, height: viewHeight)
    guard let scale, fit.width > 0 else { return fit }
    let width = Double(pictureWidth) * scale
    let height = Double(pictureHeight) * scale
    return ImageRect(
      x: Self.place(viewWidth / 2 - centreX * scale, size: width, view: viewWidth),
      y: Self.place(viewHeight / 2 - centreY * scale, size: height, view: viewHeight), width: width,
      height: height)
  }

  /// A picture smaller than the view is centred; a larger one covers the view from edge to edge. On
  /// whole pixels: a fractional offset would blur every pixel of the picture as it is painted.
  private static func place(_ origin: Double, size: Double, view: Double) -> Double {
    size <= view ? ((view - size) / 2).rounded(.down) : min(0, max(view - size, origin)).rounded()
  }

  /// Screen pixels per picture pixel as shown now (fitted or not).
  public func effectiveScale(pictureWidth: Int, pictureHeight: Int, viewWidth: Double, viewHeight: Double)
    -> Double
  {
    rect(
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, viewWidth: viewWidth, viewHeight: viewHeight
    )
    .width / Double(max(1, pictureWidth))
  }

  /// Zooms by `factor` keeping the picture point under (x, y) of the view where it is. Zooming out
  /// past the fitted size fits the picture again.
  public mutating func zoom(
    by factor: Double, aroundX x: Double, y: Double, pictureWidth: Int, pictureHeight: Int, viewWidth: Double,
    viewHeight: Double
  ) {
    let now = rect(
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, viewWidth: viewWidth, viewHeight: viewHeight)
    guard now.width > 0 else { return }
    let fitted = AspectFit.rect(
      imageWidth: pictureWidth, imageHeight: pictureHeight, inWidth: viewWidth, height: viewHeight)
    let fittedScale = fitted.width / Double(pictureWidth)
    let current = now.width / Double(pictureWidth)
    let next = min(current * factor, max(Self.maximumScale, fittedScale))
    guard next > fittedScale * 1.0001 else {
      self = CanvasZoom()
      return
    }
    // The picture point under the pointer stays under it.
    let pointX = (x - now.x) / current
    let pointY = (y - now.y) / current
    scale = next
    centreX = (viewWidth / 2 - (x - pointX * next)) / next
    centreY = (viewHeight / 2 - (y - pointY * next)) / next
    settle(
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, viewWidth: viewWidth, viewHeight: viewHeight)
  }

  /// Moves the picture by (dx, dy) screen pixels while zoomed.
  public mutating func pan(
    by dx: Double, _ dy: Double, pictureWidth: Int, pictureHeight: Int, viewWidth: Double, viewHeight: Double
  ) {
    guard let scale else { return }
    centreX -= dx / scale
    centreY -= dy / scale
    settle(
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, viewWidth: viewWidth, viewHeight: viewHeight)
  }

  /// Keeps the centre where the picture can really be shown, so a pan back starts at once.
  private mutating func settle(pictureWidth: Int, pictureHeight: Int, viewWidth: Double, viewHeight: Double) {
    guard let scale else { return }
    let shown = rect(
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, viewWidth: viewWidth, viewHeight: viewHeight)
    centreX = (viewWidth / 2 - shown.x) / scale
    centreY = (viewHeight / 2 - shown.y) / scale
  }
}
