// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a caption sits: each owns a band hugging its edge of the image.
public enum CaptionPosition: Sendable, Hashable, CaseIterable {
  case top, bottom
}
