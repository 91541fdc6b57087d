// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeUI

/// The editor as the export memory benchmark drives it: an editor over a real Sent Memes store,
/// sharing through the same actions and completions the Share menu uses. It reaches into MemeUI through
/// `package` access (visible inside this package only), so the app carries none of it.
final class EditorExportSession {
  /// The share targets measured.
  enum Target: String, CaseIterable, Sendable {
    case saveAsPNG = "save-png"
    case saveAsJPEG = "save-jpeg"
    case copyImage = "copy-image"
    case openWith = "open-with"
  }

  private let app: MemeMeApplication
  private let memes: SentMemesLibrary
  private let editor: EditorWindow

  /// Registers an application with its store in `storeDirectory` and shows an editor.
  init(storeDirectory: URL, applicationID: String) throws {
    memes = try SentMemesLibrary.open(directory: storeDirectory).get()
    app = MemeMeApplication(id: applicationID, sink: memes, preferences: .inMemory())
    app.application.register()
    editor = EditorWindow(application: app.application, sink: memes, preferences: .inMemory())
    editor.present()
  }

  /// Loads the picture as Album does; false when it could not be loaded.
  func load(_ url: URL) -> Bool {
    editor.load(url)
    MainContext.iterate(maxIterations: 100_000) { !editor.isLoading }
    return editor.document.image != nil
  }

  func setCaptions(top: String, bottom: String) {
    editor.document.setText(top, at: .top)
    editor.document.setText(bottom, at: .bottom)
    editor.document.endTyping()
  }

  /// Shares through `target` and returns once the export and the Sent Memes save have ended; false
  /// when the share failed or took longer than ten minutes. Save As writes `output` (its extension
  /// picks the format). Open With runs the editor's own flow with an application that opens nothing,
  /// so the launch of another program is left out.
  func share(_ target: Target, output: URL) -> Bool {
    let kept = memes.list.count
    editor.filePicker = { _, completion in completion(output) }
    editor.applicationChooser = { _, chosen in chosen(OpenedElsewhere()) }
    switch target {
    case .saveAsPNG, .saveAsJPEG:
      ActionMap(editor.window).action(named: ShareTarget.saveAs.rawValue)?.activate()
    case .copyImage: ActionMap(editor.window).action(named: ShareTarget.copyImage.rawValue)?.activate()
    case .openWith: ActionMap(editor.window).action(named: ShareTarget.openWith.rawValue)?.activate()
    }
    let ended = MainContext.iterate(maxIterations: 6_000_000) {
      MainLoop.backgroundWorkInFlight == 0 && !memes.isSaving
    }
    // A failed share keeps nothing: the count tells success from failure.
    return ended && memes.list.count == kept + 1
  }
}

/// The application Open With hands the meme to in the benchmark: it reports the meme opened at once
/// and starts nothing, so the figures are the editor's alone.
private final class OpenedElsewhere: MemeOpener {
  func open(_ file: URL, completion: @escaping (Result<Void, OpenWithFailure>) -> Void) {
    completion(.success(()))
  }
  var confirmation: String { "Meme opened" }
}
