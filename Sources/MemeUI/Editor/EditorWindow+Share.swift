// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore

/// Share targets. Each renders the meme at the source's resolution off the main thread and, once
/// the share has really happened, hands the meme to Sent Memes. A cancelled share keeps nothing.
extension EditorWindow {
  /// What is being shared: a snapshot, so edits made while exporting do not leak into it.
  private var shareSnapshot: (captions: MemeCaptions, picture: EditorImage, transform: PictureTransform)? {
    document.image.map { (document.captions, $0, document.transform) }
  }

  func saveAs() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    filePicker(.saveMeme(suggestedName: MemeExport.suggestedName(for: picture.url))) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberFolder(of: chosen)
      // PNG unless the name asks for JPEG; a name without a known extension gets .png.
      let format = ImageFormat(fileExtension: chosen.pathExtension) ?? .png
      let url =
        ImageFormat(fileExtension: chosen.pathExtension) == nil
        ? chosen.appendingPathExtension("png") : chosen
      MainLoop.runInBackground {
        MemeExport.write(captions, on: picture, transform: transform, to: url, as: format)
      } then: {
        [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let meme):
          shared(
            captions, picture, transform, meme,
            message: String(format: tr("Saved “%@”"), url.lastPathComponent))
        case .failure(let error):
          showError(
            title: String(format: tr("Could not save “%@”"), url.lastPathComponent),
            detail: Self.sentence(error.reason))
        }
      }
    }
  }

  func copyImage() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    MainLoop.runInBackground {
      MemeExport.encodePNG(captions, on: picture, transform: transform)
    } then: { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let export):
        guard Clipboard(for: window).setImage(encoded: export.png) else {
          showError(
            title: tr("Could not copy the meme"), detail: tr("The picture could not be put on the clipboard.")
          )
          return
        }
        // Sent Memes keeps the very PNG that went on the clipboard.
        shared(
          captions, picture, transform, SharedMeme(image: export.image, file: .png(Data(export.png))),
          message: tr("Meme copied to the clipboard"))
      case .failure(let error):
        showError(title: tr("Could not copy the meme"), detail: Self.sentence(error.reason))
      }
    }
  }

  func openWith() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let format = MemeExport.handOverFormat(for: picture, transform: transform)
    let dialog = gtkkit_app_chooser_dialog_new(gtkkit_window(window), format.mimeType)!
    gtk_window_set_title(gtkkit_window(dialog), tr("Open Meme With"))
    gtk_widget_set_name(dialog, "open-with-dialog")
    Signal.connectResponse(dialog) { [weak self] response in
      let appInfo =
        response == GTK_RESPONSE_OK.rawValue ? gtk_app_chooser_get_app_info(gtkkit_app_chooser(dialog)) : nil
      gtk_window_destroy(gtkkit_window(dialog))
      guard let self, let appInfo else { return }  // cancelled
      exportToCache(captions, picture, transform, as: format) { [weak self] file, rendered in
        guard let self else { return }
        let gfile = FileURL.file(for: file)
        let files = g_list_append(nil, gfile.raw)
        var error: UnsafeMutablePointer<GError>?
        let launched = g_app_info_launch(appInfo, files, nil, &error) != 0
        let application = String(cString: g_app_info_get_display_name(appInfo))
        g_list_free(files)
        g_object_unref(gfile.raw)
        g_object_unref(appInfo.raw)
        if launched {
          shared(
            captions, picture, transform, rendered,
            message: String(format: tr("Meme opened in %@"), application))
        } else {
          let reason =
            error.map { String(cString: $0.pointee.message) } ?? tr("The application did not start.")
          showError(title: tr("Could not open the meme"), detail: reason)
        }
        if let error { g_error_free(error) }
      }
    }
    gtk_window_present(gtkkit_window(dialog))
  }

  func sendByEmail() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let format = MemeExport.handOverFormat(for: picture, transform: transform)
    exportToCache(captions, picture, transform, as: format) { [weak self] file, rendered in
      guard let self else { return }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["xdg-email", "--attach", file.path]
      // The mail client owns the message from here: success means it was handed over.
      process.terminationHandler = { process in
        let status = process.terminationStatus
        MainLoop.post { [weak self] in
          guard let self else { return }
          if status == 0 {
            shared(captions, picture, transform, rendered, message: tr("Meme attached to a new e-mail"))
          } else {
            showError(
              title: tr("Could not start an e-mail"),
              detail:
                String(
                  format: tr(
                    "xdg-email failed (status %d). Is an e-mail client and the xdg-utils package installed?"),
                  Int(status))
            )
          }
        }
      }
      do {
        try process.run()
      } catch {
        showError(title: tr("Could not start an e-mail"), detail: error.localizedDescription)
      }
    }
  }

  /// Renders the meme to a new file in `format` in the cache folder, then calls `body` on the main
  /// thread.
  private func exportToCache(
    _ captions: MemeCaptions, _ picture: EditorImage, _ transform: PictureTransform, as format: ImageFormat,
    then body: @escaping (URL, SharedMeme) -> Void
  ) {
    let file = CacheFolder.newFile(
      prefix: MemeExport.baseName(for: picture.url), extension: format.fileExtension)
    let box = SendableBody(body)
    MainLoop.runInBackground {
      MemeExport.write(captions, on: picture, transform: transform, to: file, as: format)
    } then: {
      [weak self] result in
      switch result {
      case .success(let rendered): box.body(file, rendered)
      case .failure(let error):
        self?.showError(title: tr("Could not export the meme"), detail: Self.sentence(error.reason))
      }
    }
  }

  /// A share completed: the meme goes to Sent Memes and the user sees where it went.
  func shared(
    _ captions: MemeCaptions, _ picture: EditorImage, _ transform: PictureTransform, _ meme: SharedMeme,
    message: String?
  ) {
    sink.keep(
      captions: captions, originalImage: picture.url, transform: transform, rendered: meme.image,
      file: meme.file)
    if let message { canvas.showToast(message) }
  }
}

/// Carries a closure that captures non-Sendable values (a GAppInfo pointer) through
/// `MainLoop.runInBackground`'s `@Sendable` completion. The class is main-actor isolated (the
/// module's default), so the closure can only be read, and called, on the main actor.
private final class SendableBody {
  let body: (URL, SharedMeme) -> Void
  init(_ body: @escaping (URL, SharedMeme) -> Void) { self.body = body }
}
