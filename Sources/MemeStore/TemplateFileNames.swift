// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The names of one template's files in the images folder: `<uuid>-template.<ext>` and
/// `<uuid>-template-thumbnail.<ext>`. Fresh for every template, so no file is ever shared or
/// overwritten. They never parse as a sent meme's names (`MemeFileNames.parse`), so a template file
/// no row lists is set aside by the repair, never rebuilt into a meme.
struct TemplateFileNames: Hashable {
  var picture: String
  var thumbnail: String

  init(pictureExtension: String, thumbnailExtension: String) {
    let stem = UUID().uuidString.lowercased()
    picture = MemeFileNames.withSafeExtension("\(stem)-template", pictureExtension)
    thumbnail = MemeFileNames.withSafeExtension("\(stem)-template-thumbnail", thumbnailExtension)
  }
}
