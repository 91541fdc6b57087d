// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore

/// What a finished share tells the user in a toast: "Copied to the clipboard", "Meme opened in
/// Image Viewer", or after Save As "Saved “cat-meme.png”" with Show in Folder. The editor's is said
/// again by Sent Memes when it takes over.
struct ShareConfirmation {
  private(set) var title: String
  /// The file Save As wrote, which Show in Folder shows in the file manager.
  let savedFile: URL?

  init(_ title: String) {
    self.title = title
    savedFile = nil
  }

  /// "Saved “cat-meme.png”": the file's name as a file manager shows it, not a path.
  static func saved(_ file: URL) -> ShareConfirmation {
    ShareConfirmation(title: String(format: localized("Saved “%@”"), displayName(of: file)), savedFile: file)
  }

  /// "Saved as JPEG to stay under 1 MB": Save As's PNG became a JPEG (under another name, which
  /// the question before it named) because of the size limit.
  static func savedAsJPEG(_ file: URL, limit: Int) -> ShareConfirmation {
    ShareConfirmation(
      title: String(format: localized("Saved as JPEG to stay under %@"), ByteSize.limitDescribed(limit)),
      savedFile: file)
  }

  private init(title: String, savedFile: URL) {
    self.title = title
    self.savedFile = savedFile
  }

  /// This confirmation, saying also what a size limit made of the file: "Saved “cat-meme.jpg”:
  /// 7.8 MB, JPEG quality 84, 6,000×4,000" (the numbers as the reader's locale writes them). Nothing is added when the meme fitted as it was.
  func fitted(_ fit: SizeFit?) -> ShareConfirmation {
    guard let fit, !fit.isNormalExport else { return self }
    let size = "\(PixelCount.grouped(fit.width))×\(PixelCount.grouped(fit.height))"
    let detail =
      fit.quality.map {
        String(format: localized("%@, JPEG quality %ld, %@"), ByteSize.described(fit.byteCount), $0, size)
      } ?? String(format: localized("%@, %@"), ByteSize.described(fit.byteCount), size)
    var fitted = self
    fitted.title = String(format: localized("%@: %@"), title, detail)
    return fitted
  }

  /// This confirmation, saying also what a size limit made of an animated file, as `fitted(_:)`
  /// says it of a still one: "Saved “clip.gif”: 1.9 MB, 320×180", with the WebP quality (or the GIF
  /// palette quality when it was lowered). Nothing is added when the animation fitted as it was.
  func fitted(_ fit: AnimationFit?) -> ShareConfirmation {
    guard let fit, !fit.isNormalExport else { return self }
    let size = "\(PixelCount.grouped(fit.width))×\(PixelCount.grouped(fit.height))"
    let bytes = ByteSize.described(fit.byteCount)
    let detail: String
    switch (fit.format, fit.loweredQuality) {
    case (.webp, let quality?):
      detail = String(format: localized("%@, WebP quality %ld, %@"), bytes, quality, size)
    case (.gif, let quality?):
      detail = String(format: localized("%@, GIF quality %ld, %@"), bytes, quality, size)
    case (_, nil): detail = String(format: localized("%@, %@"), bytes, size)
    }
    var fitted = self
    fitted.title = String(format: localized("%@: %@"), title, detail)
    return fitted
  }

  /// This confirmation, saying also that a still format got an animation's first frame only.
  func firstFrameOnly() -> ShareConfirmation {
    var noted = self
    noted.title = String(
      format: localized("%@ (the first frame only: save as GIF or WebP for the animation)"), title)
    return noted
  }

  /// This confirmation, saying also that the JPEG filled a speech bubble cut out of the picture
  /// white: JPEG has no transparency (a PNG or WebP keeps it).
  func cutOutFilledWhite() -> ShareConfirmation {
    var noted = self
    noted.title = String(
      format: localized("%@ (JPEG has no transparency: the cut-out is filled white)"), title)
    return noted
  }

  /// A toast saying it in `window`; for a saved file, with Show in Folder.
  func toast(in window: UnsafeMutablePointer<GtkWidget>) -> Toast {
    let toast = Toast(title)
    guard let savedFile else { return toast }
    toast.buttonLabel = localized("Show in Folder")
    // The toast belongs to the window's overlay and goes with it: its button cannot outlive the window.
    toast.onButtonClicked { Self.showInFolder(savedFile, over: window) }
    return toast
  }

  /// How Show in Folder reaches the file manager; tests replace it to see the error it leads to.
  static var showFile:
    (URL, UnsafeMutablePointer<GtkWidget>, @escaping (ShowInFolder.Outcome) -> Void) -> Void =
      { file, window, completion in ShowInFolder.show(file, over: window, completion: completion) }

  /// Shows the file in its folder, or says over `window` why that could not be done.
  static func showInFolder(_ file: URL, over window: UnsafeMutablePointer<GtkWidget>) {
    showFile(file, window) { outcome in
      guard case .failed = outcome else { return }
      MessageDialog.present(
        parent: gtkkit_window(window),
        heading: String(format: localized("Could not show “%@” in its folder"), displayName(of: file)),
        body: String(
          format: localized(
            "No file manager answered, and the desktop portal could not open the folder either. The meme is in %@."
          ), displayName(of: file.deletingLastPathComponent(), full: true)))
    }
  }

  /// The name of a file or folder in the user's file-name encoding ("/" for the root); with `full`,
  /// its whole path.
  static func displayName(of url: URL, full: Bool = false) -> String {
    let name = full ? g_filename_display_name(url.path) : g_filename_display_basename(url.path)
    guard let name else { return full ? url.path : url.lastPathComponent }
    defer { g_free(name) }
    return String(cString: name)
  }
}
