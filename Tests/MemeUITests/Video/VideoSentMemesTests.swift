// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Sent Memes keeps a video meme: its thumbnail has the "Video" badge with the length ffprobe reads
/// in the kept file, its name says it is a video, Meme Detail plays it frame after frame, and Edit &
/// Resend reopens the source video with its captions, trim and speed.
@Suite(.serialized) struct VideoSentMemesTests {
  @Test func sentMemesMarksPlaysAndReopensTheVideo() throws {
    let clip = try VideoClips.colourBands()
    let picture = try EditorImage.load(contentsOf: clip)
    var content = MemeContent(captions: MemeCaptions(top: "VIDEO", bottom: "MEME"))
    // From the second second on, twice as fast: a second long.
    content.timing = PlaybackTiming(start: 1, speed: 2)
    let still = Fixtures.picture(width: 320, height: 240, name: "still-beside-video.png")
    let stillPicture = try EditorImage.load(contentsOf: still)
    try SentMemesHarness.withSentMemes(shares: [
      (
        ShareSnapshot(
          content: MemeContent(captions: MemeCaptions(top: "still", bottom: "")), picture: stillPicture),
        .still(.png)
      ),
      (ShareSnapshot(content: content, picture: picture), .video(.mp4)),
    ]) { app, window, memes in
      let video = try #require(memes.first { $0.isVideo })
      let stillMeme = try #require(memes.first { !$0.isVideo })
      #expect(video.renderedImageURL.pathExtension == "mp4" && !video.isAnimated)
      #expect(try Data(contentsOf: video.originalImageURL) == (try Data(contentsOf: clip)))
      #expect(video.accessibleName.hasPrefix("Video: "))
      #expect(!stillMeme.accessibleName.contains("Video"))

      let probed = try #require(
        Double(try VideoClips.probe(video.renderedImageURL, stream: "v", entries: "duration").first ?? ""))
      #expect(abs(probed - 1) < 0.1, "the kept video lasts \(probed) s")
      #expect(SentMemesHarness.waitForThumbnails(window))
      var badges: [Int64: String] = [:]
      for cell in window.listFactory.boundCells {
        guard let id = cell.memeID, cell.thumbnail.showsAnimationBadge else { continue }
        badges[id] = Label(wrapping: cell.thumbnail.animationBadge.widget).text
      }
      #expect(badges == [video.id: "Video · 0:0\(Int(probed.rounded()))"])

      // Detail plays it (the newest, selected first): new pictures are handed to the window.
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      detail.videoPlayback.animationsEnabled = { true }
      #expect(MainContext.iterate { !detail.isLoading })
      #expect(detail.videoPlayback.controls.isVisible && detail.videoPlayback.isPlaying)
      var shown = gtk_picture_get_paintable(gtkkit_picture(detail.picture))
      var pictureChanges = 0
      #expect(
        MainContext.iterate(maxIterations: 200_000) {
          let paintable = gtk_picture_get_paintable(gtkkit_picture(detail.picture))
          if paintable != shown { (shown, pictureChanges) = (paintable, pictureChanges + 1) }
          return pictureChanges >= 3
        }, "\(pictureChanges) pictures shown")

      // Save As from Detail writes the sent video itself.
      let saved = ScratchFolder.unique("detail-saved").appendingPathExtension("mp4")
      var suggested: String?
      detail.filePicker = { request, completion in
        guard case .saveMeme(let name) = request else { return completion(nil) }
        suggested = name
        completion(saved)
      }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(
        MainContext.iterate(maxIterations: 200_000) { FileManager.default.fileExists(atPath: saved.path) })
      #expect(suggested?.hasSuffix(".mp4") == true, "\(suggested ?? "")")
      #expect(try Data(contentsOf: saved) == (try Data(contentsOf: video.renderedImageURL)))

      // Edit & Resend opens the source video with the meme's captions and timing.
      SentMemesHarness.activate(DetailAction.edit.name, in: detail.window)
      let editor = try #require(app.editor)
      #expect(
        MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
          editor.document.image != nil && !editor.isLoading
        })
      #expect(editor.document.image?.isVideo == true && editor.document.image?.url == video.originalImageURL)
      #expect(editor.document.captions.top == "VIDEO" && editor.document.captions.bottom == "MEME")
      #expect(editor.document.content.timing == content.timing)
    }
  }
}
