// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// What the dynamic linker loads before the app's first line runs. GStreamer is not among it: the
/// camera opens GStreamer's libraries on its first use (Sources/CMemeGStreamer), so a launch does not
/// pay for them and their dependencies. The linker's trace mode lists every library the binary
/// needs, its libraries' libraries included, without running the app.
@Suite struct LinkedLibrariesTests {
  @Test func launchLoadsGTKButNotGStreamer() throws {
    let libraries = try loadedLibraries(of: CommandLineRunner.binary)
    // The listing is real: GTK, which the app does link, is in it.
    #expect(libraries.contains { $0.hasPrefix("libgtk-4.so") }, "\(libraries)")
    #expect(!libraries.contains { $0.hasPrefix("libgst") }, "\(libraries)")
    // Nor FFmpeg's, which videos load with GStreamer.
    #expect(!libraries.contains { $0.hasPrefix("libav") }, "\(libraries)")
  }

  /// File names of the libraries `binary` loads at start-up, from the dynamic linker's trace.
  private func loadedLibraries(of binary: URL) throws -> [String] {
    let process = Process()
    process.executableURL = binary
    process.environment = ["LD_TRACE_LOADED_OBJECTS": "1"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the dynamic linker's trace failed")
    // Lines such as "\tlibgtk-4.so.1 => /lib/x86_64-linux-gnu/libgtk-4.so.1 (0x…)".
    return text.split(separator: "\n").compactMap { line in
      line.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
  }
}
