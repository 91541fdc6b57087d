// SPDX-License-Identifier: GPL-3.0-or-later

/// GNOME Shell's search provider interface, version 2: what the Activities overview calls on the
/// application's bus name at the path the installed `.search-provider.ini` names.
enum SearchProviderInterface {
  static let name = "org.gnome.Shell.SearchProvider2"

  /// The object's path under the application's own (GApplication's: the id with dots as slashes).
  /// `data/meson.build` writes the same into the `.ini`.
  static func objectPath(applicationID: String) -> String {
    "/" + applicationID.replacingOccurrences(of: ".", with: "/").replacingOccurrences(of: "-", with: "_")
      + "/SearchProvider"
  }

  /// The methods, each with its arguments (name and D-Bus type) in and out.
  enum Method: CaseIterable {
    case getInitialResultSet, getSubsearchResultSet, getResultMetas, activateResult, launchSearch

    /// The D-Bus name: the case's, capitalised ("GetInitialResultSet").
    var name: String {
      let name = String(describing: self)
      return name.prefix(1).uppercased() + name.dropFirst()
    }

    init?(name: String) {
      guard let method = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = method
    }

    var arguments: (in: [(name: String, type: String)], out: [(name: String, type: String)]) {
      switch self {
      case .getInitialResultSet: ([("terms", "as")], [("results", "as")])
      case .getSubsearchResultSet: ([("previous_results", "as"), ("terms", "as")], [("results", "as")])
      case .getResultMetas: ([("identifiers", "as")], [("metas", "aa{sv}")])
      case .activateResult: ([("identifier", "s"), ("terms", "as"), ("timestamp", "u")], [])
      case .launchSearch: ([("terms", "as"), ("timestamp", "u")], [])
      }
    }
  }

  /// The introspection data GDBus checks every call's arguments against.
  static var xml: String {
    let methods = Method.allCases.map { method in
      let arguments =
        method.arguments.in.map { "<arg type=\"\($0.type)\" name=\"\($0.name)\" direction=\"in\"/>" }
        + method.arguments.out.map { "<arg type=\"\($0.type)\" name=\"\($0.name)\" direction=\"out\"/>" }
      return "<method name=\"\(method.name)\">" + arguments.joined() + "</method>"
    }
    return "<node><interface name=\"\(name)\">" + methods.joined() + "</interface></node>"
  }
}
