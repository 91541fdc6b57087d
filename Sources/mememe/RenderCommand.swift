// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `mememe render`: the editor's rendering, with no window.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a meme from an image file, with no window.",
    discussion: """
      The output has the input's own pixel size (after EXIF orientation) unless --width is given. \
      Its format comes from --format or from OUTPUT's extension (.png, .jpg, .jpeg). \
      Captions that begin with '-' can be given as --top=TEXT.
      """)

  @Argument(help: "The image to draw on (JPEG, PNG, WebP, GIF, BMP or TIFF).")
  var input: String

  @Option(name: .shortAndLong, help: "Where to write the meme. An existing file is replaced only on success.")
  var output: String

  @Option(help: "The top caption.")
  var top: String = ""

  @Option(help: "The bottom caption.")
  var bottom: String = ""

  @Option(help: "Caption font family (default: Impact, or the closest installed substitute).")
  var font: String?

  @Option(help: "Caption fill colour: #RRGGBB, #RRGGBBAA or a colour name.")
  var textColor: String = "white"

  @Option(help: "Caption outline colour: #RRGGBB, #RRGGBBAA or a colour name.")
  var outlineColor: String = "black"

  @Flag(help: "Keep the captions' letter case instead of upper-casing them.")
  var noUppercase = false

  @Option(help: "JPEG quality, 1 to 100.")
  var quality: Int = ImageFormat.defaultJPEGQuality

  @Option(help: "Scale the output to this width in pixels, keeping the aspect ratio.")
  var width: Int?

  @Option(help: "Output format: png or jpeg (default: from OUTPUT's extension).")
  var format: String?

  @Option(help: "Refuse images with more pixels than this.")
  var maxPixels: Int = ImageLoader.defaultMaxPixels

  @Flag(name: .shortAndLong, help: "Print the size and the font used.")
  var verbose = false

  func run() throws {
    let style = try captionStyle()
    let imageFormat = try outputFormat()
    if let width, width < 1 || width > 65_535 {
      throw CommandFailure("--width must be between 1 and 65535, not \(width)")
    }
    guard maxPixels > 0 else { throw CommandFailure("--max-pixels must be positive") }
    let captions = MemeCaptions(top: top, bottom: bottom, style: style)
    let summary: ExportSummary
    do {
      summary = try MemeExporter.export(
        captions, imageAt: URL(fileURLWithPath: input), to: URL(fileURLWithPath: output), as: imageFormat,
        width: width, loader: ImageLoader(maxPixels: maxPixels))
    } catch {
      throw CommandFailure(error.description)
    }
    for position in CaptionPosition.allCases.filter(summary.overflowingCaptions.contains) {
      printToStandardError("warning: the \(position) caption is too long to fit and is cut off")
    }
    if verbose {
      print("\(output): \(summary.width)×\(summary.height), font \(summary.font.family)")
    }
  }

  private func captionStyle() throws -> CaptionStyle {
    guard let text = RGBAColor(parsing: textColor) else {
      throw CommandFailure("--text-color: '\(textColor)' is not a colour")
    }
    guard let outline = RGBAColor(parsing: outlineColor) else {
      throw CommandFailure("--outline-color: '\(outlineColor)' is not a colour")
    }
    if let font {
      // A missing font must never silently become another one.
      let resolved = FontResolver.resolve(font)
      guard !resolved.isSubstitute else {
        throw CommandFailure("--font: font family '\(font)' is not installed")
      }
    }
    return CaptionStyle(fontFamily: font, textColor: text, outlineColor: outline, isUppercase: !noUppercase)
  }

  private func outputFormat() throws -> ImageFormat {
    guard (1...100).contains(quality) else {
      throw CommandFailure("--quality must be between 1 and 100, not \(quality)")
    }
    let name = format ?? URL(fileURLWithPath: output).pathExtension
    guard let kind = ImageFormat(fileExtension: name) else {
      throw CommandFailure(
        format == nil
          ? "\(output): unknown image format; name it .png, .jpg or .jpeg, or pass --format"
          : "--format must be png or jpeg, not '\(name)'")
    }
    if case .jpeg = kind { return .jpeg(quality: quality) }
    return kind
  }
}

/// A failure reported as one line on standard error, with a non-zero exit.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func printToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
