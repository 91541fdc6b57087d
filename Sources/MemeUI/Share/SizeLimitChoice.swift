// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// The Share menu's size limit, for services that refuse big files: none (the meme as it is), a few
/// common upload limits, or a value of the user's own. One app-wide choice (`app.share-size-limit`,
/// kept in GSettings), so the editor and Meme Detail share alike; a meme over it is shared as the
/// largest JPEG that fits (`SizeFitter`), and the toast says so.
enum SizeLimitChoice {
  static let actionName = "share-size-limit"
  static let customActionName = "custom-share-size-limit"
  /// Decimal megabytes, as upload forms and file managers count them.
  static let presets = [25_000_000, 8_000_000, 1_000_000]
  /// The largest custom limit (the setting's range).
  static let largest = 2_000_000_000
  /// The smallest custom limit, in megabytes: below it hardly any meme fits.
  static let smallestMegabytes = 0.1

  /// Adds `app.share-size-limit` (a byte count, "0" for none) and `app.custom-share-size-limit`
  /// (asks for a value over the active window) to `application`.
  static func install(
    in application: Application, preferences: Preferences,
    activeWindow: @escaping () -> UnsafeMutablePointer<GtkWindow>?
  ) {
    let choice = application.actions.addChoice(actionName, value: String(preferences.shareSizeLimit ?? 0)) {
      value in
      preferences.shareSizeLimit = Int(value).flatMap { $0 > 0 ? $0 : nil }
    }
    application.actions.add(customActionName) {
      askForCustomLimit(over: activeWindow(), current: preferences.shareSizeLimit) { bytes in
        choice.activate(choosing: String(bytes))
      }
    }
  }

  /// The Size Limit submenu: No Limit, the presets as radio items, then Custom….
  static var menu: Menu {
    let choices =
      [(localized("No Limit"), "app.\(actionName)::0")]
      + presets.map { (title(of: $0), "app.\(actionName)::\($0)") }
    return Menu(sections: [Menu(choices), Menu([(localized("Custom Limit…"), "app.\(customActionName)")])])
  }

  /// "Under 8 MB", "Unter 2,5 MB": the number as the reader's locale writes it, whole units without
  /// a decimal.
  static func title(of bytes: Int) -> String {
    String(format: localized("Under %@"), ByteSize.limitDescribed(bytes))
  }

  /// A dialog with a number of megabytes; `chosen` gets the bytes when the user sets it.
  private static func askForCustomLimit(
    over parent: UnsafeMutablePointer<GtkWindow>?, current: Int?, chosen: @escaping (Int) -> Void
  ) {
    OneFieldDialog.askForNumber(
      OneFieldDialog.Question(
        name: "custom-size-limit-dialog", heading: localized("Custom Size Limit"),
        body: localized(
          "Shared memes larger than this, in megabytes, are made into the largest JPEG that fits."),
        acceptLabel: localized("_Set Limit"), acceptResponse: "set"),
      over: parent, fieldName: "custom-size-limit", label: localized("Size limit in megabytes"),
      value: Double(current ?? 8_000_000) / 1e6, range: smallestMegabytes...(Double(largest) / 1e6)
    ) { megabytes in
      chosen(Int((megabytes * 1e6).rounded()))
    }
  }
}
