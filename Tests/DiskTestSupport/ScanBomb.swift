// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A progressive-JPEG "scan bomb": small on disk, but its last scan repeated thousands of times, so
/// a decoder without a scan limit makes a pass over every block for each repeat (the 2000 × 2000
/// one of issue 33, 304 KB with 20,000 repeats, kept a core busy for 105 s). Made by the test that
/// needs it, never committed large.
public enum ScanBomb {
  /// A flat-coloured `width` × `height` progressive JPEG whose last scan (a refinement scan of a few
  /// bytes) is repeated `repeats` more times before its end.
  public static func jpeg(width: Int, height: Int, repeats: Int) -> [UInt8] {
    repeatingLastScan(of: progressiveJPEG(width: width, height: height), times: repeats)
  }

  /// `jpeg` with the segment from its last SOS marker up to EOI repeated `times` more times.
  public static func repeatingLastScan(of jpeg: [UInt8], times: Int) -> [UInt8] {
    guard let end = (0..<jpeg.count - 1).last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xD9 }),
      let last = (0..<end).last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
    else { return jpeg }
    let scan = jpeg[last..<end]
    var bytes = Array(jpeg[..<end])
    bytes.reserveCapacity(jpeg.count + scan.count * times)
    for _ in 0..<times { bytes.append(contentsOf: scan) }
    bytes.append(contentsOf: jpeg[end...])
    return bytes
  }

  /// A flat-coloured progressive JPEG, 4:2:0, through TurboJPEG.
  public static func progressiveJPEG(width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for index in stride(from: 0, to: pixels.count, by: 3) {
      pixels[index] = 90
      pixels[index + 1] = 140
      pixels[index + 2] = 200
    }
    let handle = tjInitCompress()!
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(
      handle, pixels, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
      Int32(TJSAMP_420.rawValue), 90, TJFLAG_PROGRESSIVE)
    precondition(status == 0, "TurboJPEG could not make the progressive JPEG")
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }
}
