import Testing
@testable import MemeUI
