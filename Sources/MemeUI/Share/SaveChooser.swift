// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeVideo

/// Save As… for the editor and Meme Detail: the chooser (PNG or JPEG, and GIF and animated WebP
/// when the suggested name is an animation's or a short video clip's, opened in the folder memes were last saved to, else
/// Pictures). The file and format a chosen name means are `ShareFormat.destination`'s; what the
/// toast says afterwards is `ShareConfirmation.saved`.
enum SaveChooser {
  /// Shows the native save chooser over `parent`; `completion` gets the chosen file or nil.
  static func present(
    parent: UnsafeMutablePointer<GtkWidget>, suggestedName: String, offersAnimation: Bool = false,
    preferences: Preferences, completion: @escaping (URL?) -> Void
  ) {
    FileChooser.present(
      parent: gtkkit_window(parent), title: localized("Save Meme"), mode: .save(suggestedName: suggestedName),
      acceptLabel: localized("_Save"),
      filters: filters(suggestedName: suggestedName, offersAnimation: offersAnimation),
      initialFolder: preferences.saveFolder, completion: completion)
  }

  /// PNG and JPEG; for an animation's name (`.gif`, `.webp`) its kind first (the chooser selects the
  /// first filter), then the other animated kind, then the still ones. For a video's name, the video
  /// formats first, then, when `offersAnimation` (a short clip), GIF and WebP, then the still ones.
  static func filters(suggestedName: String, offersAnimation: Bool = false) -> [FileChooser.Filter] {
    let still = [
      FileChooser.Filter(
        name: localized("PNG image"), mimeTypes: ["image/png"], patterns: ["*.png"], defaultExtension: "png"),
      FileChooser.Filter(
        name: localized("JPEG image"), mimeTypes: ["image/jpeg"], patterns: ["*.jpg", "*.jpeg"],
        defaultExtension: "jpg"),
    ]
    let suggested = URL(fileURLWithPath: suggestedName)
    if let video = VideoFormat(fileExtension: suggested.pathExtension) {
      return videoFilters(first: video) + (offersAnimation ? animatedFilters(first: .gif) : []) + still
    }
    guard let proposed = ShareFormat.animation(of: suggested) else { return still }
    return animatedFilters(first: proposed) + still
  }

  /// Animated GIF and WebP, `first`'s kind first.
  private static func animatedFilters(first proposed: AnimationFormat) -> [FileChooser.Filter] {
    let gif = FileChooser.Filter(
      name: localized("Animated GIF"), mimeTypes: ["image/gif"], patterns: ["*.gif"], defaultExtension: "gif")
    let webp = FileChooser.Filter(
      name: localized("Animated WebP"), mimeTypes: ["image/webp"], patterns: ["*.webp"],
      defaultExtension: "webp")
    return proposed == .gif ? [gif, webp] : [webp, gif]
  }

  /// The video formats that can be written (a missing encoder's is not offered), `first` first.
  private static func videoFilters(first: VideoFormat) -> [FileChooser.Filter] {
    let formats = [first] + VideoFormat.allCases.filter { $0 != first && $0.unavailableReason == nil }
    return formats.map { format in
      FileChooser.Filter(
        name: String(format: localized("%@ video"), format.displayName), mimeTypes: [format.mimeType],
        patterns: ["*.\(format.rawValue)"], defaultExtension: format.rawValue)
    }
  }
}
