// swift-tools-version:6.2
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackageDescription

/// GStreamer's header folders, from pkg-config, for the camera's code alone. The camera loads
/// GStreamer's libraries when it is first used (Sources/CMemeGStreamer), so the package takes only
/// GStreamer's headers: a system library target with `pkgConfig` would also link its libraries into
/// the app, which then loads them, and their dependencies, at every launch.
let gstreamerHeaderFlags: [String] = {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "pkg-config", "--cflags-only-I", "gstreamer-1.0", "gstreamer-app-1.0", "gstreamer-video-1.0",
  ]
  let output = Pipe()
  process.standardOutput = output
  guard (try? process.run()) != nil else { return ["-I/usr/include/gstreamer-1.0"] }
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  let flags = text.split(whereSeparator: \.isWhitespace).map(String.init)
  return process.terminationStatus == 0 && !flags.isEmpty ? flags : ["-I/usr/include/gstreamer-1.0"]
}()

let package = Package(
  name: "MemeMe",
  products: [
    .executable(name: "mememe", targets: ["mememe"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // C libraries the engine draws and codes images with: no GTK here.
    .systemLibrary(
      name: "CMemeGraphics",
      pkgConfig: "pangocairo harfbuzz gdk-pixbuf-2.0 libturbojpeg libdeflate zlib",
      providers: [
        .apt([
          "libpango1.0-dev", "libharfbuzz-dev", "libcairo2-dev", "libgdk-pixbuf-2.0-dev", "libturbojpeg0-dev",
          "libdeflate-dev", "zlib1g-dev",
        ])
      ]
    ),
    // Animated pictures: giflib (GIF frames and LZW), libimagequant (GIF palettes) and libwebp's
    // animation decoder, encoder and muxer.
    .systemLibrary(
      name: "CAnimationCodecs",
      pkgConfig: "libgif imagequant libwebpdemux libwebpmux libwebp",
      providers: [.apt(["libgif-dev", "libimagequant-dev", "libwebp-dev"])]
    ),
    // The frame-by-frame work over them: compositing GIF frames, finding what changed, converting
    // pixels. Optimised even in debug builds, where a test animation is millions of pixels a frame.
    .target(
      name: "CMemeAnimation", dependencies: ["CAnimationCodecs"], path: "Sources/CMemeAnimation",
      cSettings: [.unsafeFlags(["-O2"])]),
    // Hiding part of a picture (pixelate, blur, fill) and the effects (deep-fry, black and white):
    // optimised even in debug builds, like CMemeAnimation, for the same reason.
    .target(
      name: "CMemeEffects", path: "Sources/CMemeEffects", cSettings: [.unsafeFlags(["-O2"])],
      linkerSettings: [.linkedLibrary("m")]),
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
    ),
    // GObject types GtkKit needs and GTK lacks, declared in C as GObject types must be: a list model
    // of places alone, for views whose rows are looked up by position (Sent Memes), and a dragged
    // file's content whose file is still being written.
    .target(name: "CGtkTypes", dependencies: ["CGtk"], path: "Sources/CGtkTypes"),
    // GStreamer's headers for the camera: device monitor, capture pipeline, app sink. No GTK here.
    // Its libraries are opened on the camera's first use by CMemeGStreamer, never linked.
    .systemLibrary(
      name: "CGStreamer",
      providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
    ),
    .target(
      name: "CMemeGStreamer", path: "Sources/CMemeGStreamer", cSettings: [.unsafeFlags(gstreamerHeaderFlags)]),
    // GLib alone: what the engine, the store, the camera and GtkKit share below GTK (gettext, GLib
    // user data, durable file writes).
    .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
    .target(name: "GLibSupport", dependencies: ["CGLib"]),
    // The photo's DCT blocks through libjpeg's coefficient API (errors arrive by longjmp, so in C), and
    // the size fitter's area-averaging downscale (a 48 MP picture read whole for each size tried).
    .target(name: "CMemeJPEG", path: "Sources/CMemeJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
    // A PNG over the pixel limit read by rows through libpng (errors by longjmp) and averaged down as
    // they arrive, with CMemeJPEG's area averaging.
    .target(
      name: "CMemePNG", dependencies: ["CMemeJPEG"], path: "Sources/CMemePNG",
      linkerSettings: [.linkedLibrary("png16")]),
    .target(
      name: "MemeCore",
      dependencies: [
        "GLibSupport", "CMemeGraphics", "CMemeJPEG", "CMemePNG", "CMemeAnimation", "CMemeEffects",
      ]
    ),
    .target(
      name: "MemeStore",
      dependencies: ["GLibSupport", "MemeCore", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    .target(
      name: "MemeCamera",
      dependencies: ["GLibSupport", "MemeCore", "MemeVideo", "CGStreamer", "CMemeGStreamer"],
      swiftSettings: [
        .defaultIsolation(MainActor.self), .unsafeFlags(gstreamerHeaderFlags.flatMap { ["-Xcc", $0] }),
      ]
    ),
    // Videos: decoded and encoded by GStreamer (CMemeGStreamer, loaded on first use like the camera's),
    // each frame captioned by the engine's one drawing path, muxed by FFmpeg's libavformat.
    .target(name: "MemeVideo", dependencies: ["GLibSupport", "MemeCore", "CMemeGStreamer"]),
    // Tesseract: reads the words in pictures (received memes' search text and description, the
    // editor's "Use the picture's text", the check that a hidden area is hidden).
    .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
    .target(name: "MemeTextReading", dependencies: ["MemeCore", "MemeVideo", "CTesseract"]),
    .target(
      name: "GtkKit",
      dependencies: ["GLibSupport", "CGtk", "CGtkTypes"],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // The editor without GTK: the document and its undo history, the preview painter (plain Cairo) and
    // the Share pipeline up to the store. Tested without a display.
    .target(
      name: "MemeEditing",
      dependencies: [
        "GLibSupport", "MemeCore", "MemeStore", "MemeVideo", "MemeTextReading", "CMemeGraphics",
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // The app's GtkBuilder files (data/ui), compiled by glib-compile-resources into the GResource
    // bundle MemeUI carries.
    .plugin(name: "CompileInterface", capability: .buildTool(), path: "Plugins/CompileInterface"),
    .target(
      name: "MemeUI",
      dependencies: [
        "GLibSupport", "MemeCore", "MemeStore", "MemeEditing", "MemeVideo", "MemeTextReading", "GtkKit",
        "CGtk",
        "MemeCamera",
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)],
      plugins: ["CompileInterface"]
    ),
    .executableTarget(
      name: "mememe",
      dependencies: [
        "MemeCore", "MemeUI", "MemeVideo", "MemeStore", "MemeEditing", "MemeTextReading",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "mememe-benchmark",
      dependencies: ["MemeCore", "CMemeGraphics"],
      path: "Benchmarks/mememe-benchmark"
    ),
    // Editor redraw and picture-to-screen timings (no display needed: the preview painter is plain Cairo).
    .executableTarget(
      name: "mememe-editor-benchmark",
      dependencies: ["MemeCore", "MemeEditing", "MemeVideo", "CMemeGraphics", "CMemeAnimation"],
      path: "Benchmarks/mememe-editor-benchmark"
    ),
    // Sent Memes at scale: launch-to-populated time, memory and main-loop stalls while scrolling. Its
    // session drives MemeUI through package access, so the app carries none of it.
    .executableTarget(
      name: "sent-memes-benchmark",
      dependencies: ["MemeUI", "MemeEditing", "MemeTextReading", "MemeCore", "GtkKit", "CGtk"],
      path: "Benchmarks/sent-memes-benchmark",
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // Searching Sent Memes at 10,000 and 100,000 memes: the index's answer per keystroke, the Grid
    // painted after it, and the database's size with and without the index (needs a display).
    .executableTarget(
      name: "search-benchmark",
      dependencies: [
        "MemeUI", "MemeEditing", "MemeStore", "GtkKit", "CGtk", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/search-benchmark",
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // Peak memory of each share target over a 48 MP photo, through the editor (needs a display); its
    // session, like the Sent Memes one, lives here and not in MemeUI.
    .executableTarget(
      name: "export-memory-benchmark",
      dependencies: ["MemeCore", "MemeUI", "GtkKit", "CGtk"],
      path: "Benchmarks/export-memory-benchmark",
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // Decode time per megapixel of the worst input found for each format (issue 33), in process and
    // through any `mememe` builds given, to compare before and after.
    .executableTarget(
      name: "decode-bounds-benchmark",
      dependencies: ["MemeCore", "CMemeGraphics", "DiskTestSupport"],
      path: "Benchmarks/decode-bounds-benchmark"
    ),
    .executableTarget(
      name: "mememe-seed",
      dependencies: [
        "MemeCore", "MemeStore", "CMemeGraphics",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/mememe-seed"
    ),
    // Fuzzing: the targets, a library the regression tests replay saved inputs through, and their
    // driver, which Fuzz/run.sh builds with libFuzzer (a replayer in an ordinary build).
    .target(
      name: "MemeFuzzing", dependencies: ["MemeCore", "MemeStore", "MemeVideo", "CMemeGraphics"],
      path: "Fuzz/MemeFuzzing"),
    .executableTarget(name: "mememe-fuzz", dependencies: ["MemeFuzzing"], path: "Fuzz/mememe-fuzz"),
    .testTarget(name: "FuzzRegressionTests", dependencies: ["MemeFuzzing"]),
    // DurableFile's steps, both ways: nameless (O_TMPFILE) and under a temporary name.
    .testTarget(name: "GLibSupportTests", dependencies: ["GLibSupport"]),
    .testTarget(
      name: "CommandLineTests",
      dependencies: [
        "mememe", "MemeCore", "MemeVideo", "MemeStore", "CMemeGraphics", "DiskTestSupport", "PictureChecks",
        "PictureFixtures",
      ],
      // Run by the sticker and panel tests with the system's Python, as the independent reference.
      exclude: ["Stickers/sticker-reference.py", "Panels/panel-reference.py"]),
    // The reader on memes the engine draws, where the words and their places are known.
    .testTarget(
      name: "MemeTextReadingTests",
      dependencies: ["MemeTextReading", "MemeCore", "PictureFixtures", "CTesseract"]),
    .testTarget(
      name: "MemeCameraTests", dependencies: ["MemeCamera", "MemeCore", "MemeVideo", "CGLib"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .testTarget(
      name: "MemeCameraUITests",
      dependencies: ["MemeUI", "MemeEditing", "MemeCamera", "MemeCore", "GtkKit", "CGtk", "GtkTestSupport"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .testTarget(
      // Golden/ holds reviewed images the caption tests read from the source tree.
      name: "MemeCoreTests",
      dependencies: [
        "MemeCore", "CMemeGraphics", "PixelCompare", "DiskTestSupport", "PictureChecks", "PictureFixtures",
      ],
      exclude: ["Golden"]),
    // Pixel comparisons in C, optimised even in debug builds: the caption tests compare megapixels.
    .target(
      name: "PixelCompare", path: "Tests/PixelCompare", cSettings: [.unsafeFlags(["-O2"])]),
    // What the test targets compare pictures with: the one exact pixel count (over PixelCompare) and
    // libjpeg-turbo's tools, a JPEG coder that is not MemeMe's.
    .target(
      name: "PictureChecks",
      dependencies: ["MemeCore", "CMemeGraphics", "CMemeAnimation", "PixelCompare", "DiskTestSupport"],
      path: "Tests/PictureChecks"),
    .testTarget(
      name: "MemeStoreTests",
      dependencies: [
        "MemeStore", "MemeCore", "GLibSupport", "DiskTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // The editor's model, preview painter and Share pipeline, without a display.
    .testTarget(
      name: "MemeEditingTests",
      dependencies: [
        "MemeEditing", "MemeCore", "MemeStore", "MemeTextReading", "CMemeGraphics", "PictureFixtures",
        "PixelCompare", "PictureChecks", "DiskTestSupport",
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .testTarget(
      // mememe: the translation test runs the built app in German. GRDB: a second connection holds
      // the store's database, as another program would.
      name: "MemeUITests",
      dependencies: [
        "MemeUI", "MemeEditing", "MemeCore", "MemeTextReading", "GtkKit", "CGtk", "GtkTestSupport",
        "PictureFixtures", "mememe", "PixelCompare", "PictureChecks", "DiskTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    // Test pictures drawn with Cairo (a sunset with hills), for the editing and the window tests, and
    // pictures full of private metadata (written by exiftool) for the privacy tests of every output.
    .target(
      name: "PictureFixtures", dependencies: ["MemeCore", "CMemeGraphics", "DiskTestSupport"],
      path: "Tests/PictureFixtures"),
    // The test process's scratch folder; a small tmpfs to fill up, shared by the tests of a full
    // disk; a damaged JPEG; exiftool's reading of a file's metadata (the privacy tests).
    // A progressive-JPEG scan bomb (made with TurboJPEG).
    .target(name: "DiskTestSupport", dependencies: ["CMemeGraphics"], path: "Tests/DiskTestSupport"),
    // Display set-up shared by the GTK test targets (initialise once, skip or fail without a display).
    .target(
      name: "GtkTestSupport", dependencies: ["GtkKit", "CGtk", "DiskTestSupport"],
      path: "Tests/GtkTestSupport",
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .testTarget(
      name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "GtkTestSupport"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
  ],
  swiftLanguageModes: [.v6]
)
