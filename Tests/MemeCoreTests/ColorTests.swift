import Testing
@testable import MemeCore
@Test func colorParsing() { #expect(RGBAColor(parsing: "#fff") == .white) }
