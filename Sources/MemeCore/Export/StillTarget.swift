// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a still export's file goes.
public enum StillTarget: Sendable {
  /// A file or standard output, written as it is encoded, atomically. When a size limit turns a
  /// PNG into a JPEG, the JPEG goes to the same name ending in `.jpg` while nothing has that name
  /// (see `MemeExporter.destination(_:for:)`).
  case destination(ImageDestination)
  /// Memory: the caller gets the bytes (`StillExport.bytes`) and puts them where it likes.
  case memory

  /// The name errors give the file: the destination's, else the picture's.
  func name(picture: URL) -> String {
    switch self {
    case .destination(let destination): destination.name
    case .memory: picture.path
    }
  }

  /// The block path's or a fitted file's bytes written to the destination (or kept, for memory);
  /// `fit` decides the name. Returns where they went and the bytes kept.
  func deliver(_ bytes: UnsafeRawBufferPointer, fit: SizeFit?) throws(ImageError) -> (
    output: ImageDestination?, bytes: [UInt8]?
  ) {
    guard case .destination(let destination) = self else { return (nil, Array(bytes)) }
    let output = fit.map { MemeExporter.destination(destination, for: $0) } ?? destination
    guard output != destination, case .file(let url) = output, let fit else {
      try ImageWriter.write(bytes, to: output)
      return (output, nil)
    }
    // A name nobody gave: it is written only while nothing has it, never replaced.
    do throws(ImageError) {
      try ImageWriter.writeNew(encoded: bytes, to: url)
    } catch  where ImageWriter.isExisting(error) {
      throw ImageError(
        path: error.path, kind: .writeFailed,
        reason: String(
          format: localized(
            "exists; as PNG the meme is over %@ bytes and its JPEG would go here, so nothing was written"
          ), PixelCount.grouped(fit.limit)))
    }
    return (output, nil)
  }
}

/// What a still export made: what was drawn and how (`summary`, with the size limit's fit and where
/// the file went), the bytes for a `StillTarget.memory` export, and the rendered pixels when the
/// picture was encoded whole (for a thumbnail; nil on the JPEG block path).
public struct StillExport: Sendable {
  public var summary: ExportSummary
  public let bytes: [UInt8]?
  public let rendered: RasterImage?
}
