// SPDX-License-Identifier: GPL-3.0-or-later

/// Why an image could not be read or written. Its description is the one line a user sees:
/// the file (quoted when its name could break the line or reach the terminal), then the reason.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    case notFound, notRegularFile, unreadable, empty, tooLarge, unsupported, corrupt, writeFailed
    case outOfMemory
    /// No file of the meme fits in the size limit asked for (see `SizeFitter`).
    case overSizeLimit
    /// The work was stopped on request (see `Cancellation`); nothing to report to the user.
    case cancelled
  }

  public let path: String
  public let kind: Kind
  public let reason: String

  public init(path: String, kind: Kind, reason: String) {
    self.path = path
    self.kind = kind
    self.reason = reason
  }

  public var description: String { "\(FileNameQuoting.quoted(path)): \(reason)" }
}
