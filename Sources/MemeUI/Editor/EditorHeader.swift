// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The editor's header bar: Share and Style & Layout at its start, Cancel and the app's menu at its
/// end. Its buttons follow the editor's actions.
struct EditorHeader {
  let bar = HeaderBar()
  let shareButton: Widget
  /// Opens the style panel beside the canvas (see `StylePanel`).
  let styleToggle = ToggleButton(iconName: IconName.captionStyle)
  var styleButton: Widget { styleToggle.widget }
  let cancelButton = Accessible.mnemonicButton(localized("_Cancel"))

  init(window: Widget, preferences: Preferences, stylePanel: Widget) {
    shareButton = ShareMenu.button(name: "share-button", preferences: preferences, includesDescription: true)
    bar.showTitleGivingWay(of: window)
    bar.packStart(shareButton)
    styleButton.bind("active", to: stylePanel, "reveal-child", isMutual: true)
    EditorBottomBar.name(
      styleButton, "style-button", label: localized("Style & Layout"), tooltip: localized("Style & Layout"))
    bar.packStart(styleButton)
    cancelButton.actionName = EditorAction.cancel.detailedName
    EditorBottomBar.name(
      cancelButton, "cancel-button", label: localized("Cancel"),
      tooltip: localized("Start over with no picture"))
    bar.packEnd(cancelButton)
    // The app's own items only, as the HIG has it: what acts on the picture is in its context menu.
    let layouts = Menu()
    layouts.appendSubmenu(PanelLayoutChoice.submenu.menu, label: PanelLayoutChoice.submenu.label)
    bar.packEnd(PrimaryMenu.button(windowSection: layouts))
  }
}
