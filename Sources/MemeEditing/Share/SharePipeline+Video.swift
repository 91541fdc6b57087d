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
    sharingFrames(of: snapshot, fileExtension: format.rawValue, to: destination) { file throws(ImageError) in
      try VideoExporter.export(
        snapshot.content.captions, videoAt: snapshot.picture.url, to: file, as: format,
        transform: snapshot.content.transform, timing: snapshot.content.timing,
        description: snapshot.resolvedDescription, sizeLimit: sizeLimit, cancellation: cancellation)
      return nil
    }
  }

  /// The snapshot's video clip as a GIF or WebP (`VideoAnimationExporter`, the path `mememe render
  /// in.mp4 -o out.gif` takes), its timing applied, no sound; the size limit applies as to any
  /// animation (`SharedMeme.animationFit`). A clip over `VideoAnimationExporter.longestClip` fails
  /// with one line, writing nothing (Save As does not offer these formats for it).
  static func runVideoAnimation(
    _ snapshot: ShareSnapshot, as format: AnimationFormat, to destination: Destination, sizeLimit: Int?,
    cancellation: Cancellation
  ) -> Result<SharedMeme, ImageError> {
    sharingFrames(of: snapshot, fileExtension: format.fileExtension, to: destination) {
      file throws(ImageError) in
      try VideoAnimationExporter.export(
        snapshot.content.captions, videoAt: snapshot.picture.url, to: .file(file), as: format,
        transform: snapshot.content.transform, timing: snapshot.content.timing,
        description: snapshot.resolvedDescription, sizeLimit: sizeLimit, cancellation: cancellation
      ).fit
    }
  }

  /// The share `write` makes in the file `destination` names (with `fileExtension`), returning
  /// what a size limit made of it, as Sent Memes keeps it; or why it could not.
  private static func sharingFrames(
    of snapshot: ShareSnapshot, fileExtension: String, to destination: Destination,
    write: (URL) throws(ImageError) -> AnimationFit?
  ) -> Result<SharedMeme, ImageError> {
    let file = destination.file(named: snapshot.name, extension: fileExtension)
    do throws(ImageError) {
      let fit = try write(file)
      return .success(try sharedFrames(of: snapshot, in: file, fileExtension: fileExtension, fit: fit))
    } catch {
      return .failure(error)
    }
  }
}
