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

  init(
    host: any EditorHost, button: Widget, toasts: ToastOverlay, recents: RecentStickers,
    isCropping: @escaping () -> Bool, filePicker: @escaping FilePicker
  ) {
    self.host = host
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
  func add(_ source: StickerSource) {
    guard canAdd() else { return }
    let frames: StickerFrames
    do {
      frames = try StickerPictures.shared.picture(of: source)
    } catch {
      toasts.show(Toast(error.reason))
      return
    }
    let isEmoji = if case .emoji = source { true } else { false }
    let (width, height) = isEmoji ? (1, 1) : (frames.width, frames.height)
    guard host.document.addSticker(source, width: width, height: height) != nil else { return }
    recents.use(source)
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
