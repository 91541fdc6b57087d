// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Shares of an animated picture: every frame captioned by `AnimationExporter`, the one path `mememe
/// render --format gif|webp` takes, frame by frame from the source file (memory holds one canvas and
/// one output frame whatever the frame count).
nonisolated extension SharePipeline {
  /// Stages 2 to 5 in `format`: a still format goes through `run(_:as:to:sizeLimit:cancellation:)`
  /// (an animated picture's first frame); an animated one is written to the file `destination` names,
  /// or to a new file in the cache folder for the caller's share (Copy Image offers that file as well
  /// as its bytes). The size limit applies to animations too: `SharedMeme.animationFit` says what it
  /// made of the file (`AnimationFitter`); a limit not even the smallest frames meet fails with
  /// `ImageError.Kind.overSizeLimit`, writing nothing.
  public static func run(
    _ snapshot: ShareSnapshot, as format: ShareFormat, to destination: Destination, sizeLimit: Int? = nil,
    strategy: SizeLimitStrategy = .largestJPEG, cancellation: Cancellation = Cancellation()
  ) -> Result<SharedMeme, ImageError> {
    switch format {
    case .still(let still):
      return run(
        snapshot, as: still, to: destination, sizeLimit: sizeLimit, strategy: strategy,
        cancellation: cancellation)
    case .animated(let animation) where snapshot.picture.isVideo:
      return runVideoAnimation(
        snapshot, as: animation, to: destination, sizeLimit: sizeLimit, cancellation: cancellation)
    case .animated(let animation):
      return runAnimation(
        snapshot, as: animation, to: destination, sizeLimit: sizeLimit, cancellation: cancellation)
    case .video(let video):
      return runVideo(snapshot, as: video, to: destination, sizeLimit: sizeLimit, cancellation: cancellation)
    }
  }

  /// Every frame of the snapshot's picture, read again from its file, with the captions, crop, turn
  /// and flip on each, played as the content's timing says (trimmed, at its speed, reversed, its
  /// play count: the command line's `--trim`, `--speed`, `--reverse`, `--loop`), and the meme's
  /// description as the file's alt text. The thumbnail is the first frame as a still share draws it (the editor's
  /// picture is the animation's first frame). A stop is honoured between frames and leaves no file.
  static func runAnimation(
    _ snapshot: ShareSnapshot, as format: AnimationFormat, to destination: Destination, sizeLimit: Int?,
    cancellation: Cancellation
  ) -> Result<SharedMeme, ImageError> {
    let file = destination.file(named: snapshot.name, extension: format.fileExtension)
    do throws(ImageError) {
      try cancellation.check(name: snapshot.picture.url.path)
      let plan = ExportPlan(sizeLimit: sizeLimit, description: snapshot.resolvedDescription)
      let summary: AnimationExportSummary
      if let grid = snapshot.content.panels {
        // Every cell drawn again from its file at the meme's full size, the animated ones frame by frame.
        summary = try plan.exportPanelsAnimation(
          snapshot.content.captions, grid: grid, to: .file(file), as: format, cancellation: cancellation)
      } else {
        summary = try plan.exportAnimation(
          snapshot.content.captions, imageAt: snapshot.picture.url, to: .file(file), as: format,
          transform: snapshot.content.transform, timing: snapshot.content.timing, cancellation: cancellation)
      }
      return .success(
        try sharedFrames(of: snapshot, in: file, fileExtension: format.fileExtension, fit: summary.fit))
    } catch {
      return .failure(error)
    }
  }

  /// A share of many frames written to `file`: its bytes for Sent Memes to keep, and the first frame
  /// as a still share draws it for the thumbnail.
  static func sharedFrames(
    of snapshot: ShareSnapshot, in file: URL, fileExtension: String, fit: AnimationFit? = nil
  ) throws(ImageError) -> SharedMeme {
    let bytes = try readWritten(file)
    let thumbnail = try thumbnail(of: render(snapshot))
    return SharedMeme(
      snapshot: snapshot, file: EncodedImage(data: bytes, fileExtension: fileExtension),
      thumbnail: thumbnail, thumbnailPNG: Data(try ImageWriter.encode(thumbnail, as: .png)),
      animationFit: fit, deliveredFile: file)
  }

  /// The bytes of the file a share wrote, for Sent Memes to keep.
  static func readWritten(_ file: URL) throws(ImageError) -> Data {
    do { return try Data(contentsOf: file) } catch {
      throw ImageError(path: file.path, kind: .unreadable, reason: error.localizedDescription)
    }
  }
}

nonisolated extension SharePipeline.Destination {
  /// The file a share of many frames writes: the one named, or for the caller's share a new file
  /// called `name` in the cache folder.
  func file(named name: String, extension fileExtension: String) -> URL {
    switch self {
    case .file(let url), .chosenFile(let url): url
    case .caller: CacheFolder.newFile(named: name, extension: fileExtension)
    }
  }
}
