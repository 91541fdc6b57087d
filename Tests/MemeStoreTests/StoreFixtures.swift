// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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
    topText: "Top \(number)", bottomText: "Bottom \(number)", style: style, sentAt: sentAt,
    original: .encoded(EncodedImage(data: randomBytes(300), fileExtension: "jpg")),
    rendered: .png(randomBytes(200)), thumbnail: .png(randomBytes(50)))
}

func contents(_ url: URL) throws -> Data { try Data(contentsOf: url) }

extension SentMemeStore {
  /// The top captions in list order: the easiest way to see an order in an assertion.
  func topTexts() throws -> [String] { try allMemes().map(\.topText) }
}
