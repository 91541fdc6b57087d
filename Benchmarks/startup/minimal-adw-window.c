// SPDX-License-Identifier: GPL-3.0-or-later
// The second start-up reference: the smallest libadwaita application window (an AdwApplication, so
// libadwaita's style sheet and style manager are set up, and an AdwApplicationWindow with a header
// bar), quitting after its first frame.
#include <adwaita.h>

static void quit_after_paint(GdkFrameClock *clock, gpointer app) { g_application_quit(G_APPLICATION(app)); }

static void on_map(GtkWidget *window, gpointer app) {
  g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(quit_after_paint), app);
}

static void on_activate(GtkApplication *app, gpointer data) {
  GtkWidget *window = adw_application_window_new(app);
  GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append(GTK_BOX(content), adw_header_bar_new());
  adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), content);
  gtk_window_set_title(GTK_WINDOW(window), "Minimal");
  gtk_window_set_default_size(GTK_WINDOW(window), 960, 720);
  g_signal_connect(window, "map", G_CALLBACK(on_map), app);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  AdwApplication *app = adw_application_new("io.github.mememe.StartupAdwaitaReference", G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
