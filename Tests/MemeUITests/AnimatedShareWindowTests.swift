// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
import Testing

@testable import MemeUI

/// Animated pictures in real windows: the editor's Share writes every frame (read back by Pillow,
/// not by MemeMe), Copy Image offers the GIF and its file, and Sent Memes marks, keeps and reopens
/// the animation.
@Suite(.serialized, .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimatedShareWindowTests {
  private static let top = "moving square\nsecond line"
  private static let bottom = "every frame\ncaptioned"

  /// An editor showing the moving-square GIF with two two-line captions, and its sink.
  private static func editorWithAnimation() throws -> (EditorWindow, InMemorySentMemes, URL) {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    EditorHarness.load(source, into: editor)
    EditorHarness.type(top: top, bottom: bottom, into: editor)
    EditorHarness.settle(editor)
    return (editor, sink, source)
  }

  @Test(arguments: ["gif", "webp"])
  func saveAsWritesEveryFrameWithItsDelayAndTheLoop(fileExtension: String) throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, source) = try Self.editorWithAnimation()
    defer { EditorHarness.close(editor) }
    #expect(editor.document.image?.isAnimated == true)
    let output = ScratchFolder.unique("saved").appendingPathExtension(fileExtension)
    let suggested = EditorHarness.save(editor, to: output, keptIn: sink, maxIterations: 1000)
    #expect(suggested?.hasSuffix(".gif") == true, "Save As proposes the source's kind: \(suggested ?? "")")

    let reading = try AnimationReferences.readByPillow(output)
    #expect(reading.frames.count == AnimationSamples.delays.count)
    #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
    // Pillow's loop value: a GIF's repeats after the first play, a WebP's plays.
    let plays = AnimationSamples.loopValue + 1
    #expect(reading.loop == (fileExtension == "gif" ? plays - 1 : plays))
    let layout = MemeLayout(captions: editor.document.captions, imageWidth: 160, imageHeight: 120)
    for (index, (written, original)) in zip(reading.frames, try AnimationSamples.frames(of: source))
      .enumerated()
    {
      let faults = CaptionInk.faults(
        of: layout, on: written, over: original, linesPerCaption: 2, context: "frame \(index)")
      #expect(faults.isEmpty, "\(faults)")
    }
    // Sent Memes keeps the very file written, and the source animation as the original.
    let kept = try #require(sink.entries.first)
    #expect(kept.file.fileExtension == fileExtension)
    #expect(kept.file.data == (try Data(contentsOf: output)))
    #expect(kept.originalImage == source)
    let toast = try #require(editor.toasts.shownToast)
    #expect(toast.title.contains(output.lastPathComponent) && !toast.title.contains("first frame"))
  }

  /// A still format holds the first frame only, and the confirmation says so.
  @Test func saveAsPNGWritesTheFirstFrameAndSaysSo() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = try Self.editorWithAnimation()
    defer { EditorHarness.close(editor) }
    let output = ScratchFolder.unique("first-frame").appendingPathExtension("png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let saved = try ImageLoader().load(contentsOf: output)
    let picture = try #require(editor.document.image)
    let expected = try #require(MemeRenderer.rendered(editor.document.captions, image: picture.full))
    #expect(differingPixels(saved, expected) == 0)
    let toast = try #require(editor.toasts.shownToast)
    #expect(toast.title.contains("first frame"), "\(toast.title)")
  }

  /// Copy Image: the GIF's own bytes as image/gif, and its file for applications that take files.
  @Test func copyImageOffersTheGIFAndItsFile() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = try Self.editorWithAnimation()
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let kept = try #require(sink.entries.first)
    #expect(kept.file.fileExtension == "gif")
    // In-process read-back: without a clipboard manager X11 content lives only in its owner.
    let clipboard = Clipboard(for: editor.window)
    var pasted: [UInt8]?
    var files: [URL]?
    clipboard.readImageBytes(mimeTypes: ["image/gif"]) { pasted = $0 }
    #expect(MainContext.iterate { pasted != nil })
    #expect(pasted.map { Data($0) } == kept.file.data)
    #expect(clipboard.offersFiles)
    clipboard.readFiles { files = $0 }
    #expect(MainContext.iterate { files != nil })
    let file = try #require(files?.first)
    #expect(file.pathExtension == "gif")
    #expect(try Data(contentsOf: file) == kept.file.data)
    #expect(try AnimationReferences.readByPillow(file).frames.count == AnimationSamples.delays.count)
  }

  /// Dragging the animation out of the canvas: the drag starts at once with a file on offer, a drop
  /// target asking for it is answered once every frame is written, and the meme is kept once the
  /// drop is over, as the very file the target got.
  @Test func aDraggedAnimationArrivesWithEveryFrame() throws {
    try withDragStarted { editor, sink, source, content in
      #expect(editor.sharing.progress.isRunning, "written in the background")

      let uriList = try #require(DragSourceProbe.read(content, as: "text/uri-list")).get()
      let file = try #require(DragSourceProbe.files(in: uriList).first, "\(uriList)")
      #expect(file.pathExtension == "gif")
      let reading = try AnimationReferences.readByPillow(file)
      #expect(reading.frames.count == AnimationSamples.delays.count)
      #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
      #expect(sink.isEmpty, "kept only once dropped")

      DragSourceProbe.emitEnd(on: source, dropped: true)
      #expect(MainContext.iterate { !sink.isEmpty })
      #expect(sink.entries.first?.file.data == (try Data(contentsOf: file)))
    }
  }

  /// A drag that goes nowhere before its file is written stops the export: a late request for the
  /// file fails, and nothing is kept.
  @Test func aDragThatGoesNowhereStopsItsExport() throws {
    try withDragStarted { editor, sink, source, content in
      DragSourceProbe.emitEnd(on: source, dropped: false)
      #expect(!editor.sharing.progress.isRunning, "the export is stopped")
      let late = try #require(DragSourceProbe.read(content, as: "text/uri-list"))
      #expect(throws: DragSourceProbe.ReadError.self) { try late.get() }
      EditorHarness.settle(editor)
      #expect(sink.isEmpty)
    }
  }

  /// Starts a drag out of the canvas of an editor showing the animation, as GTK starts one, and
  /// runs `body` with the editor, its sink, the drag source and the content it offers.
  private func withDragStarted(
    _ body: (EditorWindow, InMemorySentMemes, gpointer, UnsafeMutableRawPointer) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = try Self.editorWithAnimation()
    defer { EditorHarness.close(editor) }
    let source = try #require(DragSourceProbe.dragSource(of: editor.canvas.drawingArea))
    // The button held still long enough, as a drag-out begins (DragOutTests presses it for real).
    editor.sharing.dragOut.isArmed = true
    let content = try #require(DragSourceProbe.emitPrepare(on: source))
    defer { g_object_unref(content) }
    try body(editor, sink, source, content)
  }

  /// Whether each bound cell's thumbnail shows the "GIF" badge, by meme.
  private static func badges(_ cells: [any MemeCell]) -> [Int64: Bool] {
    var shown: [Int64: Bool] = [:]
    for cell in cells {
      if let id = cell.memeID { shown[id] = cell.thumbnail.showsAnimationBadge }
    }
    return shown
  }

  /// Sent Memes: an animated meme's thumbnail has the "GIF" badge and its name says it is
  /// animated, a still one's has neither; Edit & Resend reopens the animation with its captions.
  @Test func sentMemesMarksAndReopensTheAnimation() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let still = Fixtures.picture(width: 320, height: 240, name: "still-beside-gif.png")
    let captions = MemeCaptions(top: Self.top, bottom: Self.bottom)
    try SentMemesHarness.withSentMemes([
      (still, MemeCaptions(top: "still", bottom: "picture")), (source, captions),
    ]) { app, window, memes in
      let (animated, stillMeme) = (memes[0], memes[1])
      #expect(animated.isAnimated && !stillMeme.isAnimated)
      #expect(animated.renderedImageURL.pathExtension == "gif")
      #expect(try AnimationReferences.readByPillow(animated.renderedImageURL).frames.count == 6)
      #expect(try Data(contentsOf: animated.originalImageURL) == (try Data(contentsOf: source)))
      #expect(SentMemesHarness.waitForThumbnails(window))
      let rows = Self.badges(window.listFactory.boundCells)
      #expect(rows == [animated.id: true, stillMeme.id: false])
      #expect(animated.accessibleName.hasPrefix("Animated GIF: "))
      #expect(!stillMeme.accessibleName.contains("Animated"))
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      #expect(SentMemesHarness.waitForThumbnails(window))
      #expect(Self.badges(window.boundGridTiles) == [animated.id: true, stillMeme.id: false])

      // Detail plays the animated one (newest, selected first), frame after frame.
      SentMemesHarness.activate(SentMemesAction.showList.name, in: window.window)
      SentMemesHarness.settle(app)
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      detail.playback.animationsEnabled = { true }
      #expect(MainContext.iterate { !detail.isLoading })
      #expect(detail.playback.controls.isVisible && detail.playback.isPlaying)
      // A new picture is handed to the window for each frame.
      var shown = gtk_picture_get_paintable(gtkkit_picture(detail.picture))
      var pictureChanges = 0
      var frames = Set<Int>()
      #expect(
        MainContext.iterate(maxIterations: 5000) {
          let paintable = gtk_picture_get_paintable(gtkkit_picture(detail.picture))
          if paintable != shown { (shown, pictureChanges) = (paintable, pictureChanges + 1) }
          if let index = detail.playback.frameIndex { frames.insert(index) }
          return frames.count >= 3 && pictureChanges >= 2
        }, "frames \(frames.sorted()), \(pictureChanges) pictures shown")

      // Edit & Resend it.
      let editor = try #require(SentMemesHarness.editSelectedMeme(in: app))
      let picture = try #require(editor.document.image)
      #expect(picture.isAnimated && picture.animation?.frameCount == AnimationSamples.delays.count)
      #expect(editor.document.captions.top == Self.top && editor.document.captions.bottom == Self.bottom)
    }
  }

  /// Meme Detail shares a meme sent as an animation as the animation: Save As in its own kind is the
  /// sent file, in the other kind every frame again, and in PNG the first frame (which it says);
  /// Copy Image offers the GIF and its file.
  @Test func detailSharesTheAnimationAsItWasSent() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    try SentMemesHarness.withSentMemes([(source, MemeCaptions(top: Self.top, bottom: Self.bottom))]) {
      app, window, memes in
      let sent = memes[0]
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      #expect(MainContext.iterate { !detail.isLoading })
      var suggested: String?
      for fileExtension in ["gif", "webp", "png"] {
        let output = ScratchFolder.unique("detail-saved").appendingPathExtension(fileExtension)
        detail.filePicker = { request, completion in
          if case .saveMeme(let name) = request { suggested = name }
          completion(output)
        }
        SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
        #expect(MainContext.iterate { FileManager.default.fileExists(atPath: output.path) })
        #expect(
          MainContext.iterate { detail.toasts.shownToast?.title.contains(output.lastPathComponent) == true })
        let title = detail.toasts.shownToast?.title ?? ""
        switch fileExtension {
        case "gif": #expect(try Data(contentsOf: output) == (try Data(contentsOf: sent.renderedImageURL)))
        case "webp":
          let reading = try AnimationReferences.readByPillow(output)
          #expect(reading.frames.count == AnimationSamples.delays.count)
          #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
        default:
          #expect(title.contains("first frame"), "\(title)")
          let saved = try ImageLoader().load(contentsOf: output)
          #expect(saved.width == 160 && saved.height == 120)
        }
      }
      #expect(suggested?.hasSuffix(".gif") == true, "\(suggested ?? "")")

      SentMemesHarness.activate(ShareTarget.copyImage.name, in: detail.window)
      let clipboard = Clipboard(for: detail.window)
      #expect(MainContext.iterate { clipboard.offersFiles })
      var pasted: [UInt8]?
      clipboard.readImageBytes(mimeTypes: ["image/gif"]) { pasted = $0 }
      #expect(MainContext.iterate { pasted != nil })
      #expect(pasted.map { Data($0) } == (try Data(contentsOf: sent.renderedImageURL)))
    }
  }

  /// A long animated export shows the spinner with Stop, and Stop leaves no file and keeps nothing.
  /// The export is slow for a real reason: 150 frames, each quantised and encoded.
  @Test func aLongAnimatedExportShowsProgressAndStops() throws {
    try DisplayHarness.requireDisplay()
    let (width, height) = (320, 240)
    let frames = (0..<150).map { step in
      GIFBuilder.Frame(width: width, height: height, palette: AnimationSamples.palette, delay: 4) { x, y in
        UInt8((x / 8 + y / 8 + step) % 8)
      }
    }
    let source = ScratchFolder.unique("long").appendingPathExtension("gif")
    try GIFBuilder(width: width, height: height, frames: frames).write(to: source)
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(source, into: editor)
    EditorHarness.type(top: Self.top, bottom: Self.bottom, into: editor)
    let output = ScratchFolder.unique("stopped").appendingPathExtension("gif")
    editor.filePicker = { _, completion in completion(output) }
    // Held until stopped before it starts, so that the progress shows after its second however fast
    // the machine encodes; Stop then reaches the real encoding's cancellation.
    editor.sharing.holdExport = { cancellation in
      for _ in 0..<60_000 where !cancellation.isCancelled { usleep(1000) }
    }

    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(
      MainContext.iterate(maxIterations: 3000) { editor.sharing.progress.isShown }, "progress after a second")
    #expect(MainContext.iterate { gtk_widget_get_mapped(editor.sharing.progress.stopButton) != 0 })
    editor.actions.action(named: EditorAction.cancelExport.name)?.activate()
    #expect(!editor.sharing.progress.isShown)
    #expect(MainContext.iterate(maxIterations: 12_000) { MainLoop.backgroundWorkInFlight == 0 })
    MainContext.drain()
    #expect(!FileManager.default.fileExists(atPath: output.path), "a stopped export writes no file")
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: output.deletingLastPathComponent().path
    ).filter { $0.contains(output.deletingPathExtension().lastPathComponent) }
    #expect(leftovers.isEmpty, "nor a temporary one: \(leftovers)")
    #expect(sink.entries.isEmpty, "nothing goes to Sent Memes")
  }

  /// Open With asks for an application that opens GIFs and hands it the animation: every frame with
  /// its delay, as ImageMagick reads them.
  @Test func openWithHandsOverTheAnimation() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = try Self.editorWithAnimation()
    defer { EditorHarness.close(editor) }
    let opener = HandOverNameTests.RecordingOpener()
    var askedFor: String?
    editor.applicationChooser = { mimeType, chosen in
      askedFor = mimeType
      chosen(opener)
    }
    editor.actions.action(named: ShareTarget.openWith.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 12_000) { opener.opened != nil && !sink.isEmpty })
    #expect(askedFor == "image/gif")
    let file = try #require(opener.opened)
    #expect(file.pathExtension == "gif")
    let delays = try ChildProcess.run("/usr/bin/identify", ["-format", "%T,", file.path])
    #expect(delays.status == 0, "\(delays.errors)")
    #expect(delays.output == AnimationSamples.delays.map { "\($0)," }.joined(), "\(delays.output)")
    #expect(sink.entries.first?.file.data == (try Data(contentsOf: file)))
  }

  /// Send by E-mail attaches the animation.
  @Test func sendByEmailAttachesTheAnimation() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = try Self.editorWithAnimation()
    defer { EditorHarness.close(editor) }
    let attached = try ShareTests.attachment(sendingByEmail: editor, keptIn: sink)
    #expect(attached.pathExtension == "gif")
    #expect(try AnimationReferences.readByPillow(attached).frames.count == AnimationSamples.delays.count)
  }

  /// Save As's chooser offers the animated kinds for an animation's name, its own kind first (the
  /// filter the chooser selects), and PNG and JPEG alone for a still meme's.
  @Test func theSaveChooserOffersTheAnimatedKindsForAnAnimation() {
    func offered(_ name: String) -> [String?] {
      SaveChooser.filters(suggestedName: name).map(\.defaultExtension)
    }
    #expect(offered("meme.gif") == ["gif", "webp", "png", "jpg"])
    #expect(offered("meme.webp") == ["webp", "gif", "png", "jpg"])
    #expect(offered("meme.png") == ["png", "jpg"])
  }
}
