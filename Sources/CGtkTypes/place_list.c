// SPDX-License-Identifier: GPL-3.0-or-later
#include "place_list.h"

struct _MemePlaceList {
  GObject parent_instance;
  guint length;
};

static GType meme_place_list_get_item_type(GListModel *list) {
  (void)list;
  return G_TYPE_OBJECT;
}

static guint meme_place_list_get_n_items(GListModel *list) {
  return MEME_PLACE_LIST(list)->length;
}

static gpointer meme_place_list_get_item(GListModel *list, guint position) {
  if (position >= MEME_PLACE_LIST(list)->length) return NULL;
  return g_object_new(G_TYPE_OBJECT, NULL);
}

static void meme_place_list_model_init(GListModelInterface *iface) {
  iface->get_item_type = meme_place_list_get_item_type;
  iface->get_n_items = meme_place_list_get_n_items;
  iface->get_item = meme_place_list_get_item;
}

G_DEFINE_TYPE_WITH_CODE(
    MemePlaceList, meme_place_list, G_TYPE_OBJECT,
    G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, meme_place_list_model_init))

static void meme_place_list_class_init(MemePlaceListClass *class) { (void)class; }

static void meme_place_list_init(MemePlaceList *self) { self->length = 0; }

MemePlaceList *meme_place_list_new(void) { return g_object_new(MEME_TYPE_PLACE_LIST, NULL); }

void meme_place_list_splice(MemePlaceList *self, guint position, guint removed, guint added) {
  g_return_if_fail(MEME_IS_PLACE_LIST(self));
  g_return_if_fail(position <= self->length && removed <= self->length - position);
  self->length = self->length - removed + added;
  if (removed != 0 || added != 0)
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}
