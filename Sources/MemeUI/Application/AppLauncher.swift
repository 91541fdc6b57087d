// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import MemeEditing
import MemeStore

/// Starts the graphical application (`MemeMeApplication`), called by `mememe` when it has no command
/// to run.
public enum AppLauncher {
  /// Runs the editor until its last window closes; returns the exit status.
  /// `arguments` are the process arguments (files after the program name are opened; the app's own
  /// options are `LaunchOptions`). Shared memes go to the store in `$XDG_DATA_HOME/<id>/`.
  public static func run(arguments: [String]) -> Int32 {
    Gettext.setUp(domain: Gettext.appDomain, directory: AppDataPaths.localeDirectory)
    var arguments = arguments
    let options = LaunchOptions.take(from: &arguments)
    // Printing the texts is a look at a fresh window: its own id, so a running MemeMe does not take
    // it over.
    let applicationID = AppIdentity.applicationID
    let id =
      options.printsTexts
      ? "\(applicationID).PrintTexts.p\(ProcessInfo.processInfo.processIdentifier)" : applicationID
    let preferences = Preferences.load()
    let app = MemeMeApplication(id: id, sink: InMemorySentMemes(), preferences: preferences)
    app.launchOptions = options
    let opening = SentMemesLibrary.startOpening(
      directory: SentMemeStore.defaultDirectory(appID: applicationID),
      linkedImagesFolder: preferences.linkedImagesFolder)
    app.openStore = { SentMemesLibrary.open(opening) }
    return withExtendedLifetime(app) { app.run(arguments: arguments) }
  }
}
