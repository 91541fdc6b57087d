// SPDX-License-Identifier: GPL-3.0-or-later
#include "deferred_file.h"

struct _MemeDeferredFile {
  GdkContentProvider parent_instance;
  GFile *file;         // Once resolved.
  GError *error;       // Once failed.
  GPtrArray *waiting;  // GTasks of requests made before either, each with its WriteRequest.
};

G_DEFINE_TYPE(MemeDeferredFile, meme_deferred_file, GDK_TYPE_CONTENT_PROVIDER)

/// A request to write the content as `mime_type` to `stream`, kept while the file is not there.
typedef struct {
  char *mime_type;
  GOutputStream *stream;
  int io_priority;
} WriteRequest;

static void write_request_free(gpointer data) {
  WriteRequest *request = data;
  g_free(request->mime_type);
  g_object_unref(request->stream);
  g_free(request);
}

static void serialized(GObject *stream, GAsyncResult *result, gpointer data) {
  GTask *task = data;
  GError *error = NULL;
  if (gdk_content_serialize_finish(result, &error))
    g_task_return_boolean(task, TRUE);
  else
    g_task_return_error(task, error);
  g_object_unref(task);
  (void)stream;
}

/// Answers `task` (whose task data is its WriteRequest) now that the file is there, or has failed.
static void answer(MemeDeferredFile *self, GTask *task) {
  if (self->error != NULL) {
    g_task_return_error(task, g_error_copy(self->error));
    g_object_unref(task);
    return;
  }
  WriteRequest *request = g_task_get_task_data(task);
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_FILE);
  g_value_set_object(&value, self->file);
  gdk_content_serialize_async(
      request->stream, request->mime_type, &value, request->io_priority, g_task_get_cancellable(task),
      serialized, task);
  g_value_unset(&value);
}

static GdkContentFormats *ref_formats(GdkContentProvider *provider) {
  (void)provider;
  return gdk_content_formats_new_for_gtype(G_TYPE_FILE);
}

static void write_mime_type_async(
    GdkContentProvider *provider, const char *mime_type, GOutputStream *stream, int io_priority,
    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data) {
  MemeDeferredFile *self = MEME_DEFERRED_FILE(provider);
  GTask *task = g_task_new(provider, cancellable, callback, user_data);
  g_task_set_priority(task, io_priority);
  g_task_set_source_tag(task, write_mime_type_async);
  WriteRequest *request = g_new0(WriteRequest, 1);
  request->mime_type = g_strdup(mime_type);
  request->stream = g_object_ref(stream);
  request->io_priority = io_priority;
  g_task_set_task_data(task, request, write_request_free);
  if (meme_deferred_file_is_settled(self))
    answer(self, task);
  else
    g_ptr_array_add(self->waiting, task);
}

static gboolean write_mime_type_finish(GdkContentProvider *provider, GAsyncResult *result, GError **error) {
  g_return_val_if_fail(g_task_is_valid(result, provider), FALSE);
  return g_task_propagate_boolean(G_TASK(result), error);
}

/// In-process drops read the value directly; before the file is there they fall back to the
/// asynchronous request above.
static gboolean get_value(GdkContentProvider *provider, GValue *value, GError **error) {
  MemeDeferredFile *self = MEME_DEFERRED_FILE(provider);
  if (self->file != NULL && G_VALUE_HOLDS(value, G_TYPE_FILE)) {
    g_value_set_object(value, self->file);
    return TRUE;
  }
  return GDK_CONTENT_PROVIDER_CLASS(meme_deferred_file_parent_class)->get_value(provider, value, error);
}

static void answer_waiting(MemeDeferredFile *self) {
  GPtrArray *waiting = self->waiting;
  self->waiting = g_ptr_array_new();
  for (guint index = 0; index < waiting->len; index++) answer(self, g_ptr_array_index(waiting, index));
  g_ptr_array_unref(waiting);
}

static void dispose(GObject *object) {
  MemeDeferredFile *self = MEME_DEFERRED_FILE(object);
  if (!meme_deferred_file_is_settled(self))
    meme_deferred_file_fail(self, "The drag ended before the file was written.");
  G_OBJECT_CLASS(meme_deferred_file_parent_class)->dispose(object);
}

static void finalize(GObject *object) {
  MemeDeferredFile *self = MEME_DEFERRED_FILE(object);
  g_clear_object(&self->file);
  g_clear_error(&self->error);
  g_ptr_array_unref(self->waiting);
  G_OBJECT_CLASS(meme_deferred_file_parent_class)->finalize(object);
}

static void meme_deferred_file_class_init(MemeDeferredFileClass *class) {
  GdkContentProviderClass *provider_class = GDK_CONTENT_PROVIDER_CLASS(class);
  provider_class->ref_formats = ref_formats;
  provider_class->write_mime_type_async = write_mime_type_async;
  provider_class->write_mime_type_finish = write_mime_type_finish;
  provider_class->get_value = get_value;
  G_OBJECT_CLASS(class)->dispose = dispose;
  G_OBJECT_CLASS(class)->finalize = finalize;
}

static void meme_deferred_file_init(MemeDeferredFile *self) { self->waiting = g_ptr_array_new(); }

MemeDeferredFile *meme_deferred_file_new(void) { return g_object_new(MEME_TYPE_DEFERRED_FILE, NULL); }

void meme_deferred_file_resolve(MemeDeferredFile *self, GFile *file) {
  g_return_if_fail(MEME_IS_DEFERRED_FILE(self) && G_IS_FILE(file));
  g_return_if_fail(!meme_deferred_file_is_settled(self));
  self->file = g_object_ref(file);
  answer_waiting(self);
}

void meme_deferred_file_fail(MemeDeferredFile *self, const char *message) {
  g_return_if_fail(MEME_IS_DEFERRED_FILE(self));
  g_return_if_fail(!meme_deferred_file_is_settled(self));
  self->error = g_error_new_literal(G_IO_ERROR, G_IO_ERROR_FAILED, message);
  answer_waiting(self);
}

gboolean meme_deferred_file_is_settled(MemeDeferredFile *self) {
  return self->file != NULL || self->error != NULL;
}
