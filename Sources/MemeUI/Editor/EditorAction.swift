// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MemeEditing

/// Every editor behaviour as a named `win.` action with its shortcuts: buttons, menus, keys and
/// tests all go through these. The share targets' actions are `ShareTarget`'s.
package enum EditorAction: String, NamedAction {
  case open = "open"
  case camera = "camera"
  case paste = "paste"
  case share = "share"
  case undo = "undo"
  case redo = "redo"
  case zoomIn = "zoom-in"
  case zoomOut = "zoom-out"
  case zoomFit = "zoom-fit"
  case rotateLeft = "rotate-left"
  case rotateRight = "rotate-right"
  case flipHorizontal = "flip-horizontal"
  case flipVertical = "flip-vertical"
  case cancel = "cancel"
  case close = "close"
  case cancelExport = "cancel-export"
  case addText = "add-text"
  /// Hide Area: a rectangle drawn over the picture pixelates, blurs or covers what lies under it.
  case hideArea = "hide-area"
  /// Add → Speech Bubble → Reaction: a reaction bubble across the top of the picture.
  case addReactionBubble = "add-reaction-bubble"
  /// Add → Speech Bubble → Comic: a rounded comic bubble with a tail, to type in.
  case addComicBubble = "add-comic-bubble"
  case contextMenu = "context-menu"
  case editDescription = "edit-description"
  case nextCaption = "next-caption"
  case previousCaption = "previous-caption"
  /// Plays or pauses an animated picture on the canvas.
  case playAnimation = "play-animation"
  /// Pause and show the animation's frame before, or after, the one shown (comma and period, which
  /// the window takes only when the focused control does not type them).
  case previousFrame = "previous-frame"
  case nextFrame = "next-frame"
  /// Trim an animation at the frame shown: its kept part starts, or ends, there (I and O, which the
  /// window takes only when the focused control does not type them).
  case trimStart = "trim-start"
  case trimEnd = "trim-end"
  /// The words read in the picture become the captions, the old ones covered (`PictureTextOffering`).
  case usePictureText = "use-picture-text"

  var accelerators: [String] {
    switch self {
    case .open: ["<Control>o"]
    case .paste: ["<Control>v"]
    case .undo: ["<Control>z"]
    case .redo: ["<Control><Shift>z", "<Control>y"]
    case .close: ["<Control>w"]
    case .zoomIn: ["<Control>plus", "<Control>equal", "<Control>KP_Add"]
    case .zoomOut: ["<Control>minus", "<Control>KP_Subtract"]
    case .zoomFit: ["<Control>0", "<Control>KP_0"]
    // As in GNOME's image viewer.
    case .rotateLeft: ["<Control><Shift>r"]
    case .rotateRight: ["<Control>r"]
    // H and V as drawing apps flip (Inkscape), with Ctrl and Shift so that they never type a letter.
    case .flipHorizontal: ["<Control><Shift>h"]
    case .flipVertical: ["<Control><Shift>v"]
    case .addText: ["<Control>t"]
    // As in Sent Memes and every GTK view.
    case .contextMenu: ["Menu", "<Shift>F10"]
    // Ctrl+Tab as between a window's tabs: Tab alone goes through every control (the bars' too),
    // which is many presses from one caption to the next.
    case .nextCaption: ["<Control>Tab"]
    case .previousCaption: ["<Control><Shift>Tab"]
    case .camera, .share, .cancel, .editDescription, .cancelExport, .playAnimation, .previousFrame,
      .nextFrame, .hideArea, .addReactionBubble, .addComicBubble, .trimStart, .trimEnd, .usePictureText:
      []
    }
  }

  var title: String {
    switch self {
    case .open: localized("Choose a picture from the Album")
    case .camera: localized("Take a photo or record a clip")
    case .paste: localized("Paste a picture, or text into a caption")
    case .share: localized("Share")
    case .undo: localized("Undo")
    case .redo: localized("Redo")
    case .zoomIn: localized("Zoom In")
    case .zoomOut: localized("Zoom Out")
    case .zoomFit: localized("Fit the Picture in the Window")
    case .rotateLeft: localized("Rotate Left")
    case .rotateRight: localized("Rotate Right")
    case .flipHorizontal: localized("Flip Horizontally")
    case .flipVertical: localized("Flip Vertically")
    case .cancel: localized("Start over")
    case .close: localized("Close the window")
    case .cancelExport: localized("Stop exporting the meme")
    case .addText: localized("Add Text")
    case .hideArea: localized("Hide Area")
    case .addReactionBubble: localized("Add a Reaction Bubble")
    case .addComicBubble: localized("Add a Comic Bubble")
    case .contextMenu: localized("Open the picture’s menu")
    case .editDescription: localized("Description…")
    case .nextCaption: localized("Next caption, text box or sticker")
    case .previousCaption: localized("Previous caption or text box")
    case .playAnimation: localized("Play or Pause the Animation")
    case .previousFrame: localized("Previous Frame")
    case .nextFrame: localized("Next Frame")
    case .trimStart: localized("Start the Animation at This Frame")
    case .trimEnd: localized("End the Animation at This Frame")
    case .usePictureText: localized("Use the picture's text")
    }
  }

  /// Listed under Text Boxes in the shortcuts window (with the `layer.` actions, `LayerAction`).
  var isAboutTextBoxes: Bool {
    self == .addText
  }

  /// Listed under View and Picture in the shortcuts window (with crop mode's `CropAction.begin`
  /// between the zoom and the turns): what changes how the picture is seen, turned and mirrored.
  var isAboutThePicture: Bool {
    switch self {
    case .zoomIn, .zoomOut, .zoomFit, .rotateLeft, .rotateRight, .flipHorizontal, .flipVertical: true
    default: false
    }
  }

  /// Actions that need a picture: insensitive (with their buttons and menu items) until one is loaded.
  var needsPicture: Bool {
    switch self {
    case .share, .editDescription, .zoomIn, .zoomOut, .zoomFit,
      .rotateLeft, .rotateRight,
      .flipHorizontal, .flipVertical, .addText, .hideArea, .addReactionBubble, .addComicBubble,
      .usePictureText:
      true
    default: false
    }
  }
}
