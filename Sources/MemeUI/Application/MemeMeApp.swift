// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import MemeEditing
import MemeStore

/// The graphical application's entry point, called by `mememe` when it has no command to run.
public enum MemeMeApp {
  /// The reverse-DNS id: D-Bus name, .desktop file and icon name. The development build
  /// (`meson setup -Dprofile=development`) has its own, so it runs beside the installed app.
  #if DEVELOPMENT_PROFILE
    public static let applicationID = "io.github.mememe.MemeMe.Devel"
  #else
    public static let applicationID = "io.github.mememe.MemeMe"
  #endif

  /// The one version number: About window, `mememe --version`. Plain data, so any thread may read it.
  nonisolated public static let version = "0.2.0"

  /// Runs the editor until its last window closes; returns the exit status.
  /// `arguments` are the process arguments (files after the program name are opened; the app's own
  /// options are `LaunchOptions`).
  /// Shared memes go to `sentMemes` when given, otherwise to the store in `$XDG_DATA_HOME/<id>/`.
  public static func run(arguments: [String], sentMemes: SentMemeSink? = nil) -> Int32 {
    Localization.setUp()
    var arguments = arguments
    let options = LaunchOptions.take(from: &arguments)
    // Printing the texts is a look at a fresh window: its own id, so a running MemeMe does not take
    // it over.
    let id =
      options.printsTexts
      ? "\(applicationID).PrintTexts.p\(ProcessInfo.processInfo.processIdentifier)" : applicationID
    let preferences = Preferences.load()
    let app = MemeMeApplication(id: id, sink: sentMemes ?? InMemorySentMemes(), preferences: preferences)
    app.launchOptions = options
    if sentMemes == nil {
      let opening = SentMemesLibrary.startOpening(
        directory: SentMemeStore.defaultDirectory(appID: applicationID),
        linkedImagesFolder: preferences.linkedImagesFolder)
      app.openStore = { SentMemesLibrary.open(opening) }
    }
    return withExtendedLifetime(app) { app.run(arguments: arguments) }
  }
}
