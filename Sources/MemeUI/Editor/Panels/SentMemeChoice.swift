// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// The panel bar's Sent Memes button: a popover of the memes sent last, newest first, each a button
/// showing its thumbnail; a choice puts the meme as it was sent into the selected cell (a reaction
/// to a meme, a before and after of two). Shown while Sent Memes holds a meme.
final class SentMemeChoice {
  let button: MenuButton
  private let popover: Popover
  private let grid = FlowBox(columnSpacing: 6, rowSpacing: 6)
  /// How many memes there are to offer, and the one at a place, newest first: Sent Memes' (set when
  /// the editor joins it).
  var memeCount: () -> Int = { 0 } {
    didSet { update() }
  }
  var meme: (Int) -> SentMeme? = { _ in nil }
  /// A meme was chosen: its sent file goes into the selected cell.
  var onChoose: (URL) -> Void = { _ in }

  /// How many memes the popover offers.
  static let offered = 24
  /// The side of a meme's thumbnail in the popover, in pixels.
  private static let side: Int32 = 72

  init() {
    grid.widget.name = "sent-meme-choices"
    grid.widget.setSizeRequest(width: 4 * Self.side, height: -1)
    let heading = Label(localized("Sent Memes"))
    heading.widget.addCSSClass("heading")
    heading.widget.horizontalAlignment = GTK_ALIGN_START
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    content.append(heading.widget)
    let scrolled = ScrolledWindow(vertical: grid.widget)
    scrolled.setMaximumContentHeight(4 * Self.side)
    scrolled.followsChildSize()
    content.append(scrolled.widget)
    popover = Popover(child: content.widget, position: GTK_POS_TOP)
    popover.widget.name = "sent-meme-popover"
    button = MenuButton(child: Image(iconName: IconName.sentMemes).widget, popover: popover)
    button.widget.name = "panel-sent-meme-button"
    let label = localized("Put a sent meme in the panel")
    button.widget.tooltip = label
    Accessible.setLabel(button.widget, label)
    // Read as the popover opens: a meme sent or deleted meanwhile shows as it is.
    Signal.connect(popover.widget, "show") { [weak self] in self?.showMemes() }
    update()
  }

  /// The button shows while there is a meme to offer.
  func update() {
    button.widget.isVisible = memeCount() > 0
  }

  /// A button for each meme offered.
  func showMemes() {
    grid.removeAll()
    for meme in (0..<min(memeCount(), Self.offered)).compactMap(meme) {
      let thumbnail = Picture(path: meme.thumbnailURL.path)
      thumbnail.contentFit = GTK_CONTENT_FIT_CONTAIN
      thumbnail.widget.setSizeRequest(width: Self.side, height: Self.side)
      let choice = Button(child: thumbnail.widget).widget
      choice.addCSSClass("flat")
      Accessible.setLabel(choice, meme.accessibleName)
      choice.tooltip = meme.accessibleName
      let file = meme.renderedImageURL
      Signal.connect(choice, "clicked") { [weak self] in
        guard let self else { return }
        popover.close()
        onChoose(file)
      }
      grid.append(choice)
    }
  }
}
