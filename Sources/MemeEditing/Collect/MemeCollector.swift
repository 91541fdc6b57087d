// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Collect: a picture, GIF or video someone else made, turned into what Sent Memes keeps for it, as a
/// received meme.
///
/// It is shared as the editor would share it with no caption (`SharePipeline`, in the format it
/// would hand over: a JPEG stays a JPEG, every block copied; a PNG a PNG; an animation in its own
/// kind; a video as MP4), so the file Sent Memes shares again carries none of the sender's metadata
/// (camera, place, names), only the picture. The store keeps the file as received too, as the
/// original, which only Edit opens.
public nonisolated enum MemeCollector {
  /// The draft that keeps the file at `url` as a received meme, or why it cannot be kept: a file
  /// that is not a picture, GIF or video, or over the decoding limits, fails with one line.
  /// Runs on the calling thread: a background one (a video takes as long as sharing it).
  public static func draft(
    collecting url: URL, at date: Date = Date(), cancellation: Cancellation = Cancellation()
  ) -> Result<SentMemeDraft, ImageError> {
    let picture: EditorImage
    switch PictureLoader.load(url, cancellation: cancellation) {
    case .success(let loaded): picture = loaded
    case .failure(let error): return .failure(error)
    }
    let snapshot = ShareSnapshot(content: .empty, picture: picture)
    return SharePipeline.run(
      snapshot, as: snapshot.handOverShareFormat, to: .caller, cancellation: cancellation
    ).map { shared in
      if let cached = shared.deliveredFile, cached != url { try? FileManager.default.removeItem(at: cached) }
      var draft = SentMemeDraftMaker.draft(of: shared, sentAt: date)
      draft.savedFile = nil
      draft.isReceived = true
      return draft
    }
  }
}
