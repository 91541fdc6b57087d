// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore
import MemeEditing
import MemeStore
import MemeTextReading
import MemeUI

/// `mememe collect FILES…`: Add to Sent Memes. Each picture, GIF or video someone else made is kept
/// in Sent Memes as a received meme, and the words in it are read for search and its description.
struct CollectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "collect",
    abstract: "Add to Sent Memes: pictures, GIFs and videos someone else made, as received memes.",
    discussion: """
      Each file is copied into Sent Memes (the copy shared from there carries no metadata of the \
      sender's), and the words in it are read (first, middle and last frames of an animation or a \
      video; at most 5 s a file) so that search finds it and its description is its text. One line \
      is printed for each file; a file that cannot be added is named on standard error, the others \
      are still added, and the exit status is then 1. A MemeMe running in the same session shows them \
      in Sent Memes at once.
      """)

  @Argument(help: ArgumentHelp("The pictures, GIFs or videos to add.", valueName: "file"))
  var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one file to add.") }
  }

  func run() throws {
    let store: SentMemeStore
    do {
      store = try SentMemeStore(directory: SentMemeStore.defaultDirectory(appID: AppIdentity.applicationID))
    } catch let error as StoreError {
      throw CommandFailure(error.message)
    }
    let reader = TextLanguages.forUser().flatMap(PictureTextReader.init)
    var failed = 0
    defer {
      // A running MemeMe shows them in Sent Memes at once.
      if failed < files.count { SentMemesOutsideChanges.announce() }
    }
    for path in files {
      let url = URL(fileURLWithPath: path)
      switch collect(url, into: store, reading: reader) {
      case .success(let line): print(line)
      case .failure(let failure):
        printToStandardError("mememe: \(failure.message)")
        failed += 1
      }
    }
    if failed > 0 {
      throw CommandFailure(
        failed == files.count ? "nothing was added" : "\(failed) of \(files.count) files were not added")
    }
  }

  private func collect(_ url: URL, into store: SentMemeStore, reading reader: PictureTextReader?)
    -> Result<String, CollectFailure>
  {
    let draft: SentMemeDraft
    switch MemeCollector.draft(collecting: url) {
    case .success(let made): draft = made
    case .failure(let error): return .failure(CollectFailure(message: error.description))
    }
    let meme: SentMeme
    do {
      meme = try store.save(draft)
    } catch let error as StoreError {
      return .failure(CollectFailure(message: "\(FileNameQuoting.quoted(url.path)): \(error.message)"))
    } catch {
      return .failure(CollectFailure(message: "\(FileNameQuoting.quoted(url.path)): \(error)"))
    }
    let name = url.lastPathComponent
    guard let reader, let text = try? reader.read(fileAt: url) else {
      return .success(String(format: "Added %@; its words could not be read.", name))
    }
    _ = try? store.recordTextInPicture(TextInPicture(read: text.text), ofMemeWithID: meme.id)
    return .success(
      text.isEmpty
        ? String(format: "Added %@: no text found.", name)
        : String(format: "Added %@: %@", name, text.lines.joined(separator: " / ")))
  }
}

/// Why one file was not added, as the line that says so.
private struct CollectFailure: Error {
  let message: String
}
