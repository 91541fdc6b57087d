// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// "Import Folder as Templates": every picture in a folder becomes a template named by its file name.
/// Files that cannot be read (damaged, too large, not pictures after all, not regular files) are
/// skipped and listed, so the user hears of them all in one message.
public nonisolated enum TemplateFolderImport {
  public struct Outcome: Sendable {
    /// How many pictures became templates.
    public var kept: Int
    /// Each skipped file's reason, as `ImageError` tells it (it names the file), in file name order.
    public var skipped: [String]
  }

  /// Reads the folder's pictures (not its sub-folders, not hidden files, only names with a picture
  /// extension) in file name order, each with `loader` so its limits apply, and hands each template
  /// to `keep` as soon as it is made: a folder of large photos is never held in memory at once.
  /// Throws when the folder itself cannot be read, or what `keep` throws (the store failing).
  public static func read(
    folder: URL, loader: ImageLoader = ImageLoader(), keep: (MemeTemplateDraft) throws -> Void
  ) throws -> Outcome {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let pictureExtensions = Set(ImageLoader.supportedFileExtensions.map { $0.lowercased() })
    var outcome = Outcome(kept: 0, skipped: [])
    let candidates = names.filter { name in
      !name.hasPrefix(".") && pictureExtensions.contains((name as NSString).pathExtension.lowercased())
    }
    for name in candidates.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
      let url = folder.appendingPathComponent(name, isDirectory: false)
      let draft: MemeTemplateDraft
      do throws(ImageError) {
        draft = try TemplateMaker.draft(
          name: TemplateName.imported(from: url), pictureAt: url, source: name, loader: loader)
      } catch {
        outcome.skipped.append(error.description)
        continue
      }
      try keep(draft)
      outcome.kept += 1
    }
    return outcome
  }
}
