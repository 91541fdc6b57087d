// SPDX-License-Identifier: GPL-3.0-or-later
// Worker threads that quantise GIF frames while the caller decodes, draws and writes others.
#include <pthread.h>
#include <stdlib.h>

#include "meme_gif_job.h"

typedef struct {
  meme_gif_pool *pool;
  pthread_t thread;
  // libimagequant's settings are the worker's own copy.
  liq_attr *attributes;
  int started;
} worker;

struct meme_gif_pool {
  pthread_mutex_t lock;
  pthread_cond_t handed_over;
  pthread_cond_t quantised;
  // The jobs handed over and not yet taken, oldest first (a ring).
  meme_gif_job **waiting;
  int capacity, first, count;
  int stopping;
  float dithering;
  int width;
  worker *workers;
  int worker_count;
};

static void *work(void *argument) {
  worker *self = argument;
  meme_gif_pool *pool = self->pool;
  meme_gif_quantise_on_this_thread();
  pthread_mutex_lock(&pool->lock);
  for (;;) {
    while (!pool->stopping && pool->count == 0) pthread_cond_wait(&pool->handed_over, &pool->lock);
    if (pool->stopping) break;
    meme_gif_job *job = pool->waiting[pool->first];
    pool->first = (pool->first + 1) % pool->capacity;
    pool->count -= 1;
    job->state = MEME_GIF_JOB_QUANTISING;
    pthread_mutex_unlock(&pool->lock);
    meme_gif_job_quantise(job, pool->width, self->attributes, pool->dithering);
    pthread_mutex_lock(&pool->lock);
    job->state = MEME_GIF_JOB_DONE;
    pthread_cond_broadcast(&pool->quantised);
  }
  pthread_mutex_unlock(&pool->lock);
  return NULL;
}

meme_gif_pool *meme_gif_pool_new(
    int threads, int capacity, const liq_attr *attributes, float dithering, int width) {
  meme_gif_pool *pool = calloc(1, sizeof *pool);
  if (pool == NULL) return NULL;
  pool->waiting = calloc((size_t)capacity, sizeof *pool->waiting);
  pool->workers = calloc((size_t)threads, sizeof *pool->workers);
  pool->capacity = capacity;
  pool->dithering = dithering;
  pool->width = width;
  pthread_mutex_init(&pool->lock, NULL);
  pthread_cond_init(&pool->handed_over, NULL);
  pthread_cond_init(&pool->quantised, NULL);
  if (pool->waiting == NULL || pool->workers == NULL) {
    meme_gif_pool_free(pool);
    return NULL;
  }
  for (int i = 0; i < threads; i++) {
    worker *worker = &pool->workers[i];
    worker->pool = pool;
    worker->attributes = liq_attr_copy(attributes);
    pool->worker_count = i + 1;
    if (worker->attributes == NULL || pthread_create(&worker->thread, NULL, work, worker) != 0) {
      meme_gif_pool_free(pool);
      return NULL;
    }
    worker->started = 1;
  }
  return pool;
}

void meme_gif_pool_hand_over(meme_gif_pool *pool, meme_gif_job *job) {
  pthread_mutex_lock(&pool->lock);
  job->state = MEME_GIF_JOB_WAITING;
  pool->waiting[(pool->first + pool->count) % pool->capacity] = job;
  pool->count += 1;
  pthread_cond_signal(&pool->handed_over);
  pthread_mutex_unlock(&pool->lock);
}

int meme_gif_pool_is_done(meme_gif_pool *pool, meme_gif_job *job) {
  pthread_mutex_lock(&pool->lock);
  int done = job->state == MEME_GIF_JOB_DONE;
  pthread_mutex_unlock(&pool->lock);
  return done;
}

void meme_gif_pool_wait(meme_gif_pool *pool, meme_gif_job *job) {
  pthread_mutex_lock(&pool->lock);
  while (job->state != MEME_GIF_JOB_DONE) pthread_cond_wait(&pool->quantised, &pool->lock);
  pthread_mutex_unlock(&pool->lock);
}

void meme_gif_pool_free(meme_gif_pool *pool) {
  if (pool == NULL) return;
  pthread_mutex_lock(&pool->lock);
  pool->stopping = 1;
  pthread_cond_broadcast(&pool->handed_over);
  pthread_mutex_unlock(&pool->lock);
  for (int i = 0; i < pool->worker_count; i++) {
    if (pool->workers[i].started) pthread_join(pool->workers[i].thread, NULL);
    if (pool->workers[i].attributes != NULL) liq_attr_destroy(pool->workers[i].attributes);
  }
  pthread_cond_destroy(&pool->quantised);
  pthread_cond_destroy(&pool->handed_over);
  pthread_mutex_destroy(&pool->lock);
  free(pool->workers);
  free(pool->waiting);
  free(pool);
}
