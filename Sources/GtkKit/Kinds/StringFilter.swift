// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkStringFilter over a list of GtkStringObjects, matching anywhere in the string, ignoring case.
public final class StringFilter {
  /// The `GtkStringFilter *`, owned.
  let owner: ObjectOwner

  public init() {
    owner = ObjectOwner(taking: gtk_string_filter_new(gtkkit_string_object_expression()))
    gtk_string_filter_set_match_mode(owner.opaque, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
    gtk_string_filter_set_ignore_case(owner.opaque, 1)
  }

  /// What the strings must contain; empty keeps them all.
  public var search: String {
    get { gtk_string_filter_get_search(owner.opaque).map { String(cString: $0) } ?? "" }
    set { gtk_string_filter_set_search(owner.opaque, newValue) }
  }

  /// `strings`, filtered: a model of the strings that match, for a selection.
  public func filtering(_ strings: [String]) -> ObjectOwner {
    let list = gtk_string_list_new(nil)!
    for string in strings { gtk_string_list_append(list, string) }
    // The filter model takes the list and a reference of its own to the filter.
    return ObjectOwner(
      taking: gtk_filter_list_model_new(gtkkit_list_model(list.raw), gtkkit_filter(owner.newReference())))
  }
}
