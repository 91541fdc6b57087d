// SPDX-License-Identifier: GPL-3.0-or-later

/// What a C decoder's stop callback asks between rows: whether the opening was cancelled. Shared
/// by the JPEG decoder and the PNG row reader, which take the same callback and context.
final class DecodeStop {
  let cancellation: Cancellation?
  init(_ cancellation: Cancellation?) { self.cancellation = cancellation }
  var isStopped: Bool { cancellation?.isCancelled ?? false }

  /// The callback: nonzero once cancelled. Its context is `context`, valid while this object lives
  /// (callers keep it alive with `withExtendedLifetime` around the decoding).
  static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    Unmanaged<DecodeStop>.fromOpaque(context!).takeUnretainedValue().isStopped ? 1 : 0
  }

  /// This object as the callback's context, unretained.
  var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
