// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore
import PictureFixtures
import Testing

/// `mememe collect` reads the words in memes someone else made: 200 memes rendered by `mememe
/// render` with known captions (English, numbers, German, lower case, on photo-like pictures) are
/// collected, and a search for a word of a caption finds the memes that carry it.
@Suite(.serialized) struct CollectedMemesSearchTests {
  static let memeCount = 200
  /// The photo-like pictures the captions are drawn on, each used by every twentieth meme.
  static let backgroundCount = 20

  /// The store's folder and the rendered memes, made once for the suite's tests.
  final class Collection: @unchecked Sendable {
    let fixtures: Fixtures
    let corpus = CaptionCorpus(count: CollectedMemesSearchTests.memeCount)
    let dataHome: URL
    let collectResult: CommandLineRunner.Result
    /// The rendered files, in corpus order.
    let files: [String]

    nonisolated(unsafe) static var shared: Result<Collection, any Error>?
    static let lock = NSLock()

    static func make() throws -> Collection {
      lock.lock()
      defer { lock.unlock() }
      if let shared { return try shared.get() }
      let made = Result { try Collection() }
      shared = made
      return try made.get()
    }

    private init() throws {
      let fixtures = try Fixtures()
      self.fixtures = fixtures
      dataHome = fixtures.folder.appendingPathComponent("data", isDirectory: true)
      let backgrounds = try (0..<CollectedMemesSearchTests.backgroundCount).map { index in
        let photo = PhotoBackgrounds.photo(width: 960, height: 720, seed: UInt64(index))
        return try fixtures.write(photo, as: "photo\(index).jpg", format: .jpeg(quality: 85))
      }
      var files: [String] = []
      for (index, meme) in CaptionCorpus(count: CollectedMemesSearchTests.memeCount).memes.enumerated() {
        let name = fixtures.path("meme\(index).jpg")
        let result = try CommandLineRunner.run(
          [
            "render", backgrounds[index % backgrounds.count], "--top", meme.top.joined(separator: " "),
            "--bottom", meme.bottom.joined(separator: " "), "-o", name,
          ] + (meme.keepsCase ? ["--no-uppercase"] : []))
        try #require(result.status == 0, "\(result.standardError)")
        files.append(name)
      }
      self.files = files
      collectResult = try CommandLineRunner.run(
        ["collect"] + files, timeout: 900, environment: ["XDG_DATA_HOME": dataHome.path, "LANGUAGE": "de"])
    }

    func openStore() throws -> SentMemeStore {
      try SentMemeStore(
        directory: dataHome.appendingPathComponent("io.github.mememe.MemeMe", isDirectory: true))
    }
  }

  @Test func everyMemeIsCollectedAsReceived() throws {
    let collection = try Collection.make()
    #expect(collection.collectResult.status == 0, "\(collection.collectResult.standardError)")
    #expect(collection.collectResult.standardOutput.split(separator: "\n").count == Self.memeCount)
    let memes = try collection.openStore().allMemes()
    #expect(memes.count == Self.memeCount)
    #expect(memes.allSatisfy { $0.isReceived && $0.textInPicture.isRead })
  }

  @Test func aSearchForACaptionWordFindsAtLeast95PercentOfTheMemesCarryingIt() throws {
    let collection = try Collection.make()
    let store = try collection.openStore()
    // The store's ids in the order collected (the list shows the last collected first).
    let ids = Array(try store.memeIDs().reversed())
    try #require(ids.count == Self.memeCount)
    var carrying: [String: Set<Int64>] = [:]
    for (meme, id) in zip(collection.corpus.memes, ids) {
      for word in meme.words { carrying[word, default: []].insert(id) }
    }
    var expected = 0
    var found = 0
    var missed: [String] = []
    for (word, memes) in carrying.sorted(by: { $0.key < $1.key }) {
      let hits = Set(try store.memeIDs(matching: word))
      expected += memes.count
      found += memes.intersection(hits).count
      if !memes.isSubset(of: hits) {
        missed.append("\(word) (\(memes.subtracting(hits).count) of \(memes.count))")
      }
    }
    // What was read where a word was missed, to see why.
    let memes = Dictionary(uniqueKeysWithValues: try store.allMemes().map { ($0.id, $0) })
    for (index, (meme, id)) in zip(collection.corpus.memes, ids).enumerated() {
      let read = memes[id]?.textInPicture.text ?? "(nothing)"
      let lost = try meme.words.filter { !(try store.memeIDs(matching: $0).contains(id)) }
      guard !lost.isEmpty else { continue }
      print("meme\(index): lost \(lost) of \(meme.words); read \(read.debugDescription)")
      if let output = ProcessInfo.processInfo.environment["MEMEME_TEST_OUTPUT"] {
        try? FileManager.default.copyItem(
          atPath: collection.files[index],
          toPath: URL(fileURLWithPath: output).appendingPathComponent("missed-meme\(index).jpg").path)
      }
    }
    let share = Double(found) / Double(expected)
    print(
      "collected memes: \(found) of \(expected) word–meme pairs found (\(Int(share * 1000)) ‰); missed: \(missed)"
    )
    #expect(share >= 0.95, "found \(found) of \(expected); missed: \(missed)")
  }

  /// Every word of its captions, as drawn (upper case, "ß" as "SS"), is in the description, for at
  /// least 95 % of the words: accents compared loosely, as search compares them (English's model reads
  /// "ÄRGER" as "ARGER").
  @Test func theDefaultDescriptionOfACollectedMemeHoldsItsWords() throws {
    let collection = try Collection.make()
    let memes = Array(try collection.openStore().allMemes().reversed())
    try #require(memes.count == Self.memeCount)
    var (expected, held) = (0, 0)
    for (meme, stored) in zip(collection.corpus.memes, memes) {
      #expect(stored.customDescription == nil)
      let description = SearchFolding.folded(stored.resolvedDescription)
      expected += meme.words.count
      held += meme.words.filter { description.contains(SearchFolding.folded($0)) }.count
    }
    #expect(held * 100 >= expected * 95, "\(held) of \(expected) words are in the descriptions")
  }

  @Test func aPhotoWithNoTextIsReadAsNothingFoundAndIsFoundByNoSearch() throws {
    let fixtures = try Fixtures()
    let photo = try fixtures.write(
      PhotoBackgrounds.photo(width: 1920, height: 1080, seed: 99), as: "photo.jpg", format: .jpeg(quality: 90)
    )
    let dataHome = fixtures.folder.appendingPathComponent("data", isDirectory: true)
    let result = try CommandLineRunner.run(["collect", photo], environment: ["XDG_DATA_HOME": dataHome.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("no text found"), "\(result.standardOutput)")
    let store = try SentMemeStore(directory: dataHome.appendingPathComponent("io.github.mememe.MemeMe"))
    let memes = try store.allMemes()
    try #require(memes.count == 1)
    #expect(memes[0].textInPicture == .nothingFound)
    #expect(memes[0].isReceived)
    for word in CaptionCorpus.english.prefix(10) { #expect(try store.memeIDs(matching: word).isEmpty) }
  }
}

/// How the tests compare a caption word with the words read: upper-cased as drawn ("ß" as "SS"),
/// then without case and accents.
enum SearchFolding {
  static func folded(_ text: String) -> String {
    text.uppercased().folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
