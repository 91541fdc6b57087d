// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Where an image goes inside a view: as large as fits, never stretched or cropped, centred
/// (letterboxed left and right or above and below).
enum AspectFit {
  static func rect(imageWidth: Int, imageHeight: Int, inWidth width: Double, height: Double)
    -> ImageRect
  {
    guard imageWidth > 0, imageHeight > 0, width > 0, height > 0 else {
      return ImageRect(x: 0, y: 0, width: 0, height: 0)
    }
    let scale = min(width / Double(imageWidth), height / Double(imageHeight))
    let fittedWidth = Double(imageWidth) * scale
    let fittedHeight = Double(imageHeight) * scale
    return ImageRect(
      x: ((width - fittedWidth) / 2).rounded(.down), y: ((height - fittedHeight) / 2).rounded(.down),
      width: fittedWidth, height: fittedHeight)
  }
}
