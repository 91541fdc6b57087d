// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeVideo

/// What a window asks the user for: a picture to open, or where to save a meme.
package enum FileRequest {
  case openPicture
  case saveMeme(suggestedName: String)
  /// Where to save a video meme: as a video, and as a GIF or WebP when `offersAnimation` (a clip
  /// short enough, `VideoAnimationExporter.allows`).
  case saveVideoMeme(suggestedName: String, offersAnimation: Bool)
  /// A folder whose pictures become templates.
  case templateFolder
  /// A picture to add as a sticker.
  case stickerPicture
}

/// How the editor and Meme Detail ask the user for a file: `completion` gets the chosen file, or nil
/// when the user cancelled. Tests replace a window's picker to answer without a dialog.
package typealias FilePicker = (_ request: FileRequest, _ completion: @escaping (URL?) -> Void) -> Void

/// The native choosers behind every window's `FilePicker`.
enum NativeFilePicker {
  /// A picker whose dialogs are modal over `parent` and start in the folders `preferences` remember.
  static func over(_ parent: UnsafeMutablePointer<GtkWidget>, preferences: Preferences) -> FilePicker {
    { [weak preferences] request, completion in
      guard let preferences else { return }
      present(request, over: parent, preferences: preferences, completion: completion)
    }
  }

  private static func present(
    _ request: FileRequest, over parent: UnsafeMutablePointer<GtkWidget>, preferences: Preferences,
    completion: @escaping (URL?) -> Void
  ) {
    switch request {
    case .openPicture:
      FileChooser.present(
        parent: gtkkit_window(parent), title: localized("Choose a Picture"), mode: .open,
        acceptLabel: localized("_Open"),
        filters: pictureFilters, initialFolder: preferences.lastFolder, completion: completion)
    case .saveMeme(let suggestedName):
      SaveChooser.present(
        parent: parent, suggestedName: suggestedName, preferences: preferences, completion: completion)
    case .saveVideoMeme(let suggestedName, let offersAnimation):
      SaveChooser.present(
        parent: parent, suggestedName: suggestedName, offersAnimation: offersAnimation,
        preferences: preferences,
        completion: completion)
    case .stickerPicture:
      FileChooser.present(
        parent: parent.asWindow, title: localized("Add Sticker"), mode: .open, acceptLabel: localized("_Add"),
        filters: [stickerFilter], initialFolder: preferences.lastFolder, completion: completion)
    case .templateFolder:
      FileChooser.present(
        parent: parent.asWindow, title: localized("Import Folder as Templates"), mode: .selectFolder,
        acceptLabel: localized("_Import"), initialFolder: preferences.lastFolder, completion: completion)
    }
  }

  /// Collect: several pictures, GIFs or videos others made, with Album's filters; `completion` gets
  /// the files chosen, none when cancelled.
  static func chooseReceivedMemes(
    over parent: UnsafeMutablePointer<GtkWidget>, preferences: Preferences,
    completion: @escaping ([URL]) -> Void
  ) {
    FileChooser.presentForFiles(
      parent: parent.asWindow, title: localized("Collect Memes"), acceptLabel: localized("_Collect"),
      filters: pictureFilters, initialFolder: preferences.lastFolder, completion: completion)
  }

  /// Album's filters: pictures (GIFs among them) and videos together first (the filter the chooser
  /// starts with), then each alone.
  private static var pictureFilters: [FileChooser.Filter] {
    let patterns = { (extensions: [String]) in extensions.flatMap { ["*.\($0)", "*.\($0.uppercased())"] } }
    let pictures = FileChooser.Filter(
      name: localized("Pictures"), mimeTypes: ImageLoader.supportedMimeTypes,
      patterns: patterns(ImageLoader.supportedFileExtensions))
    let videos = FileChooser.Filter(
      name: localized("Videos"), mimeTypes: VideoFile.mimeTypes, patterns: patterns(VideoFile.extensions))
    let both = FileChooser.Filter(
      name: localized("Pictures and Videos"), mimeTypes: pictures.mimeTypes + videos.mimeTypes,
      patterns: pictures.patterns + videos.patterns)
    return [both, pictures, videos]
  }

  /// The picture formats a sticker can be: PNG, WebP, GIF, SVG and JPEG.
  private static var stickerFilter: FileChooser.Filter {
    let extensions = ["png", "webp", "gif", "svg", "jpg", "jpeg"]
    return FileChooser.Filter(
      name: localized("Pictures"),
      mimeTypes: ["image/png", "image/webp", "image/gif", "image/svg+xml", "image/jpeg"],
      patterns: extensions.flatMap { ["*.\($0)", "*.\($0.uppercased())"] })
  }
}
