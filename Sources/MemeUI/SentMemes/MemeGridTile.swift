// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeStore

/// A tile of the Grid: the meme's thumbnail alone, its captions in the tooltip and accessible name.
package final class MemeGridTile: MemeCell {
  package let widget: UnsafeMutablePointer<GtkWidget>
  package let thumbnail: ThumbnailView
  package var memeID: Int64?
  /// The bound meme's captions, the tooltip.
  private var name: String?
  /// A received meme's mark, in the thumbnail's top corner (the accessible name says it in words).
  let receivedEmblem = Image(iconName: IconName.received)
  /// - Parameter size: the tile's frame in logical pixels (the thumbnails' shape, 4:3).
  init(thumbnails: ThumbnailCache, events: MemeCellEvents, size: (width: Int32, height: Int32)) {
    thumbnail = ThumbnailView(
      thumbnails: thumbnails, width: size.width, height: size.height, cssClass: "tile-thumbnail")
    widget = thumbnail.widget
    widget.name = "meme-tile"
    thumbnail.addMark(receivedEmblem.widget, named: "received-emblem", at: GTK_ALIGN_START)
    Accessible.setHidden(receivedEmblem.widget, true)
    events.attachContextMenu(to: widget) { [weak self] in self?.memeID }
    // Asked for when shown: tiles are rebound all the time as the grid scrolls.
    widget.provideTooltip { [weak self] in self?.memeID == nil ? nil : self?.name }
  }

  package func bind(_ meme: SentMeme) {
    memeID = meme.id
    let name = meme.accessibleName
    self.name = name
    setAccessibleName(name)
    receivedEmblem.widget.isVisible = meme.isReceived
    thumbnail.show(meme)
  }

  package func showDetails(of meme: SentMeme) {
    name = meme.accessibleName
    setAccessibleName(meme.accessibleName)
    thumbnail.showDetails(of: meme)
  }

  /// Follows the Grid's column width.
  func resize(to size: (width: Int32, height: Int32)) {
    thumbnail.resize(width: size.width, height: size.height)
  }
}
