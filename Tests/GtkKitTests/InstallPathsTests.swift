// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import Testing

/// Installed data is found beside the executable's prefix unless a variable points elsewhere.
@Suite(.serialized) struct InstallPathsTests {
  private static let variable = "MEMEME_INSTALL_PATHS_TEST_DIR"

  /// `<prefix>/share/<relativePath>`, the prefix worked out here from the running test binary.
  private static func underPrefix(_ relativePath: String) throws -> String {
    let executable = try #require(realpath("/proc/self/exe", nil))
    defer { free(executable) }
    let prefix = URL(fileURLWithPath: String(cString: executable)).deletingLastPathComponent()
      .deletingLastPathComponent()
    return prefix.appendingPathComponent("share/\(relativePath)").path
  }

  @Test func theVariableWinsWhenItIsSetAndNotEmpty() throws {
    defer { unsetenv(Self.variable) }
    setenv(Self.variable, "/tmp/elsewhere/locale", 1)
    let set = InstallPaths.directory(environmentVariable: Self.variable, relativePath: "locale")
    #expect(set.path == "/tmp/elsewhere/locale" && set.hasDirectoryPath)

    setenv(Self.variable, "", 1)
    let empty = InstallPaths.directory(environmentVariable: Self.variable, relativePath: "locale")
    #expect(empty.path == (try Self.underPrefix("locale")), "an empty variable is no override")

    unsetenv(Self.variable)
    let unset = InstallPaths.directory(environmentVariable: Self.variable, relativePath: "icons")
    #expect(unset.path == (try Self.underPrefix("icons")))
  }
}
