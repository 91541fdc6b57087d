// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeCore

@Suite struct ColorTests {
  @Test func parsesHexForms() throws {
    #expect(RGBAColor(parsing: "#fff") == .white)
    #expect(RGBAColor(parsing: "000000") == .black)
    let translucent = try #require(RGBAColor(parsing: "#ff000080"))
    #expect(translucent.red == 1 && translucent.green == 0 && abs(translucent.alpha - 128.0 / 255) < 1e-9)
    #expect(RGBAColor(parsing: "Yellow") == RGBAColor(red: 1, green: 1, blue: 0))
  }

  @Test func rejectsWhatIsNotAColour() {
    for text in ["", "#12", "#12345", "#gggggg", "chartreuse-ish", "#1234567"] {
      #expect(RGBAColor(parsing: text) == nil, "\(text)")
    }
  }

  @Test func hexStringRoundTrips() throws {
    for text in ["#1a2b3c", "#ffffff", "#00000080"] {
      #expect(try #require(RGBAColor(parsing: text)).hexString == text)
    }
  }
}
