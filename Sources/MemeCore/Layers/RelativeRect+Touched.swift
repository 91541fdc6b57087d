// SPDX-License-Identifier: GPL-3.0-or-later

extension RelativeRect {
  /// The pixels of a `pictureWidth` × `pictureHeight` picture a layer in this frame, turned by
  /// `angle` degrees about its centre, may change: the frame's turned bounds within the picture.
  func touchedRect(angle: Double, pictureWidth: Int, pictureHeight: Int) -> ImageRect {
    let band = ImageRect(
      x: x * Double(pictureWidth), y: y * Double(pictureHeight),
      width: width * Double(pictureWidth), height: height * Double(pictureHeight))
    return band.turnedBounds(radians: angle * .pi / 180)
      .intersection(ImageRect(x: 0, y: 0, width: Double(pictureWidth), height: Double(pictureHeight)))
  }
}
