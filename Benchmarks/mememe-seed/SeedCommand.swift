// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore
import MemeStore

/// Fills a sent-memes store with generated memes: the scale benchmark's 10,000-meme store, and the
/// process the crash-safety test kills in the middle of saving.
@main
struct SeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mememe-seed",
    abstract: "Add generated memes to a MemeMe sent-memes store.",
    discussion: """
      Without --directory the app's own store is filled: $XDG_DATA_HOME/<app id> (or \
      ~/.local/share/<app id>). Point XDG_DATA_HOME at a scratch folder to benchmark without touching \
      your memes.
      """)

  @Argument(help: "How many memes to add.")
  var count: Int

  @Option(help: "The store folder.")
  var directory: String?

  @Option(help: "The app id whose store is filled when no folder is given.")
  var appID = "io.github.mememe.MemeMe"

  @Option(help: "A file whose bytes every meme stores as its original and rendered image.")
  var image: String?

  @Option(help: "A file whose bytes every meme stores as its thumbnail.")
  var thumbnail: String?

  @Flag(help: "Save memes one at a time, printing \"saved <id>\" after each commit.")
  var oneAtATime = false

  @Option(help: "Memes per transaction when not saving one at a time.")
  var batchSize = 500

  @Flag(help: "Captions of everyday words (as the search benchmark needs) instead of numbered ones.")
  var words = false

  @Flag(
    help: """
      Make every other meme a received one (Collect): no captions of its own, its words those read \
      in its picture, as the search index holds them for received memes.
      """)
  var received = false

  func validate() throws {
    guard count >= 0 else { throw ValidationError("The count must not be negative.") }
    guard batchSize > 0 else { throw ValidationError("The batch size must be positive.") }
  }

  func run() throws {
    let folder =
      directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? SentMemeStore.defaultDirectory(appID: appID)
    let store = try SentMemeStore(directory: folder)
    var images = try SeedImages(imagePath: image, thumbnailPath: thumbnail)
    images.usesWords = words
    images.makesReceived = received
    let start = Date()
    let now = Date()
    let drafts = (0..<count).lazy.map { index in
      // Older first, a minute apart, so the newest (saved last) is on top with the latest time.
      images.draft(number: index + 1, sentAt: now.addingTimeInterval(Double(index - count) * 60))
    }
    if oneAtATime {
      for draft in drafts {
        let meme = try store.save(draft)
        say("saved \(meme.id)")
      }
    } else {
      var batch: [SentMemeDraft] = []
      for draft in drafts {
        batch.append(draft)
        if batch.count == batchSize {
          try store.save(contentsOf: batch)
          batch.removeAll(keepingCapacity: true)
        }
      }
      try store.save(contentsOf: batch)
    }
    if received { try recordReadText(in: store, images: images) }
    let seconds = Date().timeIntervalSince(start)
    say("Added \(count) memes in \(Self.format(seconds)) s to \(folder.path).")

    // What the app pays at launch: open (integrity check, clean-up) and list everything.
    let openStart = Date()
    let reopened = try SentMemeStore(directory: folder)
    let opened = Date()
    let memes = try reopened.allMemes()
    say(
      "Reopened in \(Self.format(opened.timeIntervalSince(openStart))) s; listed \(memes.count) memes in "
        + "\(Self.format(Date().timeIntervalSince(opened))) s.")
  }

  /// The received memes' words, as reading their pictures would record them: the captions they
  /// would have had, upper-cased as drawn, a line each.
  private func recordReadText(in store: SentMemeStore, images: SeedImages) throws {
    // Memes are numbered from 1 in the order saved, and their ids count up from the first one's.
    let unread = try store.memesAwaitingReading()
    guard let first = unread.min().map({ $0 - 1 }) else { return }
    for id in unread {
      let captions = images.captions(number: Int(id - first) + 1)
      try store.recordTextInPicture(
        TextInPicture(read: captions.top.uppercased() + "\n" + captions.bottom.uppercased()), ofMemeWithID: id
      )
    }
  }

  private static func format(_ seconds: TimeInterval) -> String { String(format: "%.3f", seconds) }
}

/// Writes a line straight to standard output, unbuffered even into a pipe: a parent reading "saved"
/// lines must see each one as soon as its meme has committed.
private func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The image bytes shared by every seeded meme (the store still writes a copy per meme).
struct SeedImages {
  private var variants: [(image: Data, thumbnail: Data)]
  /// Captions from `SeedWords` rather than "Seeded meme <n>".
  var usesWords = false
  /// Every other meme received, its captions' words read in its picture instead.
  var makesReceived = false

  init(imagePath: String?, thumbnailPath: String?) throws {
    if let imagePath, let thumbnailPath {
      variants = [
        (
          try Data(contentsOf: URL(fileURLWithPath: imagePath)),
          try Data(contentsOf: URL(fileURLWithPath: thumbnailPath))
        )
      ]
      return
    }
    guard imagePath == nil, thumbnailPath == nil else {
      throw ValidationError("Give both --image and --thumbnail, or neither.")
    }
    // A few colour pairs so a seeded grid does not look like one picture repeated.
    let palette: [([UInt8], [UInt8])] = [
      ([231, 76, 60], [241, 196, 15]), ([52, 152, 219], [155, 89, 182]),
      ([46, 204, 113], [26, 188, 156]), ([230, 126, 34], [192, 57, 43]),
      ([44, 62, 80], [149, 165, 166]), ([142, 68, 173], [236, 240, 241]),
    ]
    variants = palette.map { from, to in
      (
        GeneratedPNG.gradient(width: 480, height: 360, from: from, to: to),
        GeneratedPNG.gradient(width: 160, height: 120, from: from, to: to)
      )
    }
  }

  func draft(number: Int, sentAt: Date) -> SentMemeDraft {
    let variant = variants[number % variants.count]
    let captions = self.captions(number: number)
    let isReceived = makesReceived && number % 2 == 0
    var draft = SentMemeDraft(
      content: isReceived
        ? .empty : MemeContent(captions: MemeCaptions(top: captions.top, bottom: captions.bottom)),
      sentAt: sentAt, original: .encoded(.png(variant.image)), rendered: .png(variant.image),
      thumbnail: .png(variant.thumbnail))
    draft.isReceived = isReceived
    return draft
  }

  func captions(number: Int) -> (top: String, bottom: String) {
    usesWords
      ? SeedWords.captions(number: number) : (top: "Seeded meme \(number)", bottom: "Bottom text \(number)")
  }
}
