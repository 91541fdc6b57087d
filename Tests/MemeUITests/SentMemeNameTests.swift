// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import PictureChecks
import Testing

@testable import MemeUI

/// What a screen reader announces for a sent meme, read from GTK's accessible properties in the
/// List, the Grid and Detail: an animation by its format, and the description its user wrote.
@Suite(.serialized) struct SentMemeNameTests {
  /// A meme shared as an animated WebP, a still one with a description of two lines, and one
  /// without captions shared as a GIF.
  private static func shares() throws -> [(snapshot: ShareSnapshot, format: ShareFormat)] {
    let clip = try EditorImage.load(contentsOf: try AnimationSamples.write(AnimationSamples.movingSquare()))
    let photo = try EditorImage.load(contentsOf: Fixtures.picture(width: 320, height: 240, name: "named.png"))
    return [
      (
        ShareSnapshot(
          captions: MemeCaptions(top: "WEBP", bottom: "CLIP"), picture: clip, transform: .identity),
        .animated(.webp(lossless: false, quality: AnimationFormat.defaultWebPQuality))
      ),
      (
        ShareSnapshot(
          captions: MemeCaptions(top: "DESCRIBED", bottom: "STILL"), picture: photo, transform: .identity,
          customDescription: "  A cat\nstaring at a wall "),
        .still(.png)
      ),
      (
        ShareSnapshot(captions: MemeCaptions(top: "", bottom: ""), picture: clip, transform: .identity),
        .animated(.gif)
      ),
    ]
  }

  /// The names expected, by meme (the memes newest first: the GIF, the still one, the WebP).
  private static func expectedNames(_ memes: [SentMeme]) -> [Int64: String] {
    [
      memes[0].id: "Animated GIF: Meme without captions",
      memes[1].id: "DESCRIBED / STILL. A cat staring at a wall",
      memes[2].id: "Animated WebP: WEBP / CLIP",
    ]
  }

  /// Nil when `widget`'s accessible label is `expected`, else GTK's account of the difference.
  private static func mismatch(_ widget: gpointer?, _ expected: String?) -> String? {
    guard let widget, let expected else { return "no widget or no name expected" }
    return AccessibleNameTests.labelMismatch(widget, expected)
  }

  /// Each bound cell's item (what a screen reader moves over), the cell and its picture carry the
  /// meme's name; returns how many cells showed a meme.
  private static func expectNamed(_ cells: [some MemeCell], _ names: [Int64: String]) -> Int {
    let bound = cells.filter { $0.memeID != nil }
    for cell in bound {
      let name = names[cell.memeID!]
      for widget in [gtk_widget_get_parent(cell.widget), cell.widget, cell.thumbnail.picture] {
        #expect(mismatch(widget, name) == nil, "\(mismatch(widget, name) ?? "")")
      }
    }
    return bound.count
  }

  @Test func listAndGridNameTheFormatAndTheUsersDescription() throws {
    try SentMemesHarness.withSentMemes(shares: Self.shares()) { app, window, memes in
      #expect(memes.map(\.renderedImageURL.pathExtension) == ["gif", "png", "webp"])
      let names = Self.expectedNames(memes)
      #expect(SentMemesHarness.waitForThumbnails(window))
      #expect(Self.expectNamed(window.listFactory.boundCells, names) == 3)
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      #expect(SentMemesHarness.waitForThumbnails(window))
      #expect(Self.expectNamed(window.gridFactory.boundCells, names) == 3)
    }
  }

  /// Detail names its picture as the List does, and names it anew when the description is edited;
  /// back in Sent Memes, the row's and the tile's names have followed.
  @Test func detailNamesThePictureByTheDescriptionAsEdited() throws {
    try SentMemesHarness.withSentMemes(shares: Self.shares()) { app, window, memes in
      let names = Self.expectedNames(memes)
      for (position, meme) in memes.enumerated() {
        gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), guint(position))
        SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
        let detail = try #require(app.sentMemes?.detailWindow)
        #expect(MainContext.iterate { !detail.isLoading })
        #expect(
          Self.mismatch(detail.picture, names[meme.id]) == nil,
          "\(Self.mismatch(detail.picture, names[meme.id]) ?? "")")
        guard position == 2 else {
          SentMemesHarness.activate(DetailAction.back.name, in: detail.window)
          #expect(MainContext.iterate { app.sentMemes?.detailWindow == nil })
          continue
        }
        // The WebP gets a description: Edit Description, as a user types it.
        SentMemesHarness.activate(DetailAction.editDescription.name, in: detail.window)
        MainContext.drain()
        let dialog = try #require(
          SentMemesHarness.toplevel(named: "description-dialog").flatMap { MessageDialog($0) })
        let field = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-field"))
        TextView(wrapping: field).text = "A square that moves"
        dialog.respond("save")
        MainContext.drain()
        let described = "Animated WebP: WEBP / CLIP. A square that moves"
        #expect(
          Self.mismatch(detail.picture, described) == nil, "\(Self.mismatch(detail.picture, described) ?? "")"
        )
        SentMemesHarness.activate(DetailAction.back.name, in: detail.window)
        #expect(MainContext.iterate { app.sentMemes?.detailWindow == nil })
        SentMemesHarness.settle(app)
        let row = try #require(window.listFactory.boundCells.first { $0.memeID == meme.id })
        #expect(
          MainContext.iterate { Self.mismatch(gtk_widget_get_parent(row.widget), described) == nil },
          "\(Self.mismatch(gtk_widget_get_parent(row.widget), described) ?? "")")
        #expect(Self.mismatch(row.thumbnail.picture, described) == nil)
        SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
        SentMemesHarness.settle(app)
        let tile = try #require(window.gridFactory.boundCells.first { $0.memeID == meme.id })
        #expect(Self.mismatch(gtk_widget_get_parent(tile.widget), described) == nil)
      }
    }
  }
}
