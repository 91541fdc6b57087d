// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A small tmpfs of its own, to see what happens when the disk fills up. Mounting needs root (or
/// CAP_SYS_ADMIN); without it the calling test is skipped with the reason.
public final class SmallDisk {
  public let url: URL

  public init(kilobytes: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "small-disk-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: url)
      try Test.cancel(
        "cannot mount a small tmpfs to fill up (\(reason)); run the tests as root to check a full disk",
        sourceLocation: sourceLocation)
    }
  }

  deinit {
    umount2(url.path, Int32(MNT_DETACH))
    rmdir(url.path)
  }

  public func file(_ name: String) -> URL { url.appendingPathComponent(name, isDirectory: false) }

  /// Writes a filler file until the disk is full; returns how many bytes it took.
  @discardableResult
  public func fill() -> Int {
    let descriptor = open(file("filler").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    precondition(descriptor >= 0, "cannot create the filler file")
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x5A, count: 4096)
    var total = 0
    while true {
      let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written <= 0 { break }
      total += written
    }
    return total
  }

  /// Frees the space `fill()` took.
  public func empty() { unlink(file("filler").path) }
}
