// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

extension DurableFile {
  /// What stopped `write`: one of the durable steps, or the caller's own `contents`.
  public enum WriteFailure<ContentsFailure: Error>: Error {
    case step(Failure)
    case contents(ContentsFailure)
  }

  /// The whole durable write, the one both the engine's image writer and the store's folders use:
  /// a new file in `folder` (`create`), filled by `contents` through its descriptor, then flushed and
  /// named `name` (`commit`; over an existing file only when `replacing`). When `contents` fails the
  /// new file is discarded and nothing under `name` changes. Syncing the folder, which makes the
  /// name durable, is left to the caller: the store names many files before it syncs once.
  public static func write<ContentsFailure: Error>(
    in folder: Int32, named name: String, mode: mode_t, replacing: Bool, nameless: Bool = true,
    temporaryName: () -> String, contents: (Int32) throws(ContentsFailure) -> Void
  ) throws(WriteFailure<ContentsFailure>) {
    let file: NewFile
    do {
      file = try create(in: folder, mode: mode, nameless: nameless, temporaryName: temporaryName)
    } catch {
      throw .step(error)
    }
    do throws(ContentsFailure) {
      try contents(file.descriptor)
    } catch {
      discard(file, in: folder)
      throw .contents(error)
    }
    do {
      try commit(file, in: folder, as: name, replacing: replacing, temporaryName: temporaryName)
    } catch {
      throw .step(error)
    }
  }
}
