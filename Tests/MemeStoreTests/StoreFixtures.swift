// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// A fresh folder under the temporary directory, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "MemeStoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func file(_ name: String) -> URL { url.appendingPathComponent(name, isDirectory: false) }

  var databaseURL: URL { file(SentMemeStore.databaseFileName) }
  var imagesURL: URL { url.appendingPathComponent(SentMemeStore.imagesFolderName, isDirectory: true) }

  func imageFileNames() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: imagesURL.path))
  }
}

/// Bytes that differ from test to test and file to file, so a stored copy can only match its own source.
func randomBytes(_ count: Int) -> Data {
  var generator = SystemRandomNumberGenerator()
  return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
}

/// A draft with distinct random images; `number` makes its captions unique.
func sampleDraft(
  _ number: Int, style: CaptionStyle = .classic, sentAt: Date = Date()
) -> SentMemeDraft {
  SentMemeDraft(
    content: MemeContent(
      captions: MemeCaptions(top: "Top \(number)", bottom: "Bottom \(number)", style: style)),
    sentAt: sentAt,
    original: .encoded(EncodedImage(data: randomBytes(300), fileExtension: "jpg")),
    rendered: .png(randomBytes(200)), thumbnail: .png(randomBytes(50)))
}

func contents(_ url: URL) throws -> Data { try Data(contentsOf: url) }

extension SentMemeStore {
  /// The top captions in list order: the easiest way to see an order in an assertion.
  func topTexts() throws -> [String] { try allMemes().map(\.top) }
}

/// A store as an earlier release left it: its migrations up to `lastMigration` (never edited once
/// shipped), the files `a.jpg`, `a-meme.png` and `a-thumb.png`, and one meme of them, sent with the
/// classic style and the `extraColumns`' values.
func makeReleaseStore(
  in folder: TemporaryFolder, upTo lastMigration: String, extraColumns: [String: String] = [:]
) throws {
  try FileManager.default.createDirectory(at: folder.imagesURL, withIntermediateDirectories: true)
  for name in ["a.jpg", "a-meme.png", "a-thumb.png"] {
    try randomBytes(100).write(to: folder.imagesURL.appendingPathComponent(name))
  }
  let queue = try DatabaseQueue(path: folder.databaseURL.path)
  try StoreSchema.migrator.migrate(queue, upTo: lastMigration)
  let columns = extraColumns.keys.sorted()
  try queue.write { db in
    try db.execute(
      sql: """
        INSERT INTO sentMeme (topText, bottomText, style, sentAt, position, originalFile, renderedFile,
          thumbnailFile\(columns.map { ", " + $0 }.joined()))
        VALUES ('top', 'bottom', '{"isUppercase":true,"outlineColor":{"alpha":1,"blue":0,"green":0,"red":0},"textColor":{"alpha":1,"blue":1,"green":1,"red":1}}', 1000, 0, 'a.jpg', 'a-meme.png', 'a-thumb.png'\(String(repeating: ", ?", count: columns.count)))
        """, arguments: StatementArguments(columns.map { extraColumns[$0] }))
  }
  try queue.close()
}

/// A template of `captions` with distinct random pictures, as Use as Template saves one.
func templateDraft(named name: String, _ captions: MemeCaptions) -> MemeTemplateDraft {
  MemeTemplateDraft(
    name: name, picture: .png(randomBytes(120)), thumbnail: .png(randomBytes(40)),
    content: MemeContent(captions: captions))
}
