// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The bar below the canvas: Crop, Rotate and Flip at its start, Camera and Album in its centre, Hide
/// Area, Speech Bubble, Add Sticker and Add Text at its end. Its buttons follow the editor's actions.
struct EditorBottomBar {
  let widget: UnsafeMutablePointer<GtkWidget>
  let cameraButton: UnsafeMutablePointer<GtkWidget>
  let albumButton: UnsafeMutablePointer<GtkWidget>
  /// The arrow beside Album: its menu starts a meme from a template, or keeps the picture as one.
  let albumMenuButton: UnsafeMutablePointer<GtkWidget>
  let transformButton: UnsafeMutablePointer<GtkWidget>
  let addTextButton: UnsafeMutablePointer<GtkWidget>
  /// Opens Add Sticker's popover (see `StickerAdding`, which gives it the popover).
  let addStickerButton: UnsafeMutablePointer<GtkWidget>
  let hideAreaButton: UnsafeMutablePointer<GtkWidget>
  /// Speech Bubble's menu: Reaction and Comic (the canvas menu's Add → Speech Bubble).
  let speechBubbleButton: UnsafeMutablePointer<GtkWidget>

  init() {
    widget = gtk_action_bar_new()!
    widget.name = "bottom-bar"
    cameraButton = Self.iconButton(icon: IconName.camera, label: localized("Camera"), action: .camera)
    Self.name(
      cameraButton, "camera-button", label: localized("Camera"),
      tooltip: localized("Take a photo or record a clip with a camera"))
    albumButton = Self.iconButton(icon: IconName.album, label: localized("Album"), action: .open)
    Self.name(
      albumButton, "album-button", label: localized("Album"), tooltip: localized("Choose a picture (Ctrl+O)"))
    // Album and its menu, linked as a split button: more ways to start a meme (from a template).
    albumMenuButton = Self.moreWaysButton(
      Menu([
        (localized("Choose a Picture…"), EditorAction.open.detailedName),
        TemplateAction.newFromTemplate.menuItem, TemplateAction.importTemplates.menuItem,
        TemplateAction.useAsTemplate.menuItem,
      ]), name: "album-menu-button", label: localized("More Ways to Start a Meme"))
    let album = Box(GTK_ORIENTATION_HORIZONTAL)
    album.widget.addCSSClass("linked")
    album.append(albumButton)
    album.append(albumMenuButton)
    // 6 pixels apart, not 12: with Album's arrow the bar still fits a 360-pixel-wide window.
    let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    buttons.append(cameraButton)
    buttons.append(album.widget)
    gtk_action_bar_set_center_widget(gtkkit_action_bar(widget), buttons.widget)

    // One button with a menu at the bar's start: four buttons would not fit a phone-narrow window.
    let turns = [EditorAction.rotateLeft, .rotateRight, .flipHorizontal, .flipVertical]
    let transform = MenuButton()
    transform.setIconName(IconName.cropRotateFlip)
    transform.setMenu(
      Menu(
        [(CropAction.begin.title, CropAction.begin.detailedName)] + turns.map { ($0.title, $0.detailedName) })
    )
    transformButton = transform.widget
    Self.name(
      transformButton, "transform-button", label: localized("Crop, Rotate and Flip"),
      tooltip: localized("Crop, Rotate and Flip"))
    gtk_action_bar_pack_start(gtkkit_action_bar(widget), transformButton)

    addTextButton = Button(iconName: IconName.addText).widget
    addTextButton.actionName = EditorAction.addText.detailedName
    Self.name(
      addTextButton, "add-text-button", label: localized("Add Text"), tooltip: localized("Add Text (Ctrl+T)"))
    let addSticker = MenuButton()
    addSticker.setIconName(IconName.addSticker)
    addStickerButton = addSticker.widget
    Self.name(
      addStickerButton, "add-sticker-button", label: localized("Add Sticker"),
      tooltip: localized("Add Sticker"))
    hideAreaButton = Button(iconName: IconName.hideArea).widget
    hideAreaButton.actionName = EditorAction.hideArea.detailedName
    Self.name(
      hideAreaButton, "hide-area-button", label: localized("Hide Area"),
      tooltip: localized("Hide Area: pixelate, blur or cover a part of the picture"))
    let speechBubble = MenuButton()
    speechBubble.setIconName(IconName.speechBubble)
    speechBubble.setMenu(BubbleAdding.menu)
    speechBubbleButton = speechBubble.widget
    Self.name(
      speechBubbleButton, "speech-bubble-button", label: localized("Speech Bubble"),
      tooltip: localized("Add a Speech Bubble"))
    // The things placed on the picture, together at the bar's end: Hide Area, Speech Bubble, Add
    // Sticker, then Add Text.
    let adding = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    adding.append(hideAreaButton)
    adding.append(speechBubbleButton)
    adding.append(addStickerButton)
    adding.append(addTextButton)
    gtk_action_bar_pack_end(gtkkit_action_bar(widget), adding.widget)
  }

  private static func iconButton(icon: String, label: String, action: EditorAction) -> UnsafeMutablePointer<
    GtkWidget
  > {
    let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    box.append(Image(iconName: icon).widget)
    box.append(Label(label).widget)
    // The icon alone where the label does not fit: with Add Sticker beside Add Text, the bar fits a
    // 360-pixel-wide window only so (the button keeps its name for screen readers and its tooltip).
    let face = Squeezer([box.widget, Image(iconName: icon).widget])
    let button = Button(child: face.widget).widget
    button.actionName = action.detailedName
    button.addCSSClass("bar-button")
    return button
  }

  /// A menu button with a down arrow, the second half of a split button (Album's, Sent Memes' Add).
  static func moreWaysButton(_ menu: Menu, name: String, label: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = MenuButton()
    button.setIconName(IconName.moreWays)
    button.setMenu(menu)
    self.name(button.widget, name, label: label, tooltip: label)
    return button.widget
  }

  /// Names a control for tests (`gtk_widget_set_name`), screen readers and tooltips.
  static func name(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ widgetName: String, label: String, tooltip: String
  ) {
    widget.name = widgetName
    Accessible.setLabel(widget, label)
    widget.tooltip = tooltip
  }
}
