// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

@testable import MemeStore

/// Received memes (Collect) are kept as such, and the words read in their pictures are searchable,
/// are their description until the user writes one, and survive a reopening.
@Suite struct ReceivedMemeStorageTests {
  private func receivedDraft() -> SentMemeDraft {
    var draft = SentMemeDraft(
      content: .empty, original: .encoded(EncodedImage(data: randomBytes(300), fileExtension: "jpg")),
      rendered: .jpeg(randomBytes(200)), thumbnail: .png(randomBytes(50)))
    draft.isReceived = true
    return draft
  }

  @Test func aReceivedMemeIsKeptAsReceivedAndWaitsToBeRead() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let sent = try store.save(sampleDraft(1))
    let received = try store.save(receivedDraft())
    #expect(!sent.isReceived && received.isReceived)
    #expect(received.textInPicture == .notRead)
    #expect(try store.memesAwaitingReading() == [received.id])

    let reopened = try SentMemeStore(directory: folder.url)
    #expect(try reopened.meme(id: received.id)?.isReceived == true)
    #expect(try reopened.meme(id: sent.id)?.isReceived == false)
    #expect(try reopened.memesAwaitingReading() == [received.id])
  }

  @Test func theWordsReadAreFoundAndAreTheDescriptionUntilTheUserWritesOne() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let received = try store.save(receivedDraft())
    #expect(try store.memeIDs(matching: "compiles").isEmpty)

    let read = try store.recordTextInPicture(
      TextInPicture(read: "WHEN THE CODE COMPILES\nON THE FIRST TRY"), ofMemeWithID: received.id)
    #expect(read.textInPicture == .found("WHEN THE CODE COMPILES\nON THE FIRST TRY"))
    #expect(read.resolvedDescription == "WHEN THE CODE COMPILES\nON THE FIRST TRY")
    #expect(try store.memeIDs(matching: "compiles") == [received.id])
    #expect(try store.memeIDs(matching: "first try") == [received.id])
    #expect(try store.memesAwaitingReading().isEmpty)

    // The user's own description wins, and the words read stay searchable beside it.
    let described = try store.setDescription("A programmer celebrating", ofMemeWithID: received.id)
    #expect(described.resolvedDescription == "A programmer celebrating")
    #expect(try store.memeIDs(matching: "compiles") == [received.id])
    #expect(try store.memeIDs(matching: "celebrating") == [received.id])

    // Back to the default: the words read again.
    let reset = try store.setDescription(nil, ofMemeWithID: received.id)
    #expect(reset.resolvedDescription == "WHEN THE CODE COMPILES\nON THE FIRST TRY")

    let reopened = try SentMemeStore(directory: folder.url)
    #expect(try reopened.meme(id: received.id)?.textInPicture == read.textInPicture)
    #expect(try reopened.memeIDs(matching: "compiles") == [received.id])
  }

  @Test func aPictureWithNoWordsIsReadOnceAndFoundByNothing() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let received = try store.save(receivedDraft())
    let read = try store.recordTextInPicture(TextInPicture(read: "  \n "), ofMemeWithID: received.id)
    #expect(read.textInPicture == .nothingFound)
    #expect(read.resolvedDescription == "")
    #expect(try store.memesAwaitingReading().isEmpty)
    #expect(try SentMemeStore(directory: folder.url).meme(id: received.id)?.textInPicture == .nothingFound)
  }

  @Test func readingAgainReplacesTheWordsInTheIndex() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let received = try store.save(receivedDraft())
    try store.recordTextInPicture(TextInPicture(read: "HELO WORLD"), ofMemeWithID: received.id)
    try store.recordTextInPicture(TextInPicture(read: "HELLO WORLD"), ofMemeWithID: received.id)
    #expect(try store.memeIDs(matching: "helo").isEmpty)
    #expect(try store.memeIDs(matching: "hello") == [received.id])
  }

  @Test func theListShowsAllOnlyTheReceivedOrOnlyTheSentMemes() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let first = try store.save(sampleDraft(1))
    let received = try store.save(receivedDraft())
    let second = try store.save(sampleDraft(2))
    try store.recordTextInPicture(TextInPicture(read: "Top secret"), ofMemeWithID: received.id)
    #expect(try store.memeIDs(matching: "") == [second.id, received.id, first.id])
    #expect(try store.memeIDs(matching: "", filter: .receivedOnly) == [received.id])
    #expect(try store.memeIDs(matching: "", filter: .sentOnly) == [second.id, first.id])
    #expect(try store.memeIDs(matching: "top") == [second.id, received.id, first.id])
    #expect(try store.memeIDs(matching: "top", filter: .receivedOnly) == [received.id])
    #expect(try store.memeIDs(matching: "top", limit: 1, filter: .sentOnly) == [second.id])
  }

  @Test func recordingForAMemeThatIsGoneThrows() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let received = try store.save(receivedDraft())
    try store.delete(id: received.id)
    #expect(throws: StoreError.memeNotFound(id: received.id)) {
      try store.recordTextInPicture(TextInPicture(read: "late"), ofMemeWithID: received.id)
    }
    #expect(try store.memesAwaitingReading().isEmpty)
  }
}
