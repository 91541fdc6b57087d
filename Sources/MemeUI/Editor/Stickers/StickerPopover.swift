// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// Add Sticker's popover: the stickers used last (a button each, showing its picture or emoji),
/// From a File…, and Emoji…, which opens GTK's emoji chooser. A choice closes it and goes to
/// `onChoose` or `onFromFile`.
final class StickerPopover {
  let popover: Popover
  /// GTK's emoji chooser, opened by Emoji….
  let emojiChooser = EmojiChooser()
  var onChoose: (StickerSource) -> Void = { _ in }
  var onFromFile: () -> Void = {}

  private let recents: RecentStickers
  private let recentHeading = Label(localized("Recent"))
  private let recentGrid = FlowBox(columnSpacing: 6, rowSpacing: 6)
  /// The side of a recent sticker's button's picture, in pixels.
  private static let recentSide: Int32 = 32

  init(recents: RecentStickers) {
    self.recents = recents
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    recentHeading.widget.addCSSClass("heading")
    recentHeading.widget.horizontalAlignment = GTK_ALIGN_START
    recentGrid.widget.name = "recent-stickers"
    content.append(recentHeading.widget)
    content.append(recentGrid.widget)

    let fromFile = Button(label: localized("From a File…")).widget
    fromFile.name = "sticker-from-file-button"
    fromFile.addCSSClass("flat")
    content.append(fromFile)
    let emoji = MenuButton(
      child: Label(localized("Emoji…")).widget, popover: Popover(wrapping: emojiChooser.widget))
    emoji.widget.name = "sticker-emoji-button"
    emoji.widget.addCSSClass("flat")
    content.append(emoji.widget)

    popover = Popover(child: content.widget, position: GTK_POS_TOP)
    popover.widget.name = "add-sticker-popover"
    Signal.connect(fromFile, "clicked") { [weak self] in
      guard let self else { return }
      popover.close()
      onFromFile()
    }
    emojiChooser.onPicked { [weak self] emoji in self?.choose(.emoji(emoji)) }
    // The list is read as the popover opens: a sticker added meanwhile (or a file gone) shows.
    Signal.connect(popover.widget, "show") { [weak self] in self?.showRecents() }
  }

  /// Closes the popover and hands `source` on.
  func choose(_ source: StickerSource) {
    popover.close()
    onChoose(source)
  }

  /// A button for each recent sticker; the heading and grid hide while there is none.
  func showRecents() {
    recentGrid.removeAll()
    let stickers = recents.stickers
    recentHeading.widget.isVisible = !stickers.isEmpty
    recentGrid.widget.isVisible = !stickers.isEmpty
    for source in stickers { recentGrid.append(button(for: source)) }
  }

  private func button(for source: StickerSource) -> Widget {
    let face: Widget
    switch source {
    case .picture(let picture):
      let shown = Picture(path: picture.path)
      shown.contentFit = GTK_CONTENT_FIT_CONTAIN
      face = shown.widget
    case .emoji(let emoji):
      let label = Label(emoji)
      label.widget.addCSSClass("title-2")
      face = label.widget
    }
    face.setSizeRequest(width: Self.recentSide, height: Self.recentSide)
    let button = Button(child: face).widget
    button.addCSSClass("flat")
    Accessible.setLabel(button, source.name)
    button.tooltip = source.name
    Signal.connect(button, "clicked") { [weak self] in self?.choose(source) }
    return button
  }
}
