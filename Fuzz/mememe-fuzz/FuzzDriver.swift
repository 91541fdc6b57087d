// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeFuzzing

/// `mememe-fuzz`. Built with libFuzzer (Fuzz/run.sh), it fuzzes the target MEMEME_FUZZ_TARGET names,
/// taking libFuzzer's options. Built normally, it is a replayer: `mememe-fuzz TARGET FILE...` runs
/// saved inputs through a target and prints any finding, to reproduce one without libFuzzer.
@main
enum FuzzDriver {
  static func main() throws {
    #if MEMEME_LIBFUZZER
      exit(runLibFuzzer())
    #else
      try replay(CommandLine.arguments.dropFirst())
    #endif
  }

  private static func replay(_ arguments: ArraySlice<String>) throws {
    guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
      fail("usage: mememe-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...")
    }
    var failed = false
    for path in arguments.dropFirst() {
      if let finding = try FuzzReplay.run(target, file: URL(fileURLWithPath: path)) {
        print("\(path): \(finding)")
        failed = true
      }
    }
    exit(failed ? 1 : 0)
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
  }

  #if MEMEME_LIBFUZZER
    /// The target every input goes to; set once before libFuzzer starts calling `testOneInput`.
    nonisolated(unsafe) private static var target = FuzzTarget.headers

    /// Hands the process to libFuzzer's driver (SwiftPM links the executable's own `main`, so
    /// libFuzzer's is not used).
    private static func runLibFuzzer() -> CInt {
      let name = ProcessInfo.processInfo.environment["MEMEME_FUZZ_TARGET"] ?? ""
      guard let selected = FuzzTarget(rawValue: name) else {
        fail(
          "MEMEME_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      target = selected
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      // The callback captures nothing (a C function pointer cannot): the target is a static.
      return runLibFuzzerDriver(&argc, &argv) { data, size in
        do {
          try FuzzDriver.target.run(UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size))
        } catch {
          // A broken promise is a crash to libFuzzer, which then saves the input.
          fatalError("\(FuzzDriver.target.rawValue): \(error)")
        }
        return 0
      }
    }
  #endif
}

#if MEMEME_LIBFUZZER
  /// libFuzzer's entry for programs with their own `main` (declared in FuzzerInterface.h).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runLibFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif
