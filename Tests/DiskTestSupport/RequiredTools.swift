// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Tests that need a program the machine may lack (libjpeg-turbo's tools, the built `mememe`) skip
/// without it on a developer's machine, and fail without it where completeness is asked for:
/// `MEMEME_REQUIRE_TOOLS=1`, which build-aux/run-tests.sh sets, as `MEMEME_REQUIRE_DISPLAY=1` does
/// for the display.
public enum RequiredTools {
  public static var areRequired: Bool {
    ProcessInfo.processInfo.environment["MEMEME_REQUIRE_TOOLS"] == "1"
  }

  /// A tool that was required and is missing.
  public struct Missing: Error, CustomStringConvertible {
    public let description: String
  }

  /// Returns when `isAvailable`; otherwise skips the calling test with `reason`, or fails it when
  /// tools are required.
  public static func require(
    _ isAvailable: Bool, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard !isAvailable else { return }
    if areRequired { throw Missing(description: "\(reason) (MEMEME_REQUIRE_TOOLS=1)") }
    try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
  }
}
