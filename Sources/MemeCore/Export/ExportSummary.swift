// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an export produced, for the caller to report.
public struct ExportSummary: Sendable {
  public let width: Int
  public let height: Int
  public let font: ResolvedFont
  public let overflowingCaptions: Set<CaptionPosition>
  /// The indices (in `MemeCaptions.boxes`) of the text boxes whose text does not fit them.
  public var overflowingBoxes: [Int] = []
  /// The decoder's complaint when the picture decoded with errors (see `RasterImage.damage`).
  public let damage: String?
  /// The picture's size in its file and as opened, when it was over the pixel limit and opened
  /// smaller (see `RasterImage.sizeInFile`); nil when it opened at its own size.
  public var openedSmaller: OpenedSmaller?
  /// Whether the photo's JPEG blocks were kept, or why the picture was encoded whole.
  public let encoding: ExportEncoding
  /// What a size limit made of the export (nil without one).
  public var fit: SizeFit?
  /// Where the file went: the destination asked for, or, when a size limit turned a PNG into a
  /// JPEG, the same name ending in `.jpg` when nothing had that name (a pipe or a device is written
  /// to as it is).
  public var output: ImageDestination?
}
