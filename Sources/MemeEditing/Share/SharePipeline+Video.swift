// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore
import MemeVideo

/// Shares of a video: every frame captioned by `VideoExporter`, the path `mememe render` takes to
/// MP4 and WebM, its sound kept or encoded again as the meme's timing allows.
nonisolated extension SharePipeline {
  /// The snapshot's video in `format`, its timing applied, written to the file `destination` names
  /// (or a new file in the cache folder for the caller's share). The size limit picks the bitrate
  /// (`SizeTarget`); a limit no bitrate meets fails with `.overSizeLimit`, writing nothing. A stop is
  /// honoured between frames and leaves no file.
  static func runVideo(
    _ snapshot: ShareSnapshot, as format: VideoFormat, to destination: Destination, sizeLimit: Int?,
    cancellation: Cancellation
  ) -> Result<SharedMeme, ImageError> {
    let file = destination.file(named: snapshot.name, extension: format.rawValue)
    do throws(ImageError) {
      try VideoExporter.export(
        snapshot.content.captions, videoAt: snapshot.picture.url, to: file, as: format,
        transform: snapshot.content.transform, timing: snapshot.content.timing,
        description: snapshot.resolvedDescription, sizeLimit: sizeLimit, cancellation: cancellation)
      return .success(try sharedFrames(of: snapshot, in: file, fileExtension: format.rawValue))
    } catch {
      return .failure(error)
    }
  }
}
