// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeVideo

/// Meme Detail's shares of a meme sent as a video: the sent file itself, copied (a video is never
/// encoded again to be shared again), to the name Save As chose or to a new file in the cache folder
/// for Copy, Open With and e-mail.
enum SentVideoCopy {
  /// The format the meme was sent in, nil when it was not sent as a video.
  static func format(of sent: URL) -> VideoFormat? { VideoFormat(fileExtension: sent.pathExtension) }

  /// Copies `source` to `destination` (the chosen name with the sent file's extension), or to a new
  /// file named `name` in the cache folder when nil, off the main thread; `done` gets the file
  /// written on the main thread.
  static func copy(
    _ source: URL, named name: String, to destination: URL?,
    done: @escaping @MainActor (Result<URL, ImageError>) -> Void
  ) {
    let fileExtension = source.pathExtension
    MainLoop.runInBackground(
      { () -> Result<URL, ImageError> in
        let url =
          destination.map {
            $0.pathExtension == fileExtension ? $0 : $0.appendingPathExtension(fileExtension)
          }
          ?? CacheFolder.newFile(named: name, extension: fileExtension)
        do throws(ImageError) {
          let bytes: Data
          do { bytes = try Data(contentsOf: source) } catch {
            throw ImageError(path: source.path, kind: .unreadable, reason: error.localizedDescription)
          }
          // Through the engine's writer, as every file: atomically, readable by its owner only.
          try ImageWriter.write(encoded: bytes, to: url)
          return .success(url)
        } catch {
          return .failure(error)
        }
      }, then: done)
  }
}
