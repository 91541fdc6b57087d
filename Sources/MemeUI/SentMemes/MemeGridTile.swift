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
  /// - Parameter size: the tile's frame in logical pixels (the thumbnails' shape, 4:3).
  init(thumbnails: ThumbnailCache, events: MemeCellEvents, size: (width: Int32, height: Int32)) {
    thumbnail = ThumbnailView(
      thumbnails: thumbnails, width: size.width, height: size.height, cssClass: "tile-thumbnail")
    widget = thumbnail.widget
    widget.name = "meme-tile"
    events.attachContextMenu(to: widget) { [weak self] in self?.memeID }
    // Asked for when shown: tiles are rebound all the time as the grid scrolls.
    widget.provideTooltip { [weak self] in self?.memeID == nil ? nil : self?.name }
  }

  package func bind(_ meme: SentMeme) {
    memeID = meme.id
    let name = MemeDescription.accessibleName(of: meme)
    self.name = name
    setAccessibleName(name)
    thumbnail.show(meme)
  }

  /// Follows the Grid's column width.
  func resize(to size: (width: Int32, height: Int32)) {
    thumbnail.resize(width: size.width, height: size.height)
  }

}

/// How a meme is named to people who cannot see its picture.
enum MemeDescription {
  static func accessibleName(of meme: SentMeme) -> String {
    let captions = ([meme.top, meme.bottom] + meme.boxes.map(\.text)).filter {
      !$0.isEmpty
    }
    let name = captions.isEmpty ? localized("Meme without captions") : captions.joined(separator: " / ")
    return meme.isAnimated ? String(format: localized("Animated GIF: %@"), name) : name
  }
}
