// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The editor's pictures come through `PictureLoading`; these are its doors from the app and tests.
extension EditorWindow {
  /// Decodes `url` off the main thread (see `PictureLoading.load`).
  package func load(
    _ url: URL, transform: PictureTransform = .identity, asKept: Bool = false,
    focusingTopCaption: Bool = true
  ) {
    loading.load(url, transform: transform, asKept: asKept, focusingTopCaption: focusingTopCaption)
  }

  /// Stop (or Escape) while a picture loads (see `PictureLoading.stop`).
  package func stopLoading() {
    loading.stop()
  }

  /// Whether a picture is being decoded.
  package var isLoading: Bool { loading.isLoading }
}
