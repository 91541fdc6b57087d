// SPDX-License-Identifier: GPL-3.0-or-later
// All C glue between Swift and GTK 4.8 lives here: casts that C writes as macros, fixed-arity
// wrappers for variadic functions, and signal connection helpers.
//
// Why a header of static inline functions: Swift cannot call function-like macros (GTK_WINDOW(),
// G_CALLBACK()) or C variadic functions (g_object_set, gdk_content_provider_new_typed). Each helper
// here has a fixed arity and concrete types, so Swift sees an ordinary function and the C compiler
// checks the cast.
#ifndef MEMEME_CGTK_SHIM_H
#define MEMEME_CGTK_SHIM_H

// MARK: - Version pin
// The code is written against the GTK 4.8 and GLib 2.74 API (Debian 12). These ask the headers to
// warn at every call newer than that (it would not link on Debian 12) and at every call deprecated
// by then. Set before the first include, which reads them.
#define GLIB_VERSION_MIN_REQUIRED GLIB_VERSION_2_74
#define GLIB_VERSION_MAX_ALLOWED GLIB_VERSION_2_74
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8

#include <gtk/gtk.h>
// libadwaita 1.2 (Debian 12): the application's style manager, header bars, toasts, status pages,
// the About window and message dialogs, as GNOME apps have them.
#include <adwaita.h>
// bindtextdomain, textdomain, bind_textdomain_codeset (gettext is part of the C library on Linux).
#include <libintl.h>
#include <locale.h>
// The in-memory settings backend, for settings that must not outlive their owner (tests).
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

// Newer GTK still builds, older does not.
#if !GTK_CHECK_VERSION(4, 8, 0)
#error "MemeMe needs GTK 4.8 or newer"
#endif
#if !ADW_CHECK_VERSION(1, 2, 0)
#error "MemeMe needs libadwaita 1.2 or newer"
#endif

// MARK: - Casts
// GTK's cast macros check the instance type at runtime (with G_DISABLE_CAST_CHECKS unset) and so are
// safer than bit casts in Swift. Final GTK types import into Swift as OpaquePointer, the others as typed
// pointers; the helpers take gpointer so both can be passed.
static inline GtkWidget *gtkkit_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *gtkkit_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkBox *gtkkit_box(gpointer p) { return GTK_BOX(p); }
static inline GtkGrid *gtkkit_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkButton *gtkkit_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkEditable *gtkkit_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkSpinButton *gtkkit_spin_button(gpointer p) { return GTK_SPIN_BUTTON(p); }
static inline GtkEntry *gtkkit_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkOverlay *gtkkit_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkDrawingArea *gtkkit_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkHeaderBar *gtkkit_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkActionBar *gtkkit_action_bar(gpointer p) { return GTK_ACTION_BAR(p); }
static inline GtkLabel *gtkkit_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkImage *gtkkit_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkMenuButton *gtkkit_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkToggleButton *gtkkit_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkPopover *gtkkit_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkRange *gtkkit_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkScale *gtkkit_scale(gpointer p) { return GTK_SCALE(p); }
static inline GtkActionable *gtkkit_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GtkAccessible *gtkkit_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline GtkApplication *gtkkit_application(gpointer p) { return GTK_APPLICATION(p); }
static inline AdwStatusPage *gtkkit_adw_status_page(gpointer p) { return ADW_STATUS_PAGE(p); }
static inline AdwClampScrollable *gtkkit_adw_clamp_scrollable(gpointer p) { return ADW_CLAMP_SCROLLABLE(p); }
static inline AdwClamp *gtkkit_adw_clamp(gpointer p) { return ADW_CLAMP(p); }
static inline AdwHeaderBar *gtkkit_adw_header_bar(gpointer p) { return ADW_HEADER_BAR(p); }
static inline AdwWindow *gtkkit_adw_window(gpointer p) { return ADW_WINDOW(p); }
static inline AdwViewStack *gtkkit_adw_view_stack(gpointer p) { return ADW_VIEW_STACK(p); }
static inline AdwViewSwitcherTitle *gtkkit_adw_view_switcher_title(gpointer p) {
  return ADW_VIEW_SWITCHER_TITLE(p);
}
static inline AdwViewSwitcherBar *gtkkit_adw_view_switcher_bar(gpointer p) { return ADW_VIEW_SWITCHER_BAR(p); }
static inline AdwApplicationWindow *gtkkit_adw_application_window(gpointer p) {
  return ADW_APPLICATION_WINDOW(p);
}
/// An AdwApplication (a GtkApplication that sets up libadwaita and its style manager at start-up),
/// as the GtkApplication it is.
static inline GtkApplication *gtkkit_adw_application_new(const char *id, GApplicationFlags flags) {
  return GTK_APPLICATION(adw_application_new(id, flags));
}
static inline GtkNativeDialog *gtkkit_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkFileChooser *gtkkit_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
static inline GtkDialog *gtkkit_dialog(gpointer p) { return GTK_DIALOG(p); }
static inline GtkAppChooser *gtkkit_app_chooser(gpointer p) { return GTK_APP_CHOOSER(p); }
static inline GtkEventController *gtkkit_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkEventControllerKey *gtkkit_event_controller_key(gpointer p) { return GTK_EVENT_CONTROLLER_KEY(p); }
static inline GtkGesture *gtkkit_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkCheckButton *gtkkit_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkColorChooser *gtkkit_color_chooser(gpointer p) { return GTK_COLOR_CHOOSER(p); }
static inline GtkStyleProvider *gtkkit_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GApplication *gtkkit_g_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *gtkkit_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GActionGroup *gtkkit_action_group(gpointer p) { return G_ACTION_GROUP(p); }
static inline GAction *gtkkit_action(gpointer p) { return G_ACTION(p); }
static inline GMenuModel *gtkkit_menu_model(gpointer p) { return G_MENU_MODEL(p); }
static inline GListModel *gtkkit_list_model(gpointer p) { return G_LIST_MODEL(p); }
static inline GObject *gtkkit_object(gpointer p) { return G_OBJECT(p); }
static inline gboolean gtkkit_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline gboolean gtkkit_is_label(gpointer p) { return GTK_IS_LABEL(p); }
static inline gboolean gtkkit_is_editable(gpointer p) { return GTK_IS_EDITABLE(p); }
/// Whether `p` is an instance of `type` or a subtype (G_TYPE_CHECK_INSTANCE_TYPE is a macro).
static inline gboolean gtkkit_is_a(gpointer p, GType type) { return G_TYPE_CHECK_INSTANCE_TYPE(p, type); }
/// The instance's type (G_OBJECT_TYPE is a macro).
static inline GType gtkkit_type_of(gpointer p) { return G_OBJECT_TYPE(p); }
static inline GtkPicture *gtkkit_picture(gpointer p) { return GTK_PICTURE(p); }
static inline GdkPaintable *gtkkit_paintable(gpointer p) { return GDK_PAINTABLE(p); }
static inline GtkShortcutController *gtkkit_shortcut_controller(gpointer p) {
  return GTK_SHORTCUT_CONTROLLER(p);
}

// MARK: - Types that C spells as macros
static inline GType gtkkit_type_file_list(void) { return GDK_TYPE_FILE_LIST; }
static inline GType gtkkit_type_texture(void) { return GDK_TYPE_TEXTURE; }
static inline GType gtkkit_type_file(void) { return G_TYPE_FILE; }
static inline GType gtkkit_type_string(void) { return G_TYPE_STRING; }
static inline GType gtkkit_type_string_object(void) { return GTK_TYPE_STRING_OBJECT; }
static inline gboolean gtkkit_value_holds(const GValue *value, GType type) {
  return G_VALUE_HOLDS(value, type);
}

// MARK: - Signals
// One function-pointer type per C signal signature. Swift passes a @convention(c) trampoline of
// exactly this type, so a trampoline with the wrong arity is a compile error instead of a crash.
// Every connection takes a GClosureNotify that GLib calls when the handler is disconnected or the
// instance is finalised; Swift uses it to release the retained closure box.
#define GTKKIT_CONNECT(suffix, handler_type)                                                        \
  static inline gulong gtkkit_connect_##suffix(gpointer instance, const char *signal,              \
                                               handler_type handler, gpointer data,               \
                                               GClosureNotify release) {                          \
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);        \
  }

/// (instance) → void: clicked, activate (widgets, GtkApplication), changed, toggled, enter, leave...
typedef void (*GtkKitVoidHandler)(gpointer instance, gpointer data);
GTKKIT_CONNECT(void, GtkKitVoidHandler)
/// (instance) → gboolean: close-request.
typedef gboolean (*GtkKitBoolHandler)(gpointer instance, gpointer data);
GTKKIT_CONNECT(bool, GtkKitBoolHandler)
/// GSimpleAction::activate and ::change-state: (action, parameter-or-state) → void.
typedef void (*GtkKitActionHandler)(GSimpleAction *action, GVariant *parameter, gpointer data);
GTKKIT_CONNECT(action, GtkKitActionHandler)
/// GObject::notify: (object, pspec) → void.
typedef void (*GtkKitNotifyHandler)(gpointer instance, GParamSpec *pspec, gpointer data);
GTKKIT_CONNECT(notify, GtkKitNotifyHandler)
/// GtkGestureClick::pressed/released: (gesture, n_press, x, y) → void.
typedef void (*GtkKitPressedHandler)(gpointer gesture, gint n_press, gdouble x, gdouble y,
                                     gpointer data);
GTKKIT_CONNECT(pressed, GtkKitPressedHandler)
/// GtkDropTarget::drop: (target, value, x, y) → gboolean.
typedef gboolean (*GtkKitDropHandler)(gpointer target, const GValue *value, gdouble x, gdouble y,
                                      gpointer data);
GTKKIT_CONNECT(drop, GtkKitDropHandler)
/// GtkDropTarget::enter and ::motion: (target, x, y) → GdkDragAction.
typedef GdkDragAction (*GtkKitDropMotionHandler)(gpointer target, gdouble x, gdouble y,
                                                 gpointer data);
GTKKIT_CONNECT(drop_motion, GtkKitDropMotionHandler)
/// GtkGestureDrag::drag-begin, ::drag-update and ::drag-end: (gesture, x, y) → void.
typedef void (*GtkKitPointHandler)(gpointer gesture, gdouble x, gdouble y, gpointer data);
GTKKIT_CONNECT(point, GtkKitPointHandler)
/// GtkEventControllerScroll::scroll: (controller, dx, dy) → gboolean.
typedef gboolean (*GtkKitScrollHandler)(gpointer controller, gdouble dx, gdouble dy, gpointer data);
GTKKIT_CONNECT(scroll, GtkKitScrollHandler)
/// GtkGestureZoom::scale-changed: (gesture, scale) → void.
typedef void (*GtkKitScaleHandler)(gpointer gesture, gdouble scale, gpointer data);
GTKKIT_CONNECT(scale, GtkKitScaleHandler)
/// GtkGesture::begin and ::end: (gesture, sequence) → void.
typedef void (*GtkKitSequenceHandler)(gpointer gesture, GdkEventSequence *sequence, gpointer data);
GTKKIT_CONNECT(sequence, GtkKitSequenceHandler)
/// GtkEventControllerKey::key-released: (controller, keyval, keycode, state) → void.
typedef void (*GtkKitKeyReleasedHandler)(gpointer controller, guint keyval, guint keycode,
                                         GdkModifierType state, gpointer data);
GTKKIT_CONNECT(key_released, GtkKitKeyReleasedHandler)
/// GtkNativeDialog::response and GtkDialog::response: (dialog, response_id) → void.
typedef void (*GtkKitResponseHandler)(gpointer dialog, gint response, gpointer data);
GTKKIT_CONNECT(response, GtkKitResponseHandler)
/// AdwMessageDialog::response: (dialog, response id) → void.
typedef void (*GtkKitStringHandler)(gpointer instance, const char *string, gpointer data);
GTKKIT_CONNECT(string, GtkKitStringHandler)
/// GApplication::open: (application, files, n_files, hint) → void.
typedef void (*GtkKitOpenHandler)(GApplication *application, GFile **files, gint n_files,
                                  const char *hint, gpointer data);
GTKKIT_CONNECT(open, GtkKitOpenHandler)
/// GtkEditable::insert-text: (editable, text, length in bytes, position) → void.
typedef void (*GtkKitInsertTextHandler)(gpointer editable, const char *text, gint length, gint *position,
                                        gpointer data);
GTKKIT_CONNECT(insert_text, GtkKitInsertTextHandler)
/// GtkDrawingArea::resize: (area, width, height) → void.
typedef void (*GtkKitResizeHandler)(gpointer area, gint width, gint height, gpointer data);
GTKKIT_CONNECT(resize, GtkKitResizeHandler)
/// GtkEventControllerKey::key-pressed: (controller, keyval, keycode, state) → gboolean.
typedef gboolean (*GtkKitKeyHandler)(gpointer controller, guint keyval, guint keycode,
                                     GdkModifierType state, gpointer data);
GTKKIT_CONNECT(key, GtkKitKeyHandler)
/// GtkDragSource::prepare: (source, x, y) → GdkContentProvider * (transfer full) or NULL.
typedef GdkContentProvider *(*GtkKitDragPrepareHandler)(gpointer source, gdouble x, gdouble y,
                                                        gpointer data);
GTKKIT_CONNECT(drag_prepare, GtkKitDragPrepareHandler)
/// GtkDragSource::drag-end: (source, drag, delete_data) → void.
typedef void (*GtkKitDragEndHandler)(gpointer source, GdkDrag *drag, gboolean delete_data,
                                     gpointer data);
GTKKIT_CONNECT(drag_end, GtkKitDragEndHandler)
/// GtkDragSource::drag-cancel: (source, drag, reason) → gboolean.
typedef gboolean (*GtkKitDragCancelHandler)(gpointer source, GdkDrag *drag,
                                            GdkDragCancelReason reason, gpointer data);
GTKKIT_CONNECT(drag_cancel, GtkKitDragCancelHandler)
/// GtkOverlay::get-child-position: (overlay, widget, allocation out) → gboolean.
typedef gboolean (*GtkKitChildPositionHandler)(gpointer overlay, GtkWidget *widget,
                                               GdkRectangle *allocation, gpointer data);
GTKKIT_CONNECT(child_position, GtkKitChildPositionHandler)

#undef GTKKIT_CONNECT

// MARK: - Fixed-arity wrappers of variadic functions

/// GtkAppChooserDialog for a content type (the constructor is not variadic, the flags are a macro set).
static inline GtkWidget *gtkkit_app_chooser_dialog_new(GtkWindow *parent, const char *content_type) {
  return gtk_app_chooser_dialog_new_for_content_type(
      parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, content_type);
}

/// gdk_content_provider_new_typed is variadic (type, value).
static inline GdkContentProvider *gtkkit_content_provider_for_file(GFile *file) {
  return gdk_content_provider_new_typed(G_TYPE_FILE, file);
}

/// Sets one accessible property from a string through the non-variadic GValue API.
static inline void gtkkit_accessible_set_string(GtkAccessible *accessible,
                                                GtkAccessibleProperty property, const char *text) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_STRING);
  g_value_set_string(&value, text);
  GtkAccessibleProperty properties[1] = {property};
  gtk_accessible_update_property_value(accessible, 1, properties, &value);
  g_value_unset(&value);
}

/// Sets the accessible "hidden" state: a widget that is visible but not shown (a stack's other
/// pages, a folded revealer's child) is then left out of the tree assistive technologies read.
static inline void gtkkit_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_BOOLEAN);
  g_value_set_boolean(&value, hidden);
  GtkAccessibleState states[1] = {GTK_ACCESSIBLE_STATE_HIDDEN};
  gtk_accessible_update_state_value(accessible, 1, states, &value);
  g_value_unset(&value);
}

/// For tests: NULL when `accessible`'s string property equals `expected`, otherwise a newly
/// allocated description of the mismatch (gtk_test_accessible_check_property is variadic).
static inline char *gtkkit_accessible_check_string(GtkAccessible *accessible,
                                                   GtkAccessibleProperty property,
                                                   const char *expected) {
  return gtk_test_accessible_check_property(accessible, property, expected);
}

/// For tests: NULL when `accessible`'s boolean state (hidden, busy...) is `expected`, otherwise a
/// newly allocated description of the mismatch (gtk_test_accessible_check_state is variadic).
static inline char *gtkkit_accessible_check_bool_state(GtkAccessible *accessible, GtkAccessibleState state,
                                                       gboolean expected) {
  return gtk_test_accessible_check_state(accessible, state, expected);
}

/// Tells assistive technologies that `accessible` is labelled by `label` (a relation, not a string).
static inline void gtkkit_accessible_set_labelled_by(GtkAccessible *accessible, GtkWidget *label) {
  GValue value = G_VALUE_INIT;
  gtk_accessible_relation_init_value(GTK_ACCESSIBLE_RELATION_LABELLED_BY, &value);
  g_value_set_pointer(&value, g_list_append(NULL, label));
  GtkAccessibleRelation relations[1] = {GTK_ACCESSIBLE_RELATION_LABELLED_BY};
  gtk_accessible_update_relation_value(accessible, 1, relations, &value);
  g_value_unset(&value);
}

/// A GtkExpression reading GtkStringObject:string, for searchable drop-downs.
static inline GtkExpression *gtkkit_string_object_expression(void) {
  return gtk_property_expression_new(GTK_TYPE_STRING_OBJECT, NULL, "string");
}

/// Sets a boolean property (g_object_set is variadic).
static inline void gtkkit_object_set_bool(gpointer object, const char *property, gboolean value) {
  g_object_set(object, property, value, NULL);
}

/// Sets a string property (g_object_set is variadic).
static inline void gtkkit_object_set_string(gpointer object, const char *property, const char *value) {
  g_object_set(object, property, value, NULL);
}

/// Sets an int property (g_object_set is variadic).
static inline void gtkkit_object_set_int(gpointer object, const char *property, gint value) {
  g_object_set(object, property, value, NULL);
}

/// An int property (g_object_get is variadic).
static inline gint gtkkit_object_get_int(gpointer object, const char *property) {
  gint value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

/// Emits a signal without arguments or return value by name, as a key binding does (e.g. GtkText's
/// "activate" on Enter); g_signal_emit_by_name is variadic.
static inline void gtkkit_emit_signal(gpointer instance, const char *name) {
  g_signal_emit_by_name(instance, name);
}

/// Emits GtkWidget::move-focus with its direction, as the window's Tab binding does
/// (g_signal_emit_by_name is variadic).
static inline void gtkkit_emit_move_focus(gpointer widget, GtkDirectionType direction) {
  g_signal_emit_by_name(widget, "move-focus", direction);
}

/// A string property as a newly allocated string (free with g_free), or NULL (g_object_get is variadic).
static inline char *gtkkit_object_get_string(gpointer object, const char *property) {
  char *value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

/// A boolean property (g_object_get is variadic).
static inline gboolean gtkkit_object_get_bool(gpointer object, const char *property) {
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

/// The path of a GFile as a newly allocated string, or NULL for non-native files.
static inline char *gtkkit_file_path(GFile *file) { return g_file_get_path(file); }

// MARK: - A tooltip timer that outlives its window (GTK 4.8)
// GTK keeps one GtkTooltip per display, as the display's "gdk-display-current-tooltip" data. When
// the pointer, or the crossing a popover's grab makes, enters a widget, it starts a half-second
// timer; if the window closes sooner, GTK 4.8 lets the timer run, and it then reads the pointer's
// position on the window's missing surface (CRITICALs from gdk_surface_get_device_position and
// _gtk_widget_find_at_coords). Dropping the display's tooltip when a window leaves the application
// ends the timer with it (GtkTooltip's dispose removes it); GTK makes a new one at the next motion.
static inline void gtkkit_forget_tooltip_of_removed_window(GtkApplication *application, GtkWindow *window,
                                                           gpointer data) {
  (void)application;
  (void)data;
  g_object_set_qdata(G_OBJECT(gtk_widget_get_display(GTK_WIDGET(window))),
                     g_quark_from_static_string("gdk-display-current-tooltip"), NULL);
}
/// Connects the handler above to the application's "window-removed".
static inline void gtkkit_forget_tooltips_of_removed_windows(GtkApplication *application) {
  g_signal_connect(application, "window-removed", G_CALLBACK(gtkkit_forget_tooltip_of_removed_window), NULL);
}

// MARK: - libadwaita toasts
// AdwToastOverlay and AdwToast are final types: Swift sees them as OpaquePointer.
static inline AdwToastOverlay *gtkkit_toast_overlay(gpointer p) { return ADW_TOAST_OVERLAY(p); }
static inline AdwToast *gtkkit_toast(gpointer p) { return ADW_TOAST(p); }
static inline gboolean gtkkit_is_toast(gpointer p) { return ADW_IS_TOAST(p); }

/// An object-valued property with a reference of its own (release it with g_object_unref), or NULL
/// (g_object_get is variadic). A toast widget's "toast" is how an overlay's shown toast is found.
static inline gpointer gtkkit_object_get_object(gpointer object, const char *property) {
  gpointer value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

// MARK: - Lists, notebooks and drag and drop (Sent Memes)
static inline GtkNotebook *gtkkit_notebook(gpointer p) { return GTK_NOTEBOOK(p); }
static inline GtkStack *gtkkit_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkFlowBox *gtkkit_flow_box(gpointer p) { return GTK_FLOW_BOX(p); }
static inline GtkRevealer *gtkkit_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline GtkScrolledWindow *gtkkit_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkListView *gtkkit_list_view(gpointer p) { return GTK_LIST_VIEW(p); }
static inline GtkGridView *gtkkit_grid_view(gpointer p) { return GTK_GRID_VIEW(p); }
static inline gboolean gtkkit_is_grid_view(gpointer p) { return GTK_IS_GRID_VIEW(p); }
static inline GtkListItem *gtkkit_list_item(gpointer p) { return GTK_LIST_ITEM(p); }
static inline GtkStringObject *gtkkit_string_object(gpointer p) { return GTK_STRING_OBJECT(p); }
static inline GtkSelectionModel *gtkkit_selection_model(gpointer p) { return GTK_SELECTION_MODEL(p); }
static inline GtkSingleSelection *gtkkit_single_selection(gpointer p) { return GTK_SINGLE_SELECTION(p); }
static inline GtkDragSource *gtkkit_drag_source(gpointer p) { return GTK_DRAG_SOURCE(p); }
static inline GtkDropTarget *gtkkit_drop_target(gpointer p) { return GTK_DROP_TARGET(p); }
static inline GtkPopoverMenu *gtkkit_popover_menu(gpointer p) { return GTK_POPOVER_MENU(p); }
static inline GtkListItemFactory *gtkkit_list_item_factory(gpointer p) { return GTK_LIST_ITEM_FACTORY(p); }
static inline GtkFilter *gtkkit_filter(gpointer p) { return GTK_FILTER(p); }
static inline GtkSearchEntry *gtkkit_search_entry(gpointer p) { return GTK_SEARCH_ENTRY(p); }
static inline GtkSearchBar *gtkkit_search_bar(gpointer p) { return GTK_SEARCH_BAR(p); }
static inline GtkTextView *gtkkit_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkStringList *gtkkit_string_list(gpointer p) { return GTK_STRING_LIST(p); }

// MARK: - Casts for GtkKit's typed widget API (final types import as OpaquePointer)
static inline GtkSpinner *gtkkit_spinner(gpointer p) { return GTK_SPINNER(p); }
static inline GtkSwitch *gtkkit_switch(gpointer p) { return GTK_SWITCH(p); }
static inline GtkColorButton *gtkkit_color_button(gpointer p) { return GTK_COLOR_BUTTON(p); }
static inline GtkOrientable *gtkkit_orientable(gpointer p) { return GTK_ORIENTABLE(p); }
static inline GtkGestureSingle *gtkkit_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }

/// GtkSignalListItemFactory::setup/bind/unbind/teardown: (factory, list_item) → void.
typedef void (*GtkKitListItemHandler)(gpointer factory, GObject *list_item, gpointer data);
static inline gulong gtkkit_connect_list_item(gpointer instance, const char *signal,
                                              GtkKitListItemHandler handler, gpointer data,
                                              GClosureNotify release) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}
/// GtkListView::activate and GtkGridView::activate: (view, position) → void.
typedef void (*GtkKitPositionHandler)(gpointer view, guint position, gpointer data);
static inline gulong gtkkit_connect_position(gpointer instance, const char *signal,
                                             GtkKitPositionHandler handler, gpointer data,
                                             GClosureNotify release) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/// GtkWidget::query-tooltip: (widget, x, y, keyboard_mode, tooltip) → whether to show `tooltip`.
typedef gboolean (*GtkKitQueryTooltipHandler)(GtkWidget *widget, int x, int y, gboolean keyboard_mode,
                                              GtkTooltip *tooltip, gpointer data);
static inline gulong gtkkit_connect_query_tooltip(gpointer instance, GtkKitQueryTooltipHandler handler,
                                                  gpointer data, GClosureNotify release) {
  return g_signal_connect_data(instance, "query-tooltip", G_CALLBACK(handler), data, release, 0);
}

/// GtkNotebook::switch-page: (notebook, page, page_num) → void, before the page changes.
typedef void (*GtkKitSwitchPageHandler)(gpointer notebook, GtkWidget *page, guint page_num,
                                        gpointer data);
static inline gulong gtkkit_connect_switch_page(gpointer instance, GtkKitSwitchPageHandler handler,
                                                gpointer data, GClosureNotify release) {
  return g_signal_connect_data(instance, "switch-page", G_CALLBACK(handler), data, release, 0);
}

/// Selects the item at `position` in a GtkListView or GtkGridView as a click would (moving the
/// view's focus there); the action's parameter makes the call variadic in C.
static inline void gtkkit_list_select_item(GtkWidget *view, guint position) {
  gtk_widget_activate_action(view, "list.select-item", "(ubb)", position, FALSE, FALSE);
}

/// A content provider for a string (gdk_content_provider_new_typed is variadic).
static inline GdkContentProvider *gtkkit_content_provider_for_string(const char *text) {
  return gdk_content_provider_new_typed(G_TYPE_STRING, text);
}

/// Scrolls a GtkListView or GtkGridView so that the item at `position` is visible. GTK 4.8 has no
/// gtk_list_view_scroll_to (4.12), but its list base installs this action; activating an action
/// with a parameter is variadic in C.
static inline void gtkkit_list_scroll_to(GtkWidget *view, guint position) {
  gtk_widget_activate_action(view, "list.scroll-to-item", "u", position);
}

/// A scrollable widget's vertical adjustment (GtkScrollable is an interface: the cast is a macro).
static inline GtkAdjustment *gtkkit_vertical_adjustment(GtkWidget *scrollable) {
  return gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(scrollable));
}


// MARK: - libadwaita dialogs
// AdwMessageDialog is derivable (Swift sees `AdwMessageDialog *`), AdwAboutWindow and AdwSqueezer
// are final (OpaquePointer); the checks are macros.
static inline AdwMessageDialog *gtkkit_message_dialog(gpointer p) { return ADW_MESSAGE_DIALOG(p); }
static inline gboolean gtkkit_is_message_dialog(gpointer p) { return ADW_IS_MESSAGE_DIALOG(p); }
static inline AdwAboutWindow *gtkkit_about_window(gpointer p) { return ADW_ABOUT_WINDOW(p); }
static inline gboolean gtkkit_is_about_window(gpointer p) { return ADW_IS_ABOUT_WINDOW(p); }
/// The squeezer inside a message dialog that shows its buttons in a row or, when narrow, a column.
static inline AdwSqueezer *gtkkit_squeezer(gpointer p) { return ADW_SQUEEZER(p); }
static inline gboolean gtkkit_is_squeezer(gpointer p) { return ADW_IS_SQUEEZER(p); }
// The style panel's groups and rows (derivable: Swift sees typed pointers).
static inline AdwPreferencesGroup *gtkkit_preferences_group(gpointer p) { return ADW_PREFERENCES_GROUP(p); }
static inline AdwPreferencesRow *gtkkit_preferences_row(gpointer p) { return ADW_PREFERENCES_ROW(p); }
static inline AdwActionRow *gtkkit_action_row(gpointer p) { return ADW_ACTION_ROW(p); }

// MARK: - Desktop portals
// OpenURI.OpenFile and Email.ComposeEmail (xdg-desktop-portal) for the share targets when portals
// are in use. GTK 4.8 has no public API for either (GtkFileLauncher came in 4.10), so the calls are
// made here with GDBus. A portal answers through an org.freedesktop.portal.Request object whose
// path is known in advance from the handle_token: the Response signal is subscribed to before the
// call, so that a quick answer cannot be missed.

// The window handle a portal needs to put its dialog over ours ("x11:XID" or "wayland:HANDLE").
// Declared here rather than by including gdk/x11/gdkx.h, which would bring Xlib's names into Swift.
extern unsigned long gdk_x11_surface_get_xid(GdkSurface *surface);
extern GType gdk_x11_surface_get_type(void);
typedef void (*GdkWaylandToplevelExported)(GdkToplevel *toplevel, const char *handle, gpointer user_data);
extern gboolean gdk_wayland_toplevel_export_handle(GdkToplevel *toplevel, GdkWaylandToplevelExported callback,
                                                   gpointer user_data, GDestroyNotify destroy_func);
extern GType gdk_wayland_toplevel_get_type(void);

/// Called with the portal's response: 0 done, 1 cancelled by the user, 2 failed; -1 when the call
/// itself failed (no portal, no such interface), with the D-Bus error's message.
typedef void (*GtkKitPortalDone)(gint response, const char *error, gpointer data);

/// The session bus (a new reference), or NULL after telling `done` (-1 and the error's message) why
/// there is none.
static inline GDBusConnection *gtkkit_session_bus_or_done(GtkKitPortalDone done, gpointer data) {
  GError *error = NULL;
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
  if (!bus) {
    done(-1, error->message, data);
    g_error_free(error);
  }
  return bus;
}

typedef struct {
  GDBusConnection *bus;
  guint subscription;
  GtkKitPortalDone done;
  gpointer data;
  gboolean finished;
} GtkKitPortalRequest;

static inline void gtkkit_portal_finish(GtkKitPortalRequest *request, gint response, const char *error) {
  if (request->finished) return;
  request->finished = TRUE;
  if (request->subscription) g_dbus_connection_signal_unsubscribe(request->bus, request->subscription);
  request->subscription = 0;
  request->done(response, error, request->data);
}

static inline void gtkkit_portal_free(GtkKitPortalRequest *request) {
  g_object_unref(request->bus);
  g_free(request);
}

static inline void gtkkit_portal_response(GDBusConnection *bus, const char *sender, const char *path,
                                          const char *interface, const char *signal, GVariant *parameters,
                                          gpointer data) {
  GtkKitPortalRequest *request = data;
  guint32 response = 2;
  g_variant_get(parameters, "(u@a{sv})", &response, NULL);
  gtkkit_portal_finish(request, (gint)response, NULL);
  gtkkit_portal_free(request);
}

static inline void gtkkit_portal_called(GObject *source, GAsyncResult *result, gpointer data) {
  GtkKitPortalRequest *request = data;
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_with_unix_fd_list_finish(G_DBUS_CONNECTION(source), NULL, result, &error);
  if (reply) {
    g_variant_unref(reply);  // the Response signal follows
    return;
  }
  gtkkit_portal_finish(request, -1, error->message);
  g_error_free(error);
  gtkkit_portal_free(request);
}

/// Calls `method` of the portal `interface` with (parent_window, [fd], options): `fd` (or -1 for
/// none) goes in the fd list, as the call's handle argument when `fd_in_options` is NULL, otherwise
/// as an array of one handle under that option name (Email's "attachment_fds"); `flag` (or NULL)
/// is set true in the options (OpenURI's "ask"). The fd is duplicated: the caller keeps its own.
static inline void gtkkit_portal_call(const char *interface, const char *method, const char *parent_window,
                                      int fd, const char *fd_in_options, const char *flag,
                                      GtkKitPortalDone done, gpointer data) {
  GDBusConnection *bus = gtkkit_session_bus_or_done(done, data);
  if (!bus) return;
  GtkKitPortalRequest *request = g_new0(GtkKitPortalRequest, 1);
  request->bus = bus;
  request->done = done;
  request->data = data;

  static guint counter = 0;
  char *token = g_strdup_printf("mememe%u_%u", g_random_int(), ++counter);
  char *sender = g_strdup(g_dbus_connection_get_unique_name(bus) + 1);  // without the ':'
  for (char *c = sender; *c; c++) if (*c == '.') *c = '_';
  char *path = g_strdup_printf("/org/freedesktop/portal/desktop/request/%s/%s", sender, token);
  request->subscription = g_dbus_connection_signal_subscribe(
      bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Request", "Response", path, NULL,
      G_DBUS_SIGNAL_FLAGS_NO_MATCH_RULE, gtkkit_portal_response, request, NULL);

  GUnixFDList *fds = NULL;
  gint handle = -1;
  if (fd >= 0) {
    fds = g_unix_fd_list_new();
    handle = g_unix_fd_list_append(fds, fd, NULL);
  }
  GVariantBuilder options;
  g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add(&options, "{sv}", "handle_token", g_variant_new_string(token));
  if (flag) g_variant_builder_add(&options, "{sv}", flag, g_variant_new_boolean(TRUE));
  GVariant *parameters;
  if (fd_in_options) {
    GVariantBuilder handles;
    g_variant_builder_init(&handles, G_VARIANT_TYPE("ah"));
    if (handle >= 0) g_variant_builder_add(&handles, "h", handle);
    g_variant_builder_add(&options, "{sv}", fd_in_options, g_variant_builder_end(&handles));
    parameters = g_variant_new("(sa{sv})", parent_window, &options);
  } else {
    parameters = g_variant_new("(sha{sv})", parent_window, handle, &options);
  }
  g_dbus_connection_call_with_unix_fd_list(
      bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", interface, method, parameters,
      G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, G_MAXINT, fds, NULL, gtkkit_portal_called, request);
  if (fds) g_object_unref(fds);
  g_free(path);
  g_free(sender);
  g_free(token);
}

/// Whether the portal offers `interface` (its "version" property can be read), waiting at most
/// `timeout_ms` (the portal may first have to be started by the bus).
static inline gboolean gtkkit_portal_has_interface(const char *interface, int timeout_ms) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (!bus) return FALSE;
  GVariant *reply = g_dbus_connection_call_sync(
      bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.DBus.Properties",
      "Get", g_variant_new("(ss)", interface, "version"), G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE,
      timeout_ms, NULL, NULL);
  g_object_unref(bus);
  if (!reply) return FALSE;
  g_variant_unref(reply);
  return TRUE;
}

// MARK: - Showing a file in the file manager
// org.freedesktop.FileManager1 is the interface file managers (Nautilus, Dolphin, Nemo, Caja...)
// offer on the session bus: ShowItems opens the folder of each URI with the item selected. The
// call is made here because its arguments are built with the variadic g_variant_new.

typedef struct {
  GtkKitPortalDone done;
  gpointer data;
} GtkKitFileManagerCall;

static inline void gtkkit_file_manager_called(GObject *source, GAsyncResult *result, gpointer data) {
  GtkKitFileManagerCall *call = data;
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
  if (reply) {
    g_variant_unref(reply);
    call->done(0, NULL, call->data);
  } else {
    call->done(-1, error->message, call->data);
    g_error_free(error);
  }
  g_free(call);
}

/// Calls org.freedesktop.FileManager1.ShowItems([uri], "") on the session bus (the bus starts a
/// file manager that is installed but not running). `done` gets 0 once the file manager took the
/// call, or -1 and the D-Bus error's message (no file manager: the name has no owner and no
/// service file).
static inline void gtkkit_file_manager_show_item(const char *uri, GtkKitPortalDone done, gpointer data) {
  GDBusConnection *bus = gtkkit_session_bus_or_done(done, data);
  if (!bus) return;
  GtkKitFileManagerCall *call = g_new0(GtkKitFileManagerCall, 1);
  call->done = done;
  call->data = data;
  const char *uris[] = {uri, NULL};
  // An empty startup id: no startup notification to hand on (the user clicked in our window).
  g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                         "org.freedesktop.FileManager1", "ShowItems", g_variant_new("(^ass)", uris, ""),
                         NULL, G_DBUS_CALL_FLAGS_NONE, 25000, NULL, gtkkit_file_manager_called, call);
  g_object_unref(bus);
}

/// Whether `surface` belongs to the X11 backend (its XID makes the handle) or the Wayland one.
static inline gboolean gtkkit_surface_is_x11(GdkSurface *surface) {
  return G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_x11_surface_get_type());
}
static inline gboolean gtkkit_surface_is_wayland_toplevel(GdkSurface *surface) {
  return G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_wayland_toplevel_get_type());
}

#endif
