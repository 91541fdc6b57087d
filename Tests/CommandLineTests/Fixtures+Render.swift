// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// `mememe render` as the option suites run it: once expecting a picture, once expecting one line of
/// error and no file.
extension Fixtures {
  /// Runs `mememe render INPUT ARGUMENTS -o NAME`, requires it to succeed, and returns the picture
  /// it wrote.
  func render(
    _ input: String, _ arguments: [String], output name: String = "out.png",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RasterImage {
    let output = path(name)
    let result = try CommandLineRunner.run(["render", input] + arguments + ["-o", output])
    try #require(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    return try decode(output)
  }

  /// Runs `mememe render INPUT ARGUMENTS -o never.png`, expects it to fail with one line of error and
  /// no file, and returns that line.
  @discardableResult
  func renderFailure(
    _ input: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> String
  {
    let output = path("never.png")
    let result = try CommandLineRunner.run(["render", input, "-o", output] + arguments)
    #expect(result.status != 0, sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: output), sourceLocation: sourceLocation)
    return result.errorLines.first.map(String.init) ?? ""
  }
}
