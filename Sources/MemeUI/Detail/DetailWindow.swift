// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore
import MemeVideo

/// The Meme Detail window: the rendered meme centred at its aspect ratio, scaled to fit; a back
/// button to Sent Memes; Edit, Delete, and the editor's Share menu (Save As…, Copy Image, Open With…,
/// Send by E-mail), each confirmed by a toast. The window's actions live in
/// `DetailWindow+Actions.swift` and its Share menu in `DetailSharing`; this file holds the state and
/// builds the widget tree.
package final class DetailWindow: AppWindow {
  package let window: UnsafeMutablePointer<GtkWidget>
  /// The meme as Sent Memes keeps it; Edit Description and Save As change what is kept.
  private(set) var meme: SentMeme
  /// The Sent Memes tab the meme was opened from: Back returns there.
  let returnTab: SentMemesWindow.Tab

  package private(set) var picture: UnsafeMutablePointer<GtkWidget>!
  private(set) var missingLabel: UnsafeMutablePointer<GtkWidget>!
  /// Plays a meme sent as an animation, once its first frame has been shown.
  /// Its controls sit in a row under the picture, in the same place at every width.
  let playback = AnimationPlayback(
    actions: .init(
      play: DetailAction.playAnimation.detailedName, previousFrame: DetailAction.previousFrame.detailedName,
      nextFrame: DetailAction.nextFrame.detailedName),
    placement: .besidePicture)
  /// Plays a meme sent as a video, with its sound, in the same row.
  private(set) var videoPlayback: VideoPlayback!
  /// The description, and where the meme was saved, under the picture.
  let info: DetailInfo
  /// The window's trees from detail-window.ui (title, body, the words under the picture).
  private let tree = DetailWindowTree.build()
  private(set) var backButton: UnsafeMutablePointer<GtkWidget>!
  /// Pixel size of the rendered meme once loaded (nil while loading or when missing).
  private(set) var imageSize: (width: Int, height: Int)?
  /// True until the rendered meme has been decoded (or found missing); meanwhile the picture shows
  /// the meme's thumbnail scaled up, when there is one.
  package private(set) var isLoading = true
  /// Whether the picture shows the thumbnail while the rendered meme loads.
  package private(set) var showsPreview = false
  /// Set when GTK destroys the window: late results must not touch its widgets.
  private(set) var isDestroyed = false

  var onBack: () -> Void = {}
  var onEdit: (Meme) -> Void = { _ in }
  var onDelete: (Int64) -> Void = { _ in }
  /// Read Text Again: reads a received meme's picture again; `show` gets the meme when it is done.
  var onReadTextAgain: (SentMeme) -> Void = { _ in }
  /// Keeps a new description (nil: the default) in Sent Memes; the meme as kept, or nil when it
  /// could not be (Sent Memes says why).
  var saveDescription: (Int64, String?) -> SentMeme? = { _, _ in nil }
  /// Records in Sent Memes where Save As wrote the meme; the meme as kept, or nil.
  var recordSavedFile: (Int64, URL) -> SentMeme? = { _, _ in nil }
  /// Asks the user where Save As saves; tests replace it to answer without a dialog.
  lazy var filePicker: FilePicker = NativeFilePicker.over(window, preferences: preferences)
  /// "Saved “cat-meme.png”", "Copied to the clipboard": what a share did, over the picture's bottom.
  let toasts = ToastOverlay(dismissLabel: localized("Dismiss"))
  /// The Share menu's handlers, over the meme as it was sent.
  private(set) lazy var sharing = DetailSharing(host: self)
  /// The bar at the top of the window, built before the body it stands above.
  private var headerBar: HeaderBar!

  /// The largest side the window shows; a bigger meme is decoded smaller (Save As uses the file).
  nonisolated static let displayLimit = 2560
  /// The largest thumbnail file decoded on the main thread as the preview (the store makes them 256
  /// pixels wide; a bigger one, from another version or a hand-edited folder, is not worth the wait).
  static let previewLimit = 512

  let preferences: Preferences

  init(application: Application, meme: SentMeme, returnTab: SentMemesWindow.Tab, preferences: Preferences) {
    self.meme = meme
    self.preferences = preferences
    self.returnTab = returnTab
    info = DetailInfo(
      tree: tree,
      descriptionActions: (
        copy: ShareTarget.copyDescription.detailedName, edit: DetailAction.editDescription.detailedName
      ), showInFolderAction: DetailAction.showInFolder.detailedName)
    SentMemesStyleSheet.installOnce()
    window = Self.makeWindow(of: application, title: localized("Meme Detail"), name: "detail-window")
    toplevel.defaultSize = (760, 680)
    buildHeaderBar()
    buildContent()
    addActions()
    playback.attachKeys(to: window)
    show(meme)
    Signal.connect(window, "destroy") { [weak self] in
      self?.isDestroyed = true
      self?.playback.windowDestroyed()
      self?.videoPlayback.windowDestroyed()
    }
    loadImage()
    showPreview()
  }

  func present(requestedAt time: UInt32 = 0) {
    toplevel.present(requestedAt: time)
  }

  // MARK: - Building the tree

  private func buildHeaderBar() {
    let header = HeaderBar()
    let backContent = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    backContent.append(Image(iconName: IconName.back).widget)
    backContent.append(Label(localized("Sent Memes")).widget)
    // The arrow alone when the header is too narrow for its label: at 360 px, with the minimise and
    // maximise buttons beside close, the label left the meme's title no room.
    let back = Squeezer()
    back.add(backContent.widget)
    back.add(Image(iconName: IconName.back).widget)
    backButton = Button(child: back.widget).widget
    backButton.actionName = DetailAction.back.detailedName
    backButton.name = "back-button"
    Accessible.setLabel(backButton, localized("Sent Memes"))
    backButton.tooltip = localized("Back to Sent Memes (Alt+←)")
    header.packStart(backButton)

    header.titleWidget = DetailTitle.make(for: meme, in: tree)

    // The pencil alone when the header is too narrow for the label: at 360 px, with the minimise
    // and maximise buttons beside close, the label left the meme's title too little room.
    let edit = Button(mnemonic: localized("_Edit"), narrowIcon: IconName.edit).widget
    edit.addCSSClass("suggested-action")
    configure(
      edit, action: .edit, name: "edit-button", label: localized("Edit"),
      tooltip: localized("Change and send again (Ctrl+E)"))
    header.packEnd(edit)
    // Use as Template goes out of the meme too (into the templates), and the header bar has no
    // room for another button at 360 pixels.
    let share = ShareMenu.button(
      name: "share-button", preferences: preferences,
      lastSection: Menu(
        [TemplateAction.useAsTemplate.menuItem]
          + (meme.isReceived ? [(localized("Read Text Again"), DetailAction.readTextAgain.detailedName)] : [])
      ),
      tooltip: ShareMenu.privateTooltip)
    header.packEnd(share)
    let delete = Button(iconName: IconName.delete).widget
    configure(
      delete, action: .delete, name: "delete-button", label: localized("Delete"),
      tooltip: localized("Delete (Delete)"))
    header.packEnd(delete)
    headerBar = header
  }

  private func configure(
    _ button: UnsafeMutablePointer<GtkWidget>, action: DetailAction, name: String, label: String,
    tooltip: String
  ) {
    button.actionName = action.detailedName
    button.name = name
    Accessible.setLabel(button, label)
    button.tooltip = tooltip
  }

  private func buildContent() {
    picture = tree.picture.widget
    missingLabel = tree.missing.widget
    playback.onFrame = { [weak self] frame, _ in
      // A copy: the player draws its next frame into the one it holds while GTK may still show it.
      guard let self, let frame = frame?.copy() else { return }
      show(frame)
    }
    // The picture, then its animation's controls and its words, each in a row of its own: nothing
    // lies over the meme, and each sits in the same place whatever the window's width.
    videoPlayback = VideoPlayback(
      clock: picture, playAction: DetailAction.playAnimation.detailedName, placement: .besidePicture)
    videoPlayback.onFailure = { [weak self] reason in
      self?.showError(title: localized("Could not play the video"), detail: ErrorSentence.from(reason))
    }
    videoPlayback.onFrame = { [weak self] frame, _ in
      guard let self, let frame else { return }
      show(frame)
    }
    let body = tree.body
    body.append(playback.controls)
    body.append(videoPlayback.controls)
    body.append(info.widget)
    toasts.child = body.widget
    AdwWindow.setContent(of: window, header: headerBar, body: toasts.widget)
  }

  /// Shows what Sent Memes keeps of `meme` now (its description, where it was saved).
  func show(_ meme: SentMeme) {
    self.meme = meme
    // Named again with each change: an edited description is part of the name.
    Picture(wrapping: picture).setAlternativeText(meme.accessibleName)
    // GTK 4.8 gives the alternative text to assistive technologies as a description only: name it too.
    Accessible.setLabel(picture, meme.accessibleName)
    info.show(meme)
    // A received meme's title is its read text, which comes after the window opened.
    tree.titleCaptions.text = DetailTitle.captions(of: meme)
    actions.action(named: DetailAction.showInFolder.name)?.isEnabled = meme.savedFileURL != nil
    actions.action(named: DetailAction.readTextAgain.name)?.isEnabled = meme.isReceived
  }

  // MARK: - The rendered meme

  /// Shows the meme's thumbnail, scaled up, in the window's first frame. The rendered meme is decoded
  /// in the background and, arriving after that frame, would need a frame of its own: until then the
  /// window would open empty. A thumbnail file is a few kilobytes (well under a millisecond to decode,
  /// and just read by the list, so in the disk cache).
  private func showPreview() {
    let loader = ImageLoader()
    guard isLoading, let size = try? loader.pixelSize(ofImageAt: meme.thumbnailURL),
      size.width <= Self.previewLimit, size.height <= Self.previewLimit,
      let thumbnail = try? loader.load(contentsOf: meme.thumbnailURL)
    else { return }
    show(thumbnail)
    showsPreview = true
  }

  private func show(_ image: RasterImage) {
    Picture(wrapping: picture).setPaintable(FrameTexture.make(from: image))
  }

  /// Decodes the rendered file off the main thread, at most `displayLimit` pixels wide, and an
  /// animation's frames once for where they lie in time.
  private func loadImage() {
    let url = meme.renderedImageURL
    let isVideo = meme.isVideo
    let isAnimated = meme.isAnimated
    MainLoop.runInBackground(
      { () -> Result<(RasterImage, VideoInfo?, AnimationTimeline?), ImageError> in
        let loader = ImageLoader()
        return Result { () throws(ImageError) in
          // A video shows its first frame until it plays.
          if isVideo {
            let (info, frames) = try VideoProbe.firstFrames(of: url)
            guard let first = frames.first else {
              throw ImageError(path: url.path, kind: .corrupt, reason: localized("the video has no frame"))
            }
            return (first, info, nil)
          }
          let size = try loader.pixelSize(ofImageAt: url)
          let width = size.width > Self.displayLimit ? Self.displayLimit : nil
          let timeline =
            isAnimated ? try? AnimationTimeline(readingFramesOf: AnimationReader(contentsOf: url)) : nil
          return (try loader.load(contentsOf: url, targetWidth: width), nil, timeline)
        }
      },
      then: { [weak self] result in
        guard let self, !isDestroyed else { return }
        isLoading = false
        switch result {
        case .success(let (image, video, timeline)):
          imageSize = (image.width, image.height)
          show(image)
          showsPreview = false
          if meme.isAnimated { playback.show(animationAt: meme.renderedImageURL, timeline: timeline) }
          videoPlayback.show(videoAt: meme.renderedImageURL, info: video)
        case .failure:
          // The preview must not pass for the meme whose picture is missing.
          Picture(wrapping: picture).setPaintable(nil)
          showsPreview = false
          missingLabel.isVisible = true
          for target in ShareTarget.allCases {
            actions.action(named: target.name)?.isEnabled = false
          }
        }
      })
  }

  /// Shows an error over this window.
  func showError(title: String, detail: String) {
    MessageDialog.present(parent: gtkkit_window(window), heading: title, body: detail)
  }
}
