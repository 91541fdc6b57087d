// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CGtkTypes
import Foundation

/// A drag's content that is a file still being written (`MemeDeferredFile`): it offers a file when
/// the drag starts, and a drop target that asks for it gets it once `resolve(_:)` names it, or an
/// error once `fail(_:)` gives one. Dropping the last reference before either fails the requests.
public final class DeferredFile {
  private let owner = ObjectOwner(taking: UnsafeMutableRawPointer(meme_deferred_file_new()))

  public init() {}

  private var deferred: OpaquePointer { owner.opaque }

  /// A new reference to the content, for a drag source's `prepare` (which returns one).
  public func newContentReference() -> UnsafeMutablePointer<GdkContentProvider> {
    owner.newReference().assumingMemoryBound(to: GdkContentProvider.self)
  }

  /// The file is written at `url`.
  public func resolve(_ url: URL) {
    guard !isSettled else { return }
    let file = ObjectOwner(taking: FileURL.file(for: url))
    withExtendedLifetime(file) { meme_deferred_file_resolve(deferred, file.opaque) }
  }

  /// The file will not be written, for the reason `message` gives.
  public func fail(_ message: String) {
    guard !isSettled else { return }
    meme_deferred_file_fail(deferred, message)
  }

  /// Whether `resolve(_:)` or `fail(_:)` has been called.
  public var isSettled: Bool { meme_deferred_file_is_settled(deferred) != 0 }
}
