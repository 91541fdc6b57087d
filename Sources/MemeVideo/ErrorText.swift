// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import MemeCore

/// The text of an error the video code returned, taken over (freed); `fallback` without one.
func takeErrorText(_ text: UnsafeMutablePointer<CChar>?, fallback: String) -> String {
  guard let text else { return fallback }
  defer { meme_video_free_text(text) }
  return String(cString: text)
}
