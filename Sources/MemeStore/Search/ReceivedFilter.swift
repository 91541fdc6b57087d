// SPDX-License-Identifier: GPL-3.0-or-later

/// Which memes a list shows by where they came from: all of them, only those received (collected from
/// others), or only those the user made and sent. Sent Memes' view option.
public enum ReceivedFilter: String, Sendable, Hashable, CaseIterable {
  case all
  case receivedOnly
  case sentOnly

  /// Whether a meme received (`isReceived`) or sent passes.
  public func shows(isReceived: Bool) -> Bool {
    switch self {
    case .all: true
    case .receivedOnly: isReceived
    case .sentOnly: !isReceived
    }
  }
}
