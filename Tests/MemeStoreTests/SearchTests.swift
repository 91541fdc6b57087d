// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// What a search in Sent Memes finds: every word by prefix, case and accents ignored, in any script.
@Suite struct SearchTests {
  /// A store holding one meme per text (as its top caption), and the ids by text.
  private func store(with texts: [String], folder: TemporaryFolder) throws -> (SentMemeStore, [String: Int64])
  {
    let store = try SentMemeStore(directory: folder.url)
    var ids: [String: Int64] = [:]
    for (number, text) in texts.enumerated() {
      var draft = sampleDraft(number)
      draft.top = text
      draft.bottom = ""
      ids[text] = try store.save(draft).id
    }
    return (store, ids)
  }

  @Test(arguments: [
    ("cafe", ["Café au lait"]),
    ("CAFÉ", ["Café au lait"]),
    ("mon", ["Monday again", "MONTAG"]),
    ("day", []),
    ("lait café", ["Café au lait"]),
    ("lait tea", []),
    ("东京", ["我在东京塔"]),
    ("京", ["我在东京塔", "東京タワーに行く"]),
    ("塔", ["我在东京塔"]),
    ("京都", []),
    ("ワー", ["東京タワーに行く"]),
    ("학교", ["학교에서 만나"]),
    ("😂", ["😂😂"]),
    ("🙈", []),
    ("नमस्", ["नमस्ते दुनिया"]),
    ("ΚΑΦΕ", ["ελληνικός καφές"]),
    ("ёлка", ["Ёлка"]),
    ("Tiếng", ["tiếng Việt"]),
    ("viet", ["tiếng Việt"]),
  ])
  func findsByWordPrefixInAnyScript(query: String, expected: [String]) throws {
    let folder = try TemporaryFolder()
    let texts = [
      "Café au lait", "Monday again", "MONTAG", "我在东京塔", "東京タワーに行く", "학교에서 만나", "😂😂",
      "नमस्ते दुनिया", "ελληνικός καφές", "birthday", "Ёлка", "tiếng Việt",
    ]
    let (store, ids) = try store(with: texts, folder: folder)
    let found = try store.memeIDs(matching: query)
    #expect(Set(found) == Set(expected.map { ids[$0]! }), "\(query)")
  }

  /// A decomposed accent (e + combining acute, as some keyboards and file names give it) is the same.
  @Test func decomposedAccentsMatchComposedOnes() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["Cafe\u{301} noir", "Crème brûlée"], folder: folder)
    #expect(try store.memeIDs(matching: "café") == [ids["Cafe\u{301} noir"]!])
    #expect(try store.memeIDs(matching: "cre\u{300}me brulee") == [ids["Crème brûlée"]!])
  }

  /// Capitals write "ß" as "SS": the words read in a picture of "Straße" say "STRASSE".
  @Test func sharpSFindsDoubleSAndBack() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["Große Straße", "GROSSE STRASSE"], folder: folder)
    let both = Set(ids.values)
    #expect(Set(try store.memeIDs(matching: "straße")) == both)
    #expect(Set(try store.memeIDs(matching: "STRASSE")) == both)
    #expect(Set(try store.memeIDs(matching: "gro")) == both)
  }

  /// A limit keeps the first results in the list's order, for a query and for the empty one.
  @Test func aLimitKeepsTheFirstResultsInOrder() throws {
    let folder = try TemporaryFolder()
    let (store, _) = try store(with: ["mon one", "two", "mon three", "mon four", "five"], folder: folder)
    let every = try store.memeIDs(matching: "mon")
    #expect(every.count == 3)
    #expect(try store.memeIDs(matching: "mon", limit: 2) == Array(every.prefix(2)))
    #expect(try store.memeIDs(matching: "mon", limit: 10) == every)
    #expect(try store.memeIDs(matching: "", limit: 3) == Array(store.memeIDs().prefix(3)))
  }

  /// A query reads its first 32 words and the first 256 characters of each, whatever it is given:
  /// a search for a sentence of more words still finds its meme, a word cut at 256 characters still
  /// finds every meme it would (it matches by prefix), and a hundred thousand words are not read.
  @Test func aQueryReadsItsFirstWordsAndTheirFirstCharacters() throws {
    let long = String(repeating: "x", count: SearchQuery.maximumWordLength + 50)
    let words = (0..<100_000).map { "w\($0)" }
    let query = SearchQuery(words.joined(separator: " "))
    #expect(query.words == Array(words.prefix(SearchQuery.maximumWords)))
    #expect(SearchQuery("a " + long).words == ["a", String(long.prefix(SearchQuery.maximumWordLength))])
    // Words past the limit are ignored, not refused.
    let sentence = (1...40).map { "word\($0)" }
    let folder = try TemporaryFolder()
    let (store, ids) = try store(
      with: [sentence.prefix(SearchQuery.maximumWords).joined(separator: " "), "lonely " + long],
      folder: folder)
    let first = ids[sentence.prefix(SearchQuery.maximumWords).joined(separator: " ")]!
    #expect(try store.memeIDs(matching: sentence.joined(separator: " ")) == [first])
    #expect(try store.memeIDs(matching: long + "yyy") == [ids["lonely " + long]!])
    #expect(try store.memeIDs(matching: words.joined(separator: " ")) == [])
  }

  /// The empty query, and one with nothing but spaces and punctuation, list every meme in order.
  @Test(arguments: ["", "   ", "!?", "\"", "-"])
  func aQueryWithoutWordsListsEveryMeme(query: String) throws {
    let folder = try TemporaryFolder()
    let (store, _) = try store(with: ["one", "two", "😂"], folder: folder)
    #expect(try store.memeIDs(matching: query) == store.memeIDs())
    #expect(try store.memeIDs(matching: query).count == 3)
  }

  /// FTS5's own syntax typed by the user is plain text, never an error.
  @Test(arguments: [
    "\"", "\"unbalanced", "a\"b", "AND", "OR", "NOT", "a OR", "NEAR(a b)", "(", ")", "*", "^top", "text:top",
    "-top", "+", "a AND (b", "{a b}", "'", "\\", "\u{0}", "top*", "NOT top", "\"\"",
  ])
  func userInputIsNeverAQuerySyntaxError(query: String) throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["top secret", "AND OR NOT near", "a\"b"], folder: folder)
    let found = try store.memeIDs(matching: query)
    #expect(found.allSatisfy { ids.values.contains($0) })
  }

  @Test func operatorsAreSearchedAsWords() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["top secret", "AND OR NOT near"], folder: folder)
    #expect(try store.memeIDs(matching: "NOT") == [ids["AND OR NOT near"]!])
    #expect(try store.memeIDs(matching: "top OR") == [])
    #expect(try store.memeIDs(matching: "top*") == [ids["top secret"]!])
  }

  /// Both captions, the free text boxes and the user's own description are searched.
  @Test func everyTextOfAMemeIsSearched() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    var draft = sampleDraft(1)
    draft.top = "upper"
    draft.bottom = "lower"
    draft.layers = [
      .text(TextBox(text: "floating words", frame: RelativeRect(x: 0.1, y: 0.1, width: 0.5, height: 0.2)))
    ]
    draft.customDescription = "A cat staring at a cucumber"
    let meme = try store.save(draft)
    let other = try store.save(sampleDraft(2))
    for query in ["upper", "lower", "floating", "cucumber", "upper cucumber"] {
      #expect(try store.memeIDs(matching: query) == [meme.id], "\(query)")
    }
    #expect(try store.memeIDs(matching: "bottom 2") == [other.id])
  }

  /// Results come in the user's order, after moves too.
  @Test func resultsAreInTheStoresOrder() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["cat one", "dog", "cat two", "cat three"], folder: folder)
    #expect(try store.memeIDs(matching: "cat") == [ids["cat three"]!, ids["cat two"]!, ids["cat one"]!])
    try store.move(id: ids["cat one"]!, toIndex: 0)
    #expect(try store.memeIDs(matching: "cat") == [ids["cat one"]!, ids["cat three"]!, ids["cat two"]!])
  }

  /// Searches put their matches in the order `memeIDs()` keeps between writes: after every kind of
  /// write, that order is the one a plain reading of every row gives, and a search follows it.
  @Test func theOrderKeptBetweenWritesFollowsEveryWrite() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["cat one", "dog", "cat two"], folder: folder)
    func expectInStep(_ when: String) throws {
      let order = try store.allMemes().map(\.id)
      #expect(try store.memeIDs() == order, "\(when)")
      let cats = try store.allMemes().filter { $0.top.hasPrefix("cat") }.map(\.id)
      #expect(try store.memeIDs(matching: "cat") == cats, "\(when)")
    }
    try expectInStep("at first")
    var draft = sampleDraft(7)
    draft.top = "cat three"
    let three = try store.save(draft)
    try expectInStep("after a save")
    _ = try store.save(contentsOf: [sampleDraft(8), sampleDraft(9)])
    try expectInStep("after saving two")
    try store.move(id: ids["cat one"]!, toIndex: 0)
    try expectInStep("after a move")
    try store.delete(id: three.id)
    try expectInStep("after a delete")
    try store.undoDelete(id: three.id)
    try expectInStep("after undoing it")
    try store.delete(id: ids["cat two"]!)
    _ = try store.purgeDeleted()
    try expectInStep("after a purge")
  }

  /// Deleting hides a meme from results, undoing brings it back, purging removes its index entry.
  @Test func theIndexStaysInStepThroughDeleteUndoAndPurge() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["cat one", "cat two"], folder: folder)
    let one = ids["cat one"]!
    try store.delete(id: one)
    #expect(try store.memeIDs(matching: "cat") == [ids["cat two"]!])
    try store.undoDelete(id: one)
    #expect(try store.memeIDs(matching: "cat") == [ids["cat two"]!, one])
    try store.delete(id: one)
    try store.purgeDeleted()
    #expect(try store.memeIDs(matching: "cat") == [ids["cat two"]!])
    #expect(try indexedRowIDs(folder) == [ids["cat two"]!])
  }

  /// Edit & Resend saves the edited meme as a new one: it is found by its new text, the original by
  /// its old one.
  @Test func aResentMemeIsFoundByItsNewText() throws {
    let folder = try TemporaryFolder()
    let (store, ids) = try store(with: ["before edit"], folder: folder)
    var draft = sampleDraft(2)
    draft.top = "after edit"
    draft.bottom = ""
    let resent = try store.save(draft)
    #expect(try store.memeIDs(matching: "after") == [resent.id])
    #expect(try store.memeIDs(matching: "before") == [ids["before edit"]!])
    #expect(try store.memeIDs(matching: "edit") == [resent.id, ids["before edit"]!])
  }

  /// A store made before the index gets one for the memes it holds, deleted ones included.
  @Test func theMigrationIndexesExistingMemes() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(at: folder.imagesURL, withIntermediateDirectories: true)
    var names: [String] = []
    for stem in ["a", "b", "c"] {
      for name in ["\(stem).jpg", "\(stem)-meme.png", "\(stem)-thumb.png"] {
        try randomBytes(100).write(to: folder.imagesURL.appendingPathComponent(name))
      }
      names.append(stem)
    }
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    try StoreSchema.migrator.migrate(queue, upTo: "v5 meme layout")
    let boxes = try SentMemeDecoder.json(for: [
      .text(TextBox(text: "Über boxes", frame: RelativeRect(x: 0, y: 0, width: 1, height: 1)))
    ])
    try queue.write { db in
      let rows: [(String, String, String?, String?, Double?)] = [
        ("Old top", "old bottom", nil, nil, nil),
        ("", "", boxes, "described", nil),
        ("gone top", "", "not json", nil, 5),
      ]
      for (index, row) in rows.enumerated() {
        let stem = names[index]
        try db.execute(
          sql: """
            INSERT INTO sentMeme (topText, bottomText, style, sentAt, position, originalFile, renderedFile,
              thumbnailFile, textBoxes, description, deletedAt)
            VALUES (?, ?, '{}', 1000, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            row.0, row.1, index, "\(stem).jpg", "\(stem)-meme.png", "\(stem)-thumb.png", row.2, row.3, row.4,
          ])
      }
    }
    try queue.close()

    // Opening purges the deleted row; its index entry goes with it.
    let store = try SentMemeStore(directory: folder.url, checkingLater: false)
    let ids = try store.memeIDs()
    #expect(ids.count == 2)
    #expect(try store.memeIDs(matching: "old") == [ids[0]])
    #expect(try store.memeIDs(matching: "uber") == [ids[1]])
    #expect(try store.memeIDs(matching: "described") == [ids[1]])
    #expect(try store.memeIDs(matching: "gone") == [])
    #expect(try indexedRowIDs(folder) == ids)
  }

  /// The migration runs in the one transaction that records it: a store at v6 always has its index.
  @Test func theMigrationIsRecordedWithTheIndex() throws {
    let folder = try TemporaryFolder()
    _ = try SentMemeStore(directory: folder.url)
    let reader = try DatabaseQueue(path: folder.databaseURL.path)
    let (migrations, tables) = try reader.read { db in
      (
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
      )
    }
    #expect(migrations.contains("v6 search index"))
    #expect(tables.contains("sentMemeSearch") && tables.contains("sentMemeSearch_delete"))
  }

  private func indexedRowIDs(_ folder: TemporaryFolder) throws -> [Int64] {
    let reader = try DatabaseQueue(path: folder.databaseURL.path)
    return try reader.read { try Int64.fetchAll($0, sql: "SELECT rowid FROM sentMemeSearch ORDER BY rowid") }
  }
}
