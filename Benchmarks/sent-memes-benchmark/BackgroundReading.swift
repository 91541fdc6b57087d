// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeTextReading

/// The words of every picture in a folder, read in the background as the app reads memes just
/// collected: queued at once on a `BackgroundTextReader` (one thread, nice 19), while the run scrolls.
final class BackgroundReading {
  private let reader = BackgroundTextReader()
  private let finished = Locked(0)
  let count: Int

  init(folder: String) {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      .map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
    count = files.count
    for file in files {
      reader.read(fileAt: file) { [finished] _ in finished.withLock { $0 += 1 } }
    }
  }

  /// How many pictures have been read so far.
  var finishedCount: Int { finished.withLock { $0 } }
}
