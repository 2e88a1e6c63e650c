/* A cache of search results by 9x9 grid (gridcache.h): open addressing over a table of
 * GRIDCACHE_SLOTS entries, one table per thread. */
#include "logic/gridcache.h"

#include <stdlib.h>
#include <string.h>

#include "common.h"

typedef struct {
    uint64_t hash;
    uint16_t cm[81];
    int tag;
    size_t size;
    void *block; /* NULL: an empty slot */
} entry;

typedef struct {
    entry *e;
    int n;
    size_t bytes;
} table;

static SD_THREAD_LOCAL table CACHE;

static uint64_t grid_hash(int tag, const uint16_t cm[81]) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)(uint32_t)tag;
    for (int c = 0; c < 81; c++) h = (h ^ cm[c]) * 1099511628211ULL;
    return h;
}

/* The entry of (tag, cm), or the empty slot where it would go. */
static entry *slot_of(const table *t, int tag, const uint16_t cm[81], uint64_t h) {
    for (size_t i = (size_t)(h & (GRIDCACHE_SLOTS - 1));; i = (i + 1) & (GRIDCACHE_SLOTS - 1)) {
        entry *e = &t->e[i];
        if (!e->block || (e->hash == h && e->tag == tag && !memcmp(e->cm, cm, sizeof e->cm)))
            return e;
    }
}

void gridcache_clear(void) {
    table *t = &CACHE;
    if (t->e)
        for (size_t i = 0; i < GRIDCACHE_SLOTS; i++) free(t->e[i].block);
    free(t->e);
    t->e = NULL;
    t->n = 0;
    t->bytes = 0;
}

const void *gridcache_get(int tag, const uint16_t cm[81], size_t *size) {
    const table *t = &CACHE;
    if (!t->e) return NULL;
    const entry *e = slot_of(t, tag, cm, grid_hash(tag, cm));
    if (!e->block) return NULL;
    *size = e->size;
    return e->block;
}

void gridcache_put(int tag, const uint16_t cm[81], const void *block, size_t size) {
    table *t = &CACHE;
    if (t->bytes + size > GRIDCACHE_BYTES || t->n >= GRIDCACHE_SLOTS / 2) gridcache_clear();
    if (!t->e && !(t->e = calloc(GRIDCACHE_SLOTS, sizeof *t->e))) return;
    void *copy = malloc(size ? size : 1);
    if (!copy) return;
    if (size) memcpy(copy, block, size);
    uint64_t h = grid_hash(tag, cm);
    entry *e = slot_of(t, tag, cm, h);
    free(e->block);   /* NULL unless the caller had an entry after all */
    e->hash = h;
    memcpy(e->cm, cm, sizeof e->cm);
    e->tag = tag;
    e->size = size;
    e->block = copy;
    t->n++;
    t->bytes += size + sizeof *e;
}
