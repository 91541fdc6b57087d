// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Add Sticker: its popover's choices (a recent sticker, a file, an emoji) become a sticker in the
/// middle of the picture, selected, as one undo step. A file that cannot be read, or a meme that
/// holds as many stickers as it may, is said in a toast and changes nothing.
final class StickerAdding {
  let popover: StickerPopover
  private unowned let host: any EditorHost
  private let toasts: ToastOverlay
  private let recents: RecentStickers
  private let isCropping: () -> Bool
  private let filePicker: FilePicker
  /// Where a pasted picture's bytes are written to become a sticker's file.
  private let pastedFolder: URL

  init(
    host: any EditorHost, button: Widget, toasts: ToastOverlay, recents: RecentStickers,
    pastedFolder: URL, isCropping: @escaping () -> Bool, filePicker: @escaping FilePicker
  ) {
    self.host = host
    self.pastedFolder = pastedFolder
    self.toasts = toasts
    self.recents = recents
    self.isCropping = isCropping
    self.filePicker = filePicker
    popover = StickerPopover(recents: recents)
    MenuButton(wrapping: button).setPopover(popover.popover)
    popover.onChoose = { [weak self] source in self?.add(source) }
    popover.onFromFile = { [weak self] in self?.chooseFile() }
  }

  /// From a File…: the chosen picture becomes a sticker.
  func chooseFile() {
    guard canAdd() else { return }
    filePicker(.stickerPicture) { [weak self] file in
      guard let self, let file else { return }
      add(.picture(StickerPicture(path: file.path)))
    }
  }

  /// Adds a sticker showing `source`, as large as `StickerLayer.newSide` says and as wide
  /// for its height as its picture (an emoji: square), and puts it first among the recent ones.
  /// The picture is decoded on a worker thread (a large PNG or an animation takes a while), and
  /// the sticker goes on once it is read.
  func add(_ chosen: StickerSource) {
    guard canAdd() else { return }
    let source = Self.resolvingLinks(chosen)
    decodesRunning += 1
    let decode: @Sendable () -> Result<StickerFrames, ImageError> = {
      Result { () throws(ImageError) in try StickerPictures.shared.picture(of: source) }
    }
    MainLoop.runInBackground(decode) { [weak self] result in
      guard let self else { return }
      decodesRunning -= 1
      guard !host.isDestroyed else { return }
      switch result {
      case .failure(let error):
        toasts.show(Toast(error.reason))
      case .success(let frames):
        // The picture may have gone, or crop mode begun, or the cap been reached meanwhile.
        guard canAdd() else { return }
        let isEmoji = if case .emoji = source { true } else { false }
        let (width, height) = isEmoji ? (1, 1) : (frames.width, frames.height)
        guard host.document.addSticker(source, width: width, height: height) != nil else { return }
        recents.use(source)
      }
    }
  }

  /// A picture chosen through a symbolic link (a folder of links, a file manager's shortcut) is the
  /// file the link points at, still named as chosen: Sent Memes keeps a copy of the sticker's file
  /// and reads no link, so the meme is kept when it is shared.
  private static func resolvingLinks(_ source: StickerSource) -> StickerSource {
    guard case .picture(var picture) = source else { return source }
    picture.path = URL(fileURLWithPath: picture.path).resolvingSymlinksInPath().path
    return .picture(picture)
  }

  /// How many stickers are being read before they go on.
  private(set) var decodesRunning = 0

  /// A picture dropped or pasted over the picture: asks whether it goes on as a sticker or
  /// replaces the picture (`replace`). In crop mode, which hides the layers, it replaces it.
  func offer(_ picture: ArrivingPicture, replace: @escaping () -> Void) {
    guard !isCropping() else { return replace() }
    StickerOrPictureQuestion.ask(over: host.window.asWindow, naming: picture.name) { [weak self] in
      guard let self else { return }
      do {
        add(try picture.stickerSource(keepingBytesIn: pastedFolder))
      } catch {
        toasts.show(
          Toast(
            String(format: localized("Could not keep the pasted picture: %@"), error.localizedDescription)))
      }
    } replace: {
      replace()
    }
  }

  /// Whether a sticker can be added now; at the most a meme holds, a toast says so.
  private func canAdd() -> Bool {
    guard host.document.image != nil, !isCropping() else { return false }
    guard host.document.canAddSticker else {
      toasts.show(
        Toast(String(format: localized("A meme holds at most %ld stickers"), StickerLayer.maximumCount)))
      return false
    }
    return true
  }
}
