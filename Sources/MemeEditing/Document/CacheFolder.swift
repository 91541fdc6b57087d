// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Files the editor makes for sharing and pasting, under the user's cache folder.
///
/// They are the user's pictures and memes, so the folder is theirs alone: made with mode 0700 (as
/// the XDG base directory spec asks of the cache folder itself), and an existing one narrowed to
/// that. Every file goes in through the engine's writer (`ImageWriter`), which makes a new file in
/// such a folder readable by its owner only (0600).
public nonisolated enum CacheFolder {
  static let folderMode: mode_t = 0o700

  public static var url: URL {
    let base =
      ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    let folder = base.appendingPathComponent("mememe", isDirectory: true)
    makePrivate(folder)
    return folder
  }

  /// Makes `folder` and its missing parents with mode 0700, and takes group and other permissions
  /// away from an existing `folder` (one an older version made 0755). Failures are left to the
  /// writes into it, which report them.
  private static func makePrivate(_ folder: URL) {
    var path = ""
    for component in folder.standardizedFileURL.path.split(separator: "/") {
      path += "/" + component
      _ = mkdir(path, folderMode)  // EEXIST for every folder already there.
    }
    // Through a descriptor: the folder checked is the folder changed. (A link the user made in its
    // place is followed, to the folder they chose.)
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_uid == geteuid() else { return }
    let permissions = status.st_mode & 0o7777
    if permissions & ~folderMode != 0 { _ = fchmod(descriptor, permissions & folderMode) }
  }

  /// A new, unused file name such as `pasted-20261122-013045-1a2b.png`.
  ///
  /// These files are handed to other programs (a mail client through xdg-email, Open With, a drop
  /// target), some of which paste the name into their own command syntax: a picture named
  /// `x',attachment='...'.jpg` could add attachments to an e-mail. So the prefix, which may come from
  /// the picture's name, is cut down to ASCII letters, digits, `-` and `_`, starts with a letter or
  /// digit, and is short, whatever the picture was called.
  public static func newFile(prefix: String, extension fileExtension: String) -> URL {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let suffix = String(UInt16.random(in: 0...UInt16.max), radix: 16)
    return url.appendingPathComponent(
      "\(safePrefix(prefix))-\(formatter.string(from: Date()))-\(suffix).\(fileExtension)")
  }

  /// A new file named `name.extension` (`name` cut down as a prefix is), in a folder of its own
  /// in the cache: the name other programs show for a file handed to them is the meme's, as Save
  /// As suggests it, with nothing added to make it unique.
  public static func newFile(named name: String, extension fileExtension: String) -> URL {
    let folder = newFile(prefix: "shared", extension: "d")
    _ = mkdir(folder.path, folderMode)
    return folder.appendingPathComponent("\(safePrefix(name)).\(fileExtension)")
  }

  /// Whether `file` is one the app made in the cache (a pasted or dropped picture), named by the app
  /// rather than by the user.
  public static func contains(_ file: URL) -> Bool {
    file.standardizedFileURL.deletingLastPathComponent().path == url.standardizedFileURL.path
  }

  /// `prefix` with every other character dropped, at most 48 characters, or `meme` when nothing is left.
  static func safePrefix(_ prefix: String) -> String {
    let kept = prefix.unicodeScalars.filter {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
    }
    let text = String(String.UnicodeScalarView(kept)).drop { $0 == "-" || $0 == "_" }.prefix(48)
    return text.isEmpty ? "meme" : String(text)
  }
}
