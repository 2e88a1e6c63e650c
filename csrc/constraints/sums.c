/* Sum supports by a walk over the cells in order that remembers, for each cell, total
 * left and digits the later cells may no longer take, what those later cells can hold
 * (so a sum of ten or more cells costs thousands of steps, not millions of fillings). */
#include "sums.h"

#include <stdlib.h>
#include <string.h>

/* One remembered suffix: cells i.. with `left` to make and the banned digits stored at
 * arena[off .. off + k - i), the supports (when ok) right after them. */
typedef struct {
    uint64_t hash;
    uint32_t off, gen;
    int32_t left;
    int16_t i;
    int8_t ok;
} Slot;

/* The memory of walks, kept between them: a slot is taken when its gen is the walk's, so
 * a new walk starts without clearing the table. */
struct sums_scratch {
    Slot *slots;          /* open addressing */
    size_t cap, used;
    uint32_t *arena;
    size_t arena_len, arena_cap;
    uint32_t gen;
};

typedef struct {
    int k;
    const uint32_t *masks;
    int sign[SUMS_MAX_CELLS];
    uint32_t later[SUMS_MAX_CELLS];   /* the later cells each cell must differ from */
    int rest_low[SUMS_MAX_CELLS + 1], rest_high[SUMS_MAX_CELLS + 1];
    sums_scratch *m;
} Walk;

/* The arena stops growing here (64 MiB); past it suffixes are worked out, not kept. */
#define ARENA_LIMIT ((size_t)1 << 24)

static uint64_t key_hash(int i, int left, const uint32_t *banned, int len) {
    uint64_t h = 1469598103934665603ULL;
    h = (h ^ (uint32_t)i) * 1099511628211ULL;
    h = (h ^ (uint32_t)left) * 1099511628211ULL;
    for (int j = 0; j < len; j++) h = (h ^ banned[j]) * 1099511628211ULL;
    return h | 1;   /* never 0 */
}

/* The slot of a suffix: its own when the walk kept it, else a free one (gen not the
 * walk's). */
static Slot *find_slot(sums_scratch *w, uint64_t h, int i, int left, const uint32_t *banned,
                       int len) {
    size_t at = (size_t)h & (w->cap - 1);
    for (;;) {
        Slot *s = &w->slots[at];
        if (s->gen != w->gen) return s;
        if (s->hash == h && s->i == i && s->left == left &&
            !memcmp(w->arena + s->off, banned, (size_t)len * sizeof(uint32_t)))
            return s;
        at = (at + 1) & (w->cap - 1);
    }
}

static int grow_slots(sums_scratch *w) {
    size_t cap = w->cap * 2;
    Slot *slots = calloc(cap, sizeof(Slot));
    if (!slots) return -1;
    for (size_t j = 0; j < w->cap; j++) {
        Slot s = w->slots[j];
        if (s.gen != w->gen) continue;
        size_t at = (size_t)s.hash & (cap - 1);
        while (slots[at].gen == w->gen) at = (at + 1) & (cap - 1);
        slots[at] = s;
    }
    free(w->slots);
    w->slots = slots;
    w->cap = cap;
    return 0;
}

/* Keep a worked-out suffix; quietly skipped when the arena is full or memory is short
 * (the walk stays exact, only slower). */
static void remember(sums_scratch *w, uint64_t h, int i, int left, const uint32_t *banned,
                     const uint32_t *res, int len, int ok) {
    size_t need = 2 * (size_t)len;
    if (w->arena_len + need > w->arena_cap) {
        size_t cap = w->arena_cap ? 2 * w->arena_cap : 4096;
        while (cap < w->arena_len + need) cap *= 2;
        if (cap > ARENA_LIMIT) return;
        uint32_t *arena = realloc(w->arena, cap * sizeof(uint32_t));
        if (!arena) return;
        w->arena = arena;
        w->arena_cap = cap;
    }
    if (2 * (w->used + 1) > w->cap && grow_slots(w) < 0) return;
    Slot *s = find_slot(w, h, i, left, banned, len);
    if (s->gen == w->gen) return;
    s->gen = w->gen;
    s->hash = h;
    s->i = (int16_t)i;
    s->left = left;
    s->ok = (int8_t)ok;
    s->off = (uint32_t)w->arena_len;
    memcpy(w->arena + w->arena_len, banned, (size_t)len * sizeof(uint32_t));
    memcpy(w->arena + w->arena_len + len, res, (size_t)len * sizeof(uint32_t));
    w->arena_len += need;
    w->used++;
}

/* The supports res[0 .. k-i) of cells i.. making `left` when cell f may not take the
 * digits banned[f - i]; 1 when some filling exists. */
static int suffix(Walk *w, int i, int left, const uint32_t *banned, uint32_t *res) {
    const int k = w->k, len = k - i;
    if (left < w->rest_low[i] || left > w->rest_high[i]) return 0;
    if (i == k - 1) {   /* the last cell takes what is left, if it may */
        int d = w->sign[i] * left;
        uint32_t bit = (d >= 1 && d <= SUMS_MAX_DIGIT) ? (uint32_t)1 << (d - 1) : 0;
        res[0] = w->masks[i] & ~banned[0] & bit;
        return res[0] != 0;
    }
    uint64_t h = key_hash(i, left, banned, len);
    Slot *s = find_slot(w->m, h, i, left, banned, len);
    if (s->gen == w->m->gen) {
        if (s->ok) memcpy(res, w->m->arena + s->off + len, (size_t)len * sizeof(uint32_t));
        return s->ok;
    }
    uint32_t after[SUMS_MAX_CELLS], sub[SUMS_MAX_CELLS];
    memset(res, 0, (size_t)len * sizeof(uint32_t));
    for (uint32_t m = w->masks[i] & ~banned[0]; m; m &= m - 1) {
        int b = sd_ctz32(m);
        uint32_t bit = (uint32_t)1 << b;
        memcpy(after, banned + 1, (size_t)(len - 1) * sizeof(uint32_t));
        for (uint32_t f = w->later[i]; f; f &= f - 1) {
            int cell = sd_ctz32(f);
            after[cell - i - 1] = (after[cell - i - 1] | bit) & w->masks[cell];
        }
        if (!suffix(w, i + 1, left - w->sign[i] * (b + 1), after, sub)) continue;
        res[0] |= bit;
        for (int j = 1; j < len; j++) res[j] |= sub[j - 1];
    }
    int ok = res[0] != 0;
    remember(w->m, h, i, left, banned, res, len, ok);
    return ok;
}

sums_scratch *sums_scratch_new(void) {
    sums_scratch *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cap = 1024;
    m->slots = calloc(m->cap, sizeof(Slot));
    if (!m->slots) {
        free(m);
        return NULL;
    }
    return m;
}

void sums_scratch_free(sums_scratch *m) {
    if (!m) return;
    free(m->slots);
    free(m->arena);
    free(m);
}

int sums_supports_with(sums_scratch *m, int total, int k, const uint32_t *masks,
                       const uint32_t *links, const int8_t *signs, uint32_t *out) {
    if (k < 1 || k > SUMS_MAX_CELLS) return 0;
    if (++m->gen == 0) {   /* wrapped: no slot may look taken */
        memset(m->slots, 0, m->cap * sizeof(Slot));
        m->gen = 1;
    }
    m->used = 0;
    m->arena_len = 0;
    Walk w;
    memset(&w, 0, sizeof w);
    w.k = k;
    w.masks = masks;
    w.m = m;
    for (int i = 0; i < k; i++) {
        w.sign[i] = signs ? signs[i] : 1;
        for (int j = i + 1; j < k; j++)
            if ((links[i] >> j & 1) || (links[j] >> i & 1)) w.later[i] |= (uint32_t)1 << j;
    }
    for (int i = k - 1; i >= 0; i--) {
        uint32_t mk = masks[i];
        int lo = mk ? sd_ctz32(mk) + 1 : 1000, hi = mk ? 32 - sd_clz32(mk) : -1000;
        w.rest_low[i] = w.rest_low[i + 1] + (w.sign[i] > 0 ? lo : -hi);
        w.rest_high[i] = w.rest_high[i + 1] + (w.sign[i] > 0 ? hi : -lo);
    }
    uint32_t banned[SUMS_MAX_CELLS] = {0};
    int ok = suffix(&w, 0, total, banned, out);
    if (!ok) memset(out, 0, (size_t)k * sizeof(uint32_t));
    return ok;
}

int sums_supports(int total, int k, const uint32_t *masks, const uint32_t *links,
                  const int8_t *signs, uint32_t *out) {
    if (k < 1 || k > SUMS_MAX_CELLS) return 0;
    sums_scratch *m = sums_scratch_new();
    if (!m) return -1;
    const int ok = sums_supports_with(m, total, k, masks, links, signs, out);
    sums_scratch_free(m);
    return ok;
}
