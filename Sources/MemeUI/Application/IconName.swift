// SPDX-License-Identifier: GPL-3.0-or-later

/// The theme icons the windows show, by their names in the icon theme (Adwaita, with hicolor
/// beneath it), each named here once for what it stands for.
///
/// Every widget takes its icon from here, so `all` is every icon the UI can ask GTK for: the icon
/// tests look each one up in the display's icon theme and decode the file GTK picks, and fail on
/// a name written anywhere else in MemeUI. (A theme icon GTK cannot find or decode is drawn as
/// GTK's own image-missing picture, with no error.) The app's own icon is
/// `AppIdentity.applicationID`.
enum IconName {
  // Header bars and menus.
  static let share = "send-to-symbolic"
  static let mainMenu = "open-menu-symbolic"
  static let stopExport = "process-stop-symbolic"
  static let captionStyle = "preferences-desktop-font-symbolic"
  static let back = "go-previous-symbolic"
  static let delete = "user-trash-symbolic"
  static let newMeme = "list-add-symbolic"
  /// Meme Detail's Edit when the header is too narrow for its label: the pencil that renames a
  /// template, one icon for changing something.
  static let edit = rename

  // The editor.
  static let camera = "camera-photo-symbolic"
  static let album = "folder-pictures-symbolic"
  static let cropRotateFlip = "object-rotate-right-symbolic"
  static let addText = "insert-text-symbolic"
  static let addSticker = "emoji-people-symbolic"
  /// Hide Area: the crossed-out eye of a hidden password.
  static let hideArea = "view-conceal-symbolic"
  /// The bottom bar's Speech Bubble menu.
  static let speechBubble = "chat-message-new-symbolic"
  static let warning = "dialog-warning-symbolic"
  static let alignLeft = "format-justify-left-symbolic"
  static let alignCenter = "format-justify-center-symbolic"
  static let alignRight = "format-justify-right-symbolic"
  /// Playing and pausing an animated picture.
  static let play = "media-playback-start-symbolic"
  static let pause = "media-playback-pause-symbolic"
  /// Stepping through an animation's frames by hand.
  static let previousFrame = "media-skip-backward-symbolic"
  static let nextFrame = "media-skip-forward-symbolic"
  /// Copy Description in Meme Detail.
  static let copy = "edit-copy-symbolic"

  // Sent Memes.
  static let listView = "view-list-symbolic"
  static let gridView = "view-grid-symbolic"
  /// The search button, and the picture of "No Results Found".
  static let search = "system-search-symbolic"
  /// A toast's close button (libadwaita's own, named here so that the icon check covers it).
  static let dismiss = "window-close-symbolic"
  /// The picture of the editor's "No Picture Yet" and of Sent Memes' "No Sent Memes".
  static let noPicture = "image-x-generic-symbolic"
  /// A received meme's mark on its Grid tile, and the picture of "No Received Memes": the envelope
  /// it came in.
  static let received = "mail-unread-symbolic"
  /// A thumbnail whose files are gone (Adwaita's own image-missing icon, not GTK's fallback).
  static let missingThumbnail = "image-missing-symbolic"

  // Templates.
  /// Renaming a template in the gallery.
  static let rename = "document-edit-symbolic"
  /// The picture of the empty gallery, "No Templates Yet".
  static let templates = "insert-image-symbolic"
  /// The arrow of a button's menu beside it (Album's, Add's): more ways to start a meme.
  static let moreWays = "pan-down-symbolic"

  // Panel memes.
  /// Adding and removing a row of a panel meme.
  static let addRow = newMeme
  static let removeRow = "list-remove-symbolic"
  /// An empty cell's invitation to add a picture.
  static let addPicture = templates
  /// The panel bar's sent memes, to put one in a cell.
  static let sentMemes = "document-open-recent-symbolic"

  /// Every icon above, once.
  static let all: [String] = [
    received,
    share, mainMenu, stopExport, captionStyle, back, delete, newMeme,
    camera, album, cropRotateFlip, addText, addSticker, hideArea, speechBubble, warning, alignLeft,
    alignCenter, alignRight,
    play,
    pause,
    previousFrame, nextFrame, copy,
    listView, gridView, search, dismiss, noPicture, missingThumbnail, rename, templates, moreWays, removeRow,
    sentMemes,
  ]
}
