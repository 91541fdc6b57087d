// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every fuzzing seed and every input a fuzz target ever crashed on, given to `mememe render` as a
/// picture: each is drawn on or refused with MemeMe's own one line, and no library's message (a GLib
/// CRITICAL, a loader's warning) reaches standard error (issue 48: damaged animated WebPs printed
/// gdk-pixbuf's CRITICAL lines).
@Suite struct FuzzInputCommandTests {
  static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

  static var inputs: [String] {
    ["corpus", "crashes"].flatMap { kind -> [String] in
      let root = fuzzFolder.appendingPathComponent(kind)
      let targets = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
      return targets.sorted().flatMap { target in
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target).path))
          ?? [])
          .sorted().map { "\(kind)/\(target)/\($0)" }
      }
    }
  }

  @Test func thereAreInputs() {
    #expect(Self.inputs.count > 40, "\(Self.inputs.count)")
  }

  @Test(arguments: inputs)
  func anInputIsDrawnOrRefusedInOneLineOfItsOwn(_ input: String) throws {
    let fixtures = try Fixtures()
    let file = Self.fuzzFolder.appendingPathComponent(input).path
    let result = try CommandLineRunner.run(["render", file, "--top", "A", "-o", fixtures.path("out.png")])
    #expect(!result.killedBySignal, "\(input)")
    #expect(result.status == 0 || result.status == 1, "\(input): \(result.status)")
    for line in result.errorLines {
      #expect(
        line.hasPrefix("mememe: ") || line.hasPrefix("note: ") || line.hasPrefix("warning: "),
        "\(input): \(line)")
      #expect(!line.contains("CRITICAL") && !line.contains("WARNING"), "\(input): \(line)")
    }
    if result.status == 1 {
      #expect(result.errorLines.count == 1, "\(input): \(result.standardError.prefix(500))")
    }
  }
}
