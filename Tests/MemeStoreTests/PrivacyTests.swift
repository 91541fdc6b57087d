// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Sent memes are personal: the store's folders are the owner's alone (0700) and its files too (0600),
/// as the XDG base directory spec asks for data folders.
@Suite struct PrivacyTests {
  func mode(_ path: String) -> mode_t {
    var status = stat()
    #expect(lstat(path, &status) == 0, "\(path)")
    return status.st_mode & 0o7777
  }

  @Test func newStoreIsReadableByItsOwnerOnly() throws {
    let folder = try TemporaryFolder()
    let directory = folder.url.appendingPathComponent("share/io.example.App", isDirectory: true)

    let store = try SentMemeStore(directory: directory)
    let meme = try store.save(sampleDraft(1))

    for created in [directory.deletingLastPathComponent(), directory, store.imagesDirectory] {
      #expect(mode(created.path) == 0o700, "\(created.path)")
    }
    for file in [
      store.databaseURL.path, store.databaseURL.path + "-wal", store.databaseURL.path + "-shm",
      directory.appendingPathComponent(SentMemeStore.lockFileName).path, meme.originalImageURL.path,
      meme.renderedImageURL.path, meme.thumbnailURL.path,
    ] {
      #expect(mode(file) == 0o600, "\(file)")
    }
  }

  @Test func storeMadeReadableByAllIsNarrowedWhenItOpens() throws {
    let folder = try TemporaryFolder()
    let old = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    // As earlier versions left it with the usual umask.
    for path in [folder.url.path, folder.imagesURL.path] { #expect(chmod(path, 0o755) == 0) }
    #expect(chmod(folder.databaseURL.path, 0o644) == 0)

    let store = try SentMemeStore(directory: folder.url)
    let meme = try store.save(sampleDraft(2))

    #expect(mode(folder.url.path) == 0o700)
    #expect(mode(folder.imagesURL.path) == 0o700)
    #expect(mode(folder.databaseURL.path) == 0o600)
    #expect(mode(meme.renderedImageURL.path) == 0o600)
    #expect(try store.allMemes() == [meme, old])
  }
}
