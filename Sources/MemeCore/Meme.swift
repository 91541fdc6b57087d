// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One meme: what makes it (its content: the texts, their style and layout, the text boxes, the
/// picture's transform and the description), the picture it sits on and the image made from them.
public struct Meme: MemeContentHolder, Sendable, Hashable {
  public var content: MemeContent
  /// The picture the captions are drawn on, as the user chose it.
  public var originalImage: URL
  /// The finished meme, once it has been rendered to a file.
  public var renderedImage: URL?
  public var createdAt: Date

  public init(content: MemeContent, originalImage: URL, renderedImage: URL? = nil, createdAt: Date = Date()) {
    self.content = content
    self.originalImage = originalImage
    self.renderedImage = renderedImage
    self.createdAt = createdAt
  }
}
