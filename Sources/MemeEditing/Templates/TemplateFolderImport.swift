// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// "Import Folder as Templates": every picture in a folder becomes a template named by its file name.
/// Files that cannot be read (damaged, too large, not pictures after all, not regular files) are
/// skipped and listed, so the user hears of them all in one message.
public nonisolated enum TemplateFolderImport {
  public struct Outcome: Sendable {
    /// One template per picture read, in file name order.
    public var drafts: [MemeTemplateDraft]
    /// Each skipped file's reason, as `ImageError` tells it (it names the file), in file name order.
    public var skipped: [String]
  }

  /// Reads the folder's pictures (not its sub-folders, not hidden files, only names with a picture
  /// extension), each with `loader` so its limits apply. Throws when the folder itself cannot be read.
  public static func read(folder: URL, loader: ImageLoader = ImageLoader()) throws -> Outcome {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let pictureExtensions = Set(ImageLoader.supportedFileExtensions.map { $0.lowercased() })
    var outcome = Outcome(drafts: [], skipped: [])
    let candidates = names.filter { name in
      !name.hasPrefix(".") && pictureExtensions.contains((name as NSString).pathExtension.lowercased())
    }
    for name in candidates.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
      let url = folder.appendingPathComponent(name, isDirectory: false)
      do throws(ImageError) {
        let draft = try TemplateMaker.draft(
          name: TemplateName.imported(from: url), pictureAt: url, source: name, loader: loader)
        outcome.drafts.append(draft)
      } catch {
        outcome.skipped.append(error.description)
      }
    }
    return outcome
  }
}
