// SPDX-License-Identifier: GPL-3.0-or-later

extension String {
  /// The message a C call wrote into `buffer` (the JPEG codecs' reasons and warnings), up to its
  /// terminating NUL, or the whole buffer without one.
  init(messageIn buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
