// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore

/// What the app remembers between runs: the window size, the last caption style, the last folder
/// a picture was chosen from and the last folder a meme was saved to.
///
/// Backed by GSettings when the schema is installed; otherwise (e.g. `swift run` before
/// `meson install`) by values kept in memory for this run, starting from the schema's defaults, so
/// the app behaves the same minus the memory across runs.
package final class Preferences {
  static let schemaID = "io.github.mememe.MemeMe"

  private enum Key {
    static let width = "window-width"
    static let height = "window-height"
    static let maximized = "window-maximized"
    static let captionStyle = "caption-style"
    static let lastFolder = "last-folder"
    static let saveFolder = "save-folder"
    static let linkedImagesFolder = "linked-images-folder"
    static let styleVariant = "style-variant"
    static let shareSizeLimit = "share-size-limit"
    static let searchProviderEnabled = "search-provider-enabled"
    static let receivedMemes = "received-memes"
  }

  /// The keys of the caption style before it was kept as one value (`caption-style`); read once,
  /// so that the style a user chose with an earlier version is kept.
  private enum LegacyStyleKey {
    static let fontFamily = "font-family"
    static let textColor = "text-color"
    static let outlineColor = "outline-color"
    static let uppercase = "uppercase"
    static let all = [fontFamily, textColor, outlineColor, uppercase]
  }

  /// Nil when the schema is not installed.
  let settings: Settings?
  private var memory = Memory()

  /// The fallback values, as in the schema.
  private struct Memory {
    var width = 900
    var height = 700
    var isMaximized = false
    var style = CaptionStyle.classic
    var lastFolder: URL?
    var saveFolder: URL?
    var linkedImagesFolder = ""
    var styleVariant = StyleManager.Scheme.followSystem
    var shareSizeLimit = 0
    var searchProviderEnabled = true
    var receivedFilter = ReceivedFilter.all
  }

  /// The stickers Add Sticker offers again: in a file beside Sent Memes' store when the settings
  /// schema is installed (the app as installed), for this run only without it, as the rest here.
  lazy var recentStickers = RecentStickers(
    file: settings.map { _ in
      SentMemeStore.defaultDirectory(appID: AppIdentity.applicationID).appendingPathComponent(
        "recent-stickers.json")
    })

  /// Where pictures pasted or dropped as stickers are written (named by their SHA-256), so that
  /// each sticker has a file to read and keep: beside Sent Memes' store as installed, in a
  /// temporary folder of this run's without the settings schema.
  lazy var pastedStickerFolder: URL =
    settings == nil
    ? FileManager.default.temporaryDirectory.appendingPathComponent(
      "mememe-pasted-stickers-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    : SentMemeStore.defaultDirectory(appID: AppIdentity.applicationID).appendingPathComponent(
      "pasted-stickers", isDirectory: true)

  init(settings: Settings?) {
    self.settings = settings
  }

  /// The installed schema (or the one under the app's data dir), stored in `backend` when given
  /// (tests: a store of their own) or else the session's; in-memory values without the schema.
  static func load(schemaID: String = schemaID, backend: SettingsBackend? = nil) -> Preferences {
    let compiled = AppDataPaths.dataDirectory.appendingPathComponent("glib-2.0/schemas", isDirectory: true)
    return Preferences(
      settings: Settings(schemaID: schemaID, extraSchemaDirectory: compiled, backend: backend))
  }

  /// Values for this run only, whatever is installed (tests that must not see each other's choices).
  package static func inMemory() -> Preferences { Preferences(settings: nil) }

  // MARK: - Caption style

  /// The last caption style, kept as one value in the style's own serialisation (the store's too),
  /// so a new style field needs nothing here.
  var captionStyle: CaptionStyle {
    get {
      guard let settings else { return memory.style }
      let text = settings.string(Key.captionStyle)
      guard !text.isEmpty else { return migrateLegacyStyle(settings) }
      return CaptionStyle(jsonText: text) ?? .classic
    }
    set {
      guard let settings else {
        memory.style = newValue
        return
      }
      guard let text = try? newValue.jsonText() else { return }
      settings.setString(text, for: Key.captionStyle)
    }
  }

  /// The style an earlier version kept a key per field for (their defaults are the classic
  /// style), moved into `caption-style` when the user had changed it; the old keys are then reset.
  private func migrateLegacyStyle(_ settings: Settings) -> CaptionStyle {
    let family = settings.string(LegacyStyleKey.fontFamily)
    let classic = CaptionStyle.classic
    let style = CaptionStyle(
      fontFamily: family.isEmpty ? nil : family,
      textColor: RGBAColor(parsing: settings.string(LegacyStyleKey.textColor)) ?? classic.textColor,
      outlineColor: RGBAColor(parsing: settings.string(LegacyStyleKey.outlineColor)) ?? classic.outlineColor,
      isUppercase: settings.bool(LegacyStyleKey.uppercase))
    guard style != classic, let text = try? style.jsonText() else { return style }
    settings.setString(text, for: Key.captionStyle)
    for key in LegacyStyleKey.all { settings.reset(key) }
    return style
  }

  // MARK: - Last folders

  /// The folder of the last picture opened; nil before the first, or when it is gone.
  var lastFolder: URL? {
    get { existingFolder(settings?.string(Key.lastFolder) ?? memory.lastFolder?.path) }
    set {
      guard let settings else {
        memory.lastFolder = newValue
        return
      }
      settings.setString(newValue?.path ?? "", for: Key.lastFolder)
    }
  }

  /// Remembers the folder holding `file`, a picture that was opened.
  func rememberFolder(of file: URL) {
    lastFolder = file.deletingLastPathComponent()
  }

  /// Where Save As opens: the folder a meme was last saved to, else Pictures (the XDG pictures
  /// folder), else the home folder. Never the photo's folder: memes are kept apart from originals.
  var saveFolder: URL {
    existingFolder(settings?.string(Key.saveFolder) ?? memory.saveFolder?.path) ?? Self.picturesFolder
  }

  /// Remembers the folder holding `file`, a meme that was saved.
  func rememberSaveFolder(of file: URL) {
    let folder = file.deletingLastPathComponent()
    guard let settings else {
      memory.saveFolder = folder
      return
    }
    settings.setString(folder.path, for: Key.saveFolder)
  }

  /// The user's Pictures folder (`XDG_PICTURES_DIR`), or the home folder when there is none.
  static var picturesFolder: URL {
    if let path = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES),
      let folder = existingFolderURL(String(cString: path))
    {
      return folder
    }
    return URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
  }

  private func existingFolder(_ path: String?) -> URL? { path.flatMap(Self.existingFolderURL) }

  private static func existingFolderURL(_ path: String) -> URL? {
    var isDirectory: ObjCBool = false
    guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  // MARK: - Style

  /// Follow the system's light or dark style, or always light or dark.
  var styleVariant: StyleManager.Scheme {
    get {
      settings.map { StyleManager.Scheme(rawValue: $0.string(Key.styleVariant)) ?? .followSystem }
        ?? memory.styleVariant
    }
    set {
      guard let settings else {
        memory.styleVariant = newValue
        return
      }
      settings.setString(newValue.rawValue, for: Key.styleVariant)
    }
  }

  /// Which memes Sent Memes shows by who made them: all, received ones only, or the user's own.
  var receivedFilter: ReceivedFilter {
    get {
      settings.map { ReceivedFilter(rawValue: $0.string(Key.receivedMemes)) ?? .all } ?? memory.receivedFilter
    }
    set {
      guard let settings else {
        memory.receivedFilter = newValue
        return
      }
      settings.setString(newValue.rawValue, for: Key.receivedMemes)
    }
  }

  // MARK: - Sharing

  /// What shows the size limit (the Share buttons of every window), by a number of their own.
  private var shareSizeLimitObservers: [Int: (Int?) -> Void] = [:]
  private var nextShareSizeLimitObserver = 0

  /// Runs `observer` with the new limit whenever `shareSizeLimit` is set, until `widget` (what it
  /// shows the limit in) is destroyed.
  func observeShareSizeLimit(
    while widget: UnsafeMutablePointer<GtkWidget>, _ observer: @escaping (Int?) -> Void
  ) {
    let key = nextShareSizeLimitObserver
    nextShareSizeLimitObserver += 1
    shareSizeLimitObservers[key] = observer
    Signal.connect(widget, "destroy") { [weak self] in self?.shareSizeLimitObservers[key] = nil }
  }

  /// The largest file a share may make, in bytes; nil for no limit. Every window's Share button
  /// shows it (`observeShareSizeLimit`).
  var shareSizeLimit: Int? {
    get {
      let bytes = settings?.int(Key.shareSizeLimit) ?? memory.shareSizeLimit
      return bytes > 0 ? bytes : nil
    }
    set {
      let bytes = max(0, min(newValue ?? 0, SizeLimitChoice.largest))
      if let settings {
        settings.setInt(bytes, for: Key.shareSizeLimit)
      } else {
        memory.shareSizeLimit = bytes
      }
      let limit = shareSizeLimit
      for observer in shareSizeLimitObservers.values { observer(limit) }
    }
  }

  // MARK: - Sent Memes

  /// Where the link standing for the Sent Memes pictures folder pointed when the user chose to use
  /// it (the link's own text); empty when they never did.
  var linkedImagesFolder: String {
    get { settings?.string(Key.linkedImagesFolder) ?? memory.linkedImagesFolder }
    set {
      remember(newValue, in: \.linkedImagesFolder) { $0.setString(newValue, for: Key.linkedImagesFolder) }
    }
  }

  // MARK: - Desktop search

  /// Whether the desktop's search (GNOME's Activities overview) finds sent memes.
  var searchProviderEnabled: Bool {
    get { settings?.bool(Key.searchProviderEnabled) ?? memory.searchProviderEnabled }
    set {
      remember(newValue, in: \.searchProviderEnabled) { $0.setBool(newValue, for: Key.searchProviderEnabled) }
    }
  }

  /// Stores a value with `write` in GSettings, or in `field` for this run without the schema.
  private func remember<Value>(
    _ value: Value, in field: WritableKeyPath<Memory, Value>, _ write: (Settings) -> Void
  ) {
    guard let settings else {
      memory[keyPath: field] = value
      return
    }
    write(settings)
  }

  // MARK: - Window size

  /// Gives `window` the remembered size and maximised state, and remembers them as they change.
  func rememberGeometry(of window: UnsafeMutablePointer<GtkWidget>) {
    if let settings {
      // GTK keeps default-width/-height at the unmaximised size, so both survive maximising.
      settings.bind(Key.width, to: window, property: "default-width")
      settings.bind(Key.height, to: window, property: "default-height")
      settings.bind(Key.maximized, to: window, property: "maximized")
      return
    }
    Window(wrapping: window).defaultSize = (Int32(memory.width), Int32(memory.height))
    if memory.isMaximized { Window(wrapping: window).isMaximized = true }
    for property in ["default-width", "default-height", "maximized"] {
      Signal.connectNotify(window, property: property) { [weak self] in self?.storeGeometry(of: window) }
    }
  }

  /// The remembered size (what a new window opens at).
  var windowSize: (width: Int, height: Int, isMaximized: Bool) {
    guard let settings else { return (memory.width, memory.height, memory.isMaximized) }
    return (settings.int(Key.width), settings.int(Key.height), settings.bool(Key.maximized))
  }

  private func storeGeometry(of widget: UnsafeMutablePointer<GtkWidget>) {
    let window = Window(wrapping: widget)
    let (width, height) = window.defaultSize
    if width > 0 { memory.width = Int(width) }
    if height > 0 { memory.height = Int(height) }
    memory.isMaximized = window.isMaximized
  }
}
