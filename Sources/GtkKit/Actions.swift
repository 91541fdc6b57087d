// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GSimpleAction added to an action map. The map owns the action; this is a borrowed handle that is
/// valid as long as the map (window or application) lives.
public struct SimpleAction {
  /// `GSimpleAction *`.
  public let pointer: OpaquePointer

  public var name: String {
    String(cString: g_action_get_name(gtkkit_action(pointer.raw)))
  }

  /// Disabled actions make every button, menu item and shortcut bound to them insensitive.
  public var isEnabled: Bool {
    get { g_action_get_enabled(gtkkit_action(pointer.raw)) != 0 }
    nonmutating set { g_simple_action_set_enabled(pointer, newValue ? 1 : 0) }
  }

  /// The boolean state of a toggle action.
  public var isOn: Bool {
    get {
      guard let state = g_action_get_state(gtkkit_action(pointer.raw)) else { return false }
      defer { g_variant_unref(state) }
      return g_variant_get_boolean(state) != 0
    }
    nonmutating set { g_simple_action_set_state(pointer, g_variant_new_boolean(newValue ? 1 : 0)) }
  }

  /// The string state of a choice (`ActionMap.addChoice`).
  public var stringState: String? {
    guard let state = g_action_get_state(gtkkit_action(pointer.raw)) else { return nil }
    defer { g_variant_unref(state) }
    return String(cString: g_variant_get_string(state, nil))
  }

  /// Sets a choice's state to `value` without running its handler: the state follows what it
  /// describes (the selected layer's value), so the menu's radio items show it.
  public func setStringState(_ value: String) {
    g_simple_action_set_state(pointer, g_variant_new_string(value))
  }

  /// Activates a choice's item for `value`, as choosing it in a menu would.
  public func activate(choosing value: String) {
    g_action_activate(gtkkit_action(pointer.raw), g_variant_new_string(value))
  }

  /// Activates the action as a button, menu item or shortcut would (does nothing while disabled).
  public func activate(_ parameter: OpaquePointer? = nil) {
    g_action_activate(gtkkit_action(pointer.raw), parameter)
  }
}

/// A GActionMap: a `GtkApplication` (`app.` actions) or a `GtkApplicationWindow` (`win.` actions).
public struct ActionMap {
  public let pointer: OpaquePointer

  public init(_ object: gpointer) {
    pointer = gtkkit_action_map(object)
  }

  /// Adds an action without parameter.
  @discardableResult
  public func add(_ name: String, _ handler: @escaping () -> Void) -> SimpleAction {
    insert(g_simple_action_new(name, nil)) { _ in handler() }
  }

  /// Adds an action taking a string parameter (for menus such as `win.export('png')`).
  @discardableResult
  public func add(_ name: String, stringParameter handler: @escaping (String) -> Void) -> SimpleAction {
    let type = g_variant_type_new("s")
    defer { g_variant_type_free(type) }
    return insert(g_simple_action_new(name, type)) { parameter in
      guard let parameter else { return }
      handler(String(cString: g_variant_get_string(parameter, nil)))
    }
  }

  /// Adds a boolean toggle (shown as a check item in menus). The handler sees the new state.
  @discardableResult
  public func addToggle(_ name: String, isOn: Bool, _ handler: @escaping (Bool) -> Void) -> SimpleAction {
    let pointer = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn ? 1 : 0))!
    let action = SimpleAction(pointer: pointer)
    // Connecting `activate` replaces the default toggling, so flip the state here.
    return insert(pointer) { _ in
      action.isOn.toggle()
      handler(action.isOn)
    }
  }

  /// Adds a choice among strings (shown as radio items in menus: `app.name::value` for each value).
  /// Choosing an item sets the state to its value; the handler sees the new value.
  @discardableResult
  public func addChoice(_ name: String, value: String, _ handler: @escaping (String) -> Void) -> SimpleAction
  {
    let type = g_variant_type_new("s")
    defer { g_variant_type_free(type) }
    let pointer = g_simple_action_new_stateful(name, type, g_variant_new_string(value))!
    // Connecting `activate` replaces the default, which would ask for a change of state: set it here.
    return insert(pointer) { parameter in
      guard let parameter else { return }
      g_simple_action_set_state(pointer, parameter)
      handler(String(cString: g_variant_get_string(parameter, nil)))
    }
  }

  /// The action named `name` in this map, if any.
  public func action(named name: String) -> SimpleAction? {
    guard let action = g_action_map_lookup_action(pointer, name) else { return nil }
    return SimpleAction(pointer: action)
  }

  private func insert(_ pointer: OpaquePointer?, _ handler: @escaping (OpaquePointer?) -> Void)
    -> SimpleAction
  {
    let pointer = pointer!
    Signal.connectAction(pointer, "activate", handler)
    g_action_map_add_action(self.pointer, gtkkit_action(pointer.raw))
    // The map took its own reference; drop the one from g_simple_action_new.
    g_object_unref(pointer.raw)
    return SimpleAction(pointer: pointer)
  }
}
