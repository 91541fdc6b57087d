// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// The Band layout on the JPEG block path: the band above the photo, drawn by the one caption path
/// into rows of its own and encoded with the photo's tables, and the text boxes laid out on the
/// photo's own rows, where the block path redraws them as it redraws the classic captions.
///
/// The band is a whole number of 16-pixel rows (see `FramedLayout`), so of the photo's MCU rows
/// (8 or 16 pixels) too: every block of the photo moves down by whole MCU rows unchanged, and only
/// the band's blocks and those under the text boxes are encoded.
///
/// A meme with a bottom text has a second band under the photo. The photo's last MCU row is mostly
/// cut short (its height is rarely a multiple of the MCU's), so the band under it would start inside
/// that row's blocks, whose padding rows become visible pixels: such a meme is encoded whole.
struct BandRows {
  let layout: MemeLayout
  /// The text boxes alone, on a Classic layout of the photo: the same boxes, in the photo's rows.
  let boxesOnPhoto: MemeLayout

  init(_ layout: MemeLayout) {
    precondition(
      layout.captions.layout.jpegBlockPolicy == .photoBelowBand, "only the band lies above the photo")
    self.layout = layout
    boxesOnPhoto = MemeLayout(
      captions: layout.captions.onPictureOnly, imageWidth: layout.imageWidth, imageHeight: layout.imageHeight)
  }

  /// Why a meme with a band under its photo is encoded whole (see above).
  static let betweenTwoBands = "the photo lies between two bands"

  /// Whether the meme has the second band, under the photo: then it is encoded whole.
  var hasBandBelow: Bool { layout.frame.height > layout.frame.pictureY + layout.frame.pictureHeight }

  /// The band's own texts (its top caption).
  var drawings: [any LayerDrawing] {
    CaptionPosition.allCases.compactMap { layout.caption(at: $0).drawing }
  }

  /// Whether the band is grey: its colour and its text (colour emoji are not).
  var isGrey: Bool { layout.frame.background.isGrey && drawings.allSatisfy(\.drawsOnlyGrey) }

  /// Draws the band and puts it above the photo in `blocks`; returns how many MCUs it has.
  func encode(into blocks: JPEGBlocks) throws(JPEGBlocks.Refusal) -> Int {
    let height = layout.frame.pictureY
    guard height % blocks.mcuHeight == 0, layout.outputWidth == blocks.width else {
      throw .unsuitable("the band is not a whole number of the photo's MCU rows")
    }
    // A see-through band is flattened by the full encode, as any transparency is.
    guard layout.frame.background.alpha == 1 else { throw .unsuitable("the band is see-through") }
    guard let band = RasterImage(width: blocks.width, height: height, hasAlpha: false) else {
      throw .unsuitable("not enough memory for the band")
    }
    let context = cairo_create(band.surface)!
    layout.frame.paintSurroundings(on: context)
    for drawing in drawings { drawing.draw(on: context) }
    cairo_destroy(context)
    return try blocks.setBand(band)
  }
}
