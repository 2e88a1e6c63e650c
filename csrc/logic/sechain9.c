/* Sudoku Explainer's multiple and dynamic forcing chains (sechain9.h).  A chain run
 * follows one assumption as SE's Chaining.doChaining does, breadth first ("on"
 * potentials before "off" ones); the ancestors of each potential reached are a bitset
 * over the 1458 potentials, kept in slots given in the order the potentials are met. */
#include "logic/sechain9.h"

#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "engine/board9.h"
#include "engine/cpu.h"
#include "logic/gridcache.h"
#include "logic/serules9.h"
#include "logic/sestatic9.h"

#define NKEY 1458
#define AW 23 /* words of an ancestor set */

const int SECHAIN_SORT_KEY[5] = {7, 7, 1, 6, 5};

typedef struct {
    uint64_t w[AW];
} ancs;

/* The nested forcing chains of a run (level 2): the potentials such a chain made, each
 * with the chain's id (sestatic9_intern), and for each potential reached the ids of the
 * chains among its ancestors, at pool[at[k] .. at[k] + cnt[k]). */
typedef struct {
    int n;
    uint16_t key[729];
    int32_t id[729];
    int32_t at[NKEY];
    uint16_t cnt[NKEY];
    int32_t *pool;
    int n_pool, cap;
} nest_t;

/* What one run reached: the ancestors counted for each potential (0: not reached), and
 * the "on" and "off" potentials in the order they were met; absurd is the complexity
 * of the clash that stopped it (0: none), the chains nested in it included. */
typedef struct run {
    uint16_t cnt[NKEY];          /* valid where 'reached' has the key */
    uint64_t reached[AW];
    uint16_t on[729], off[729];
    int n_on, n_off, absurd;
    nest_t *nest; /* level 2 */
} run_t;

static inline int reached(const run_t *r, int k) { return (int)(r->reached[k >> 6] >> (k & 63) & 1); }

/* A run's work space.  An ancestor set has a bit per potential of the state (its
 * candidates, on and off: bit[k] for key k, key_at[b] the key of bit b), so it spans nw
 * words, not AW. */
typedef struct work {
    ancs anc[NKEY];
    int16_t slot[NKEY];
    int16_t bit[NKEY];
    int16_t key_at[NKEY];
    int8_t cause[NKEY]; /* how an "on" potential was made: CAUSE_CELL, a house, CAUSE_START */
    uint16_t cm[81];
    uint16_t pos[9][27], pos0[9][27]; /* places of each digit in each house: now, at start */
    int nslot, nw;
    int hw; /* the counts may use the AVX2 level's POPCNT */
    int oom;
    sestatic_t *chains; /* level 2: the static forcing chains nested in a run */
    uint32_t *mark, stamp; /* marks over the chains' ids */
    int cap_mark;
    serules_t rules;
    /* levels 3 and 4: the search nested in a run (its own work space), its hints, a
     * nested chain's keys (its identity); keep: a run leaves its slots filled for the
     * caller, and abs[] the ancestors of the two sides of the clash that stopped it */
    struct work *inner;
    run_t *scratch;
    int32_t *hints;
    int cap_hints;
    uint16_t *ikeys;
    int keep;
    ancs abs[2];
    struct sreach *sr; /* a static search's reach (NULL: not made yet, or no memory) */
    struct run *pool[730]; /* a search's runs, kept for the next one (NULL: not made yet) */
} work_t;

#define CAUSE_CELL (-1)  /* the cell's last candidate */
#define CAUSE_START (-2) /* the assumption */
#define IKEYS (10 * NKEY + 16)

/* The peers of each cell in the order a run meets them: its box, then its row, then its
 * column, in house order, each cell once. */
static uint8_t PEER_ORDER[81][20];
static int peer_order_ready;

static void peer_order(void) {
    if (peer_order_ready) return;
    for (int cell = 0; cell < 81; cell++) {
        const int hs[3] = {18 + b9_box(cell), b9_row(cell), 9 + b9_col(cell)};
        int n = 0;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 9; i++) {
                int x = B9_HOUSE[hs[j]][i], seen = x == cell;
                for (int t = 0; t < n; t++) seen |= PEER_ORDER[cell][t] == x;
                if (!seen) PEER_ORDER[cell][n++] = (uint8_t)x;
            }
    }
    peer_order_ready = 1;
}

static const uint8_t *houses_of(int cell, uint8_t out[3]) {
    out[0] = (uint8_t)(18 + b9_box(cell));
    out[1] = (uint8_t)b9_row(cell);
    out[2] = (uint8_t)(9 + b9_col(cell));
    return out;
}

static inline int key_of(int cell, int d, int on) { return 2 * (d * 81 + cell) + on; }
static inline void anc_set(ancs *a, int k) { a->w[k >> 6] |= UINT64_C(1) << (k & 63); }
static inline int anc_has(const ancs *a, int k) { return (int)(a->w[k >> 6] >> (k & 63) & 1); }
static inline void anc_copy(ancs *a, const ancs *b, int nw) {
    memcpy(a->w, b->w, (size_t)nw * sizeof a->w[0]);
}
static inline void anc_or(ancs *a, const ancs *b, int nw) {
    for (int i = 0; i < nw; i++) a->w[i] |= b->w[i];
}
static inline int anc_count(const ancs *a, int nw) {
    int n = 0;
    for (int i = 0; i < nw; i++) n += sd_popc64(a->w[i]);
    return n;
}

/* The portable x86 build counts bits in software; on a processor of the AVX2 level (which
 * has POPCNT) the counts of a run's potentials (most of finish's time) use the instruction,
 * in a function dispatched at run time like the engine's AVX2 paths. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(__POPCNT__)
#define SECHAIN_HW_COUNT 1
__attribute__((target("avx2,popcnt"))) static void count_avx2(const ancs *anc,
                                                             const int16_t *slot,
                                                             const uint16_t *keys, int n,
                                                             uint16_t *cnt, int nw) {
    for (int i = 0; i < n; i++) {
        const ancs *a = &anc[slot[keys[i]]];
        int c = 0;
        for (int j = 0; j < nw; j++)
            c += sd_popc_hw32((uint32_t)a->w[j]) + sd_popc_hw32((uint32_t)(a->w[j] >> 32));
        cnt[keys[i]] = (uint16_t)c;
    }
}
#endif

/* cnt[k] for each of the n keys, from their ancestors in the run's slots. */
static void count_keys(const work_t *w, const uint16_t *keys, int n, uint16_t *cnt) {
#ifdef SECHAIN_HW_COUNT
    if (w->hw) {
        count_avx2(w->anc, w->slot, keys, n, cnt, w->nw);
        return;
    }
#endif
    for (int i = 0; i < n; i++)
        cnt[keys[i]] = (uint16_t)anc_count(&w->anc[w->slot[keys[i]]], w->nw);
}

/* Makes the marks cover every chain interned; 0 when out of memory. */
static int marks_ready(work_t *w) {
    int n = sestatic9_count(w->chains);
    if (n <= w->cap_mark) return 1;
    uint32_t *m = realloc(w->mark, (size_t)(2 * n) * sizeof *m);
    if (!m) return 0;
    memset(m + w->cap_mark, 0, (size_t)(2 * n - w->cap_mark) * sizeof *m);
    w->mark = m;
    w->cap_mark = 2 * n;
    return 1;
}

/* The complexity of the chains nested in a run among the ancestors a or b (b may be
 * NULL), each chain once. */
static int nested_complexity(work_t *w, const run_t *r, const ancs *a, const ancs *b) {
    if (!r->nest || !r->nest->n) return 0;
    if (!marks_ready(w)) {
        w->oom = 1;
        return 0;
    }
    const nest_t *t = r->nest;
    int sum = 0;
    w->stamp++;
    for (int j = 0; j < t->n; j++) {
        int bit = w->bit[t->key[j]];
        if (!anc_has(a, bit) && !(b && anc_has(b, bit))) continue;
        if (w->mark[t->id[j]] == w->stamp) continue;
        w->mark[t->id[j]] = w->stamp;
        sum += sestatic9_complexity(w->chains, t->id[j]);
    }
    return sum;
}

/* Notes for each potential a run reached the ids of the chains nested among its
 * ancestors. */
static void nested_ids(work_t *w, run_t *r, const uint16_t *keys, int n) {
    nest_t *t = r->nest;
    for (int i = 0; i < n; i++) {
        const ancs *a = &w->anc[w->slot[keys[i]]];
        t->at[keys[i]] = t->n_pool;
        t->cnt[keys[i]] = 0;
        w->stamp++;
        for (int j = 0; j < t->n; j++) {
            if (!anc_has(a, w->bit[t->key[j]]) || w->mark[t->id[j]] == w->stamp) continue;
            w->mark[t->id[j]] = w->stamp;
            if (t->n_pool >= t->cap) {
                int cap = t->cap ? 2 * t->cap : 1024;
                int32_t *p = realloc(t->pool, (size_t)cap * sizeof *p);
                if (!p) {
                    w->oom = 1;
                    return;
                }
                t->pool = p;
                t->cap = cap;
            }
            t->pool[t->n_pool++] = t->id[j];
            t->cnt[keys[i]]++;
        }
    }
}

static ancs *add(work_t *w, run_t *r, int k, const ancs *a, int cause) {
    ancs *s = &w->anc[w->nslot];
    w->cause[k] = (int8_t)cause;
    w->slot[k] = (int16_t)w->nslot++;
    anc_copy(s, a, w->nw);
    anc_set(s, w->bit[k]);
    if (k & 1)
        r->on[r->n_on++] = (uint16_t)k;
    else
        r->off[r->n_off++] = (uint16_t)k;
    return s;
}

/* Counts the ancestors of every potential reached, and leaves the slots empty again. */
static void finish(work_t *w, run_t *r) {
    count_keys(w, r->on, r->n_on, r->cnt);
    count_keys(w, r->off, r->n_off, r->cnt);
    if (r->nest && r->nest->n) {
        if (!marks_ready(w))
            w->oom = 1;
        else {
            nested_ids(w, r, r->on, r->n_on);
            nested_ids(w, r, r->off, r->n_off);
        }
    }
    for (int i = 0; i < r->n_on; i++) {
        int k = r->on[i];
        r->reached[k >> 6] |= UINT64_C(1) << (k & 63);
        w->slot[k] = -1;
    }
    for (int i = 0; i < r->n_off; i++) {
        int k = r->off[i];
        r->reached[k >> 6] |= UINT64_C(1) << (k & 63);
        w->slot[k] = -1;
    }
}

static void nested_chains(work_t *w, const uint16_t cm0[81], run_t *r, int dynamic);

/* Adds the "off" potential k that a nested rule made, with the ancestors a, and notes
 * the nested chain id that made it (-1: none). */
static void add_nested(work_t *w, run_t *r, int k, const ancs *a, int id) {
    add(w, r, k, a, 0);
    if (id >= 0 && r->nest) {
        r->nest->key[r->nest->n] = (uint16_t)k;
        r->nest->id[r->nest->n++] = id;
    }
}

/* Once a run can go no further, SE's nested rules (level 1 and above) on its working grid:
 * each removal an "off" potential whose ancestors are those of the removals it needed
 * (and, made by a nested forcing chain, that chain). */
static void nested(work_t *w, const uint16_t cm0[81], run_t *r, int level) {
    serules_t *o = &w->rules;
    int n = serules9(w->cm, cm0, level == 2 || level == 3 ? w->chains : NULL, o);
    if (n < 0) w->oom = 1;
    if (n == 0 && level >= 3) nested_chains(w, cm0, r, level >= 4);
    if (n <= 0) return;
    for (int i = 0; i < o->n_rem; i++) {
        int k = 2 * o->rem[i];
        if (w->slot[k] >= 0) continue;
        ancs a;
        memset(&a, 0, (size_t)w->nw * sizeof a.w[0]);
        int h = o->rem_hint[i];
        for (int j = 0; j < o->n_par[h]; j++) {
            int s = w->slot[2 * o->pool[o->par_at[h] + j]];
            if (s >= 0) anc_or(&a, &w->anc[s], w->nw);
        }
        add_nested(w, r, k, &a, o->chain[h]);
    }
}

/* SE's doChaining from one assumption. */
static void run(work_t *w, const uint16_t cm0[81], int start, int dynamic, int level,
                run_t *r) {
    memset(r->reached, 0, sizeof r->reached);   /* the slots are empty (finish) */
    memcpy(w->cm, cm0, sizeof w->cm);
    memcpy(w->pos, w->pos0, sizeof w->pos);
    r->n_on = r->n_off = r->absurd = 0;
    if (r->nest) r->nest->n = r->nest->n_pool = 0;
    w->nslot = 0;
    ancs none;
    memset(&none, 0, (size_t)w->nw * sizeof none.w[0]);
    add(w, r, start, &none, CAUSE_START);
    int i_on = 0, i_off = 0;
    uint8_t hs[3];
    while (i_on < r->n_on || i_off < r->n_off) {
        if (i_on < r->n_on) {
            int k = r->on[i_on++];
            int cell = (k >> 1) % 81, d = (k >> 1) / 81;
            int made[28], nmade = 0;
            for (int v = 0; v < 9; v++)
                if (v != d && (w->cm[cell] >> v & 1)) made[nmade++] = key_of(cell, v, 0);
            /* the digit's places among the peers, in PEER_ORDER: the box, then the row and
             * the column outside it (w->pos follows w->cm) */
            const int box = b9_box(cell), hb = 18 + box, hr = b9_row(cell), hc = 9 + b9_col(cell);
            for (unsigned p = w->pos[d][hb] & ~(1u << b9_house_pos(cell, hb)); p; p &= p - 1)
                made[nmade++] = key_of(B9_HOUSE[hb][b9_ctz(p)], d, 0);
            for (unsigned p = w->pos[d][hr] & ~(7u << 3 * (box % 3)); p; p &= p - 1)
                made[nmade++] = key_of(B9_HOUSE[hr][b9_ctz(p)], d, 0);
            for (unsigned p = w->pos[d][hc] & ~(7u << 3 * (box / 3)); p; p &= p - 1)
                made[nmade++] = key_of(B9_HOUSE[hc][b9_ctz(p)], d, 0);
            for (int t = 0; t < nmade; t++) {
                int kk = made[t];
                const ancs *a = &w->anc[w->slot[k]];
                if (w->slot[kk + 1] >= 0) {   /* a's ancestors and kk itself */
                    r->absurd = anc_count(&w->anc[w->slot[kk + 1]], w->nw) +
                                anc_count(a, w->nw) + !anc_has(a, w->bit[kk]) +
                                nested_complexity(w, r, &w->anc[w->slot[kk + 1]], a);
                    if (w->keep) {
                        anc_copy(&w->abs[0], &w->anc[w->slot[kk + 1]], w->nw);
                        anc_copy(&w->abs[1], a, w->nw);
                        return;
                    }
                    finish(w, r);
                    return;
                }
                if (w->slot[kk] < 0) add(w, r, kk, a, 0);
            }
        } else {
        int k = r->off[i_off++];
        int cell = (k >> 1) % 81, d = (k >> 1) / 81;
        int made[4], made_cause[4], nmade = 0;
        ancs made_anc[4];
        const ancs *a = &w->anc[w->slot[k]];
        unsigned m = w->cm[cell];
        unsigned rest = m & ~(1u << d);
        if (b9_popc(m) == 2 && rest) {
            int v = 8;
            while (!(rest >> v & 1)) v--;
            ancs *x = &made_anc[nmade];
            anc_copy(x, a, w->nw);
            made_cause[nmade] = CAUSE_CELL;
            made[nmade++] = key_of(cell, v, 1);
            anc_set(x, w->bit[key_of(cell, v, 1)]);
            for (unsigned gone = cm0[cell] & ~m; gone; gone &= gone - 1) {
                int s = w->slot[key_of(cell, b9_ctz(gone), 0)];
                if (s >= 0) anc_or(x, &w->anc[s], w->nw);
            }
        }
        houses_of(cell, hs);
        for (int j = 0; j < 3; j++) {
            const unsigned here = w->pos[d][hs[j]];
            if (b9_popc9(here) != 2) continue;
            const int first = B9_HOUSE[hs[j]][b9_ctz(here)];
            const int second = B9_HOUSE[hs[j]][b9_ctz(here & (here - 1))];
            int other = second == cell ? first : second;
            int kk = key_of(other, d, 1), seen = 0;
            for (int t = 0; t < nmade; t++) seen |= made[t] == kk;
            if (seen) continue;
            ancs *x = &made_anc[nmade];
            anc_copy(x, a, w->nw);
            anc_set(x, w->bit[kk]);
            for (unsigned gone = w->pos0[d][hs[j]] & ~here; gone; gone &= gone - 1) {
                int s = w->slot[key_of(B9_HOUSE[hs[j]][b9_ctz(gone)], d, 0)];
                if (s >= 0) anc_or(x, &w->anc[s], w->nw);
            }
            made_cause[nmade] = hs[j];
            made[nmade++] = kk;
        }
        if (dynamic) {
            w->cm[cell] &= (uint16_t)~(1u << d);
            for (int j = 0; j < 3; j++)
                w->pos[d][hs[j]] &= (uint16_t)~(1u << b9_house_pos(cell, hs[j]));
        }
        for (int t = 0; t < nmade; t++) {
            int kk = made[t];
            if (w->slot[kk - 1] >= 0) {
                r->absurd = anc_count(&made_anc[t], w->nw) +
                            anc_count(&w->anc[w->slot[kk - 1]], w->nw) +
                            nested_complexity(w, r, &made_anc[t], &w->anc[w->slot[kk - 1]]);
                if (w->keep) {   /* kk is not added: its cause is noted all the same */
                    w->cause[kk] = (int8_t)made_cause[t];
                    anc_copy(&w->abs[0], &made_anc[t], w->nw);
                    anc_copy(&w->abs[1], &w->anc[w->slot[kk - 1]], w->nw);
                    return;
                }
                finish(w, r);
                return;
            }
            if (w->slot[kk] < 0) add(w, r, kk, &made_anc[t], made_cause[t]);
        }
        }
        if (level > 0 && i_on == r->n_on && i_off == r->n_off) nested(w, cm0, r, level);
    }
    if (!w->keep) finish(w, r);
}

/* Where a search writes its hints (4 ints each): a buffer that grows as they come. */
typedef struct {
    int32_t *out;
    int cap, n, oom;
} sink;

static void emit(sink *s, int complexity, int kind, int source, int target) {
    if (s->oom) return;
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 256;
        int32_t *grown = realloc(s->out, (size_t)cap * 4 * sizeof *grown);
        if (!grown) {
            s->oom = 1;
            return;
        }
        s->out = grown;
        s->cap = cap;
    }
    int32_t *h = s->out + 4 * s->n++;
    h[0] = complexity;
    h[1] = kind;
    h[2] = source;
    h[3] = target;
}

/* Whether an "on" target removes anything: its cell has another candidate. */
static int removes(const uint16_t cm0[81], int k) {
    if (!(k & 1)) return 1;
    int c = (k >> 1) % 81, d = (k >> 1) / 81;
    return (cm0[c] & ~(1u << d)) != 0;
}

/* The complexity of the chains nested among the ancestors of k in every run, each
 * chain once. */
static int nested_common(work_t *w, run_t *const *runs, int n, int k) {
    int sum = 0, any = 0;
    for (int j = 0; j < n; j++) any |= runs[j]->nest && runs[j]->nest->n;
    if (!any) return 0;
    if (!marks_ready(w)) {
        w->oom = 1;
        return 0;
    }
    w->stamp++;
    for (int j = 0; j < n; j++) {
        const nest_t *t = runs[j]->nest;
        if (!t || !t->n) continue;
        for (int i = 0; i < t->cnt[k]; i++) {
            int id = t->pool[t->at[k] + i];
            if (w->mark[id] == w->stamp) continue;
            w->mark[id] = w->stamp;
            sum += sestatic9_complexity(w->chains, id);
        }
    }
    return sum;
}

/* The potentials every run of runs[0..n-1] reached, in the order of runs[0] ("on" then
 * "off"), each with the sum of its ancestor counts and of the chains nested in them. */
static void common(work_t *w, sink *s, const uint16_t cm0[81], run_t *const *runs, int n,
                   int kind, int source) {
    for (int pass = 0; pass < 2; pass++) {
        const uint16_t *keys = pass ? runs[0]->off : runs[0]->on;
        int nk = pass ? runs[0]->n_off : runs[0]->n_on;
        for (int i = 0; i < nk; i++) {
            int k = keys[i], sum = 0, all = 1;
            for (int j = 0; j < n && all; j++) {
                all = reached(runs[j], k);
                if (all) sum += runs[j]->cnt[k];
            }
            if (all && removes(cm0, k)) emit(s, sum + nested_common(w, runs, n, k), kind, source, k);
        }
    }
}

/* A run's record, with room for its nested chains from level 2 on (NULL: no memory). */
static run_t *new_run(int level) {
    run_t *r = malloc(sizeof *r);
    if (!r) return NULL;
    r->nest = NULL;
    if (level >= 2 && !(r->nest = calloc(1, sizeof *r->nest))) {
        free(r);
        return NULL;
    }
    return r;
}

static void free_run(run_t *r) {
    if (!r) return;
    if (r->nest) free(r->nest->pool);
    free(r->nest);
    free(r);
}

/* A work space (NULL: no memory); free_work frees it and what it holds. */
static work_t *new_work(void) {
    work_t *w = malloc(sizeof *w);
    if (!w) return NULL;
    w->chains = NULL;
    w->mark = NULL;
    w->cap_mark = 0;
    w->stamp = 0;
    w->oom = 0;
    w->inner = NULL;
    w->scratch = NULL;
    w->hints = NULL;
    w->cap_hints = 0;
    w->ikeys = NULL;
    w->keep = 0;
    w->sr = NULL;
    memset(w->pool, 0, sizeof w->pool);
    w->hw = sd_cpu_level() >= SD_CPU_AVX2;
    memset(w->slot, 0xff, sizeof w->slot);   /* each run leaves them so (finish) */
    return w;
}

static void free_work(work_t *w) {
    if (!w) return;
    free_work(w->inner);
    free_run(w->scratch);
    free(w->hints);
    free(w->ikeys);
    sestatic9_free(w->chains);
    free(w->mark);
    free(w->sr);
    for (int i = 0; i < 730; i++) free_run(w->pool[i]);
    free(w);
}

/* The i-th run of w's pool (made when first needed), with room for nested chains from
 * level 2; NULL when out of memory. */
static run_t *pool_run(work_t *w, int i, int level) {
    run_t *r = w->pool[i];
    if (!r) return w->pool[i] = new_run(level);
    if (level >= 2 && !r->nest && !(r->nest = calloc(1, sizeof *r->nest))) return NULL;
    return r;
}

/* Readies w for the state cm0: a bit for each potential of its candidates, the places
 * of each digit in each house. */
static void prepare(work_t *w, const uint16_t cm0[81]) {
    int nbits = 0;
    for (int k = 0; k < NKEY; k++) {
        int on = cm0[(k >> 1) % 81] >> ((k >> 1) / 81) & 1;
        w->bit[k] = (int16_t)(on ? nbits : -1);
        if (on) w->key_at[nbits++] = (int16_t)k;
    }
    w->nw = nbits ? (nbits + 63) / 64 : 1;
    memset(w->pos0, 0, sizeof w->pos0);
    for (int h = 0; h < 27; h++)
        for (int k = 0; k < 9; k++)
            for (unsigned m = cm0[B9_HOUSE[h][k]]; m; m &= m - 1)
                w->pos0[b9_ctz(m)][h] |= (uint16_t)(1u << k);
}

/* What a static run can reach: a static run follows the links of the grid it starts
 * from (it removes nothing as it goes), so what it meets lies in the closure of its start
 * in the graph of those links: "on" to the cell's other candidates and the digit's peers
 * "off", "off" to the other candidate of a bivalue cell and the digit's other place in a
 * house with two.  The closure is by strongly connected components (Tarjan's, closed in
 * an order where a component reaches only those closed before it), over the bits of the
 * potentials (w->bit). */
struct sreach {
    int16_t comp[NKEY];   /* each potential's component, -1 on the stack */
    int16_t num[NKEY], low[NKEY];
    int32_t e_at[NKEY + 1], edge[NKEY];
    uint16_t e_to[729 * 32];
    ancs set[NKEY];       /* by component: what it reaches in one link or more */
    ancs removing;        /* the potentials whose conclusion removes something */
};

/* The links out of potential k on the grid cm0 (pos0: its places), to out; their number. */
static int static_links(const work_t *w, const uint16_t cm0[81], int k, uint16_t out[32]) {
    int cell = (k >> 1) % 81, d = (k >> 1) / 81, n = 0;
    if (k & 1) {
        for (unsigned m = cm0[cell] & ~(1u << d); m; m &= m - 1) out[n++] = (uint16_t)key_of(cell, b9_ctz(m), 0);
        for (int i = 0; i < 20; i++)
            if (cm0[PEER_ORDER[cell][i]] >> d & 1) out[n++] = (uint16_t)key_of(PEER_ORDER[cell][i], d, 0);
        return n;
    }
    unsigned m = cm0[cell];
    if (b9_popc(m) == 2) out[n++] = (uint16_t)key_of(cell, b9_ctz(m & ~(1u << d)), 1);
    uint8_t hs[3];
    houses_of(cell, hs);
    for (int j = 0; j < 3; j++) {
        unsigned here = w->pos0[d][hs[j]];
        if (b9_popc9(here) != 2) continue;
        int other = B9_HOUSE[hs[j]][b9_ctz(here)];
        if (other == cell) other = B9_HOUSE[hs[j]][b9_ctz(here & (here - 1))];
        int kk = key_of(other, d, 1), seen = 0;
        for (int t = 0; t < n; t++) seen |= out[t] == kk;
        if (!seen) out[n++] = (uint16_t)kk;
    }
    return n;
}

/* Makes w->sr for the state cm0 (w prepared for it); 0 when out of memory. */
static int static_reach(work_t *w, const uint16_t cm0[81]) {
    if (!w->sr && !(w->sr = malloc(sizeof *w->sr))) return 0;
    struct sreach *r = w->sr;
    uint16_t keys[NKEY], stack[NKEY], call[NKEY];
    int32_t ends[NKEY];
    int n = 0, ne = 0;
    memset(&r->removing, 0, sizeof r->removing);
    for (int k = 0; k < NKEY; k++) {
        if (w->bit[k] < 0) continue;
        int cell = (k >> 1) % 81;
        if (!(k & 1) || b9_popc(cm0[cell]) > 1) anc_set(&r->removing, w->bit[k]);
        r->e_at[k] = ne;   /* each key's links */
        ne += static_links(w, cm0, k, r->e_to + ne);
        ends[k] = ne;
        r->num[k] = -1;
        keys[n++] = (uint16_t)k;
    }
    int n_comp = 0, next = 0, sp = 0;
    for (int t = 0; t < n; t++) {
        int root = keys[t];
        if (r->num[root] >= 0) continue;
        int depth = 0;
        call[0] = (uint16_t)root;
        r->edge[root] = r->e_at[root];
        r->num[root] = r->low[root] = (int16_t)next++;
        stack[sp++] = (uint16_t)root;
        r->comp[root] = -1;
        while (depth >= 0) {
            int v = call[depth];
            if (r->edge[v] < ends[v]) {
                int u = r->e_to[r->edge[v]++];
                if (r->num[u] < 0) {
                    r->num[u] = r->low[u] = (int16_t)next++;
                    stack[sp++] = (uint16_t)u;
                    r->comp[u] = -1;
                    r->edge[u] = r->e_at[u];
                    call[++depth] = (uint16_t)u;
                } else if (r->comp[u] == -1 && r->num[u] < r->low[v]) {
                    r->low[v] = r->num[u];   /* u is on the stack */
                }
                continue;
            }
            if (r->low[v] == r->num[v]) {   /* v closes a component: what it reaches */
                ancs *set = &r->set[n_comp];
                memset(set, 0, (size_t)w->nw * sizeof set->w[0]);
                int first = sp, u, size = 0;
                do {
                    u = stack[--first];
                    size++;
                } while (u != v);
                for (int i = first; i < sp; i++) r->comp[stack[i]] = (int16_t)n_comp;
                if (size > 1)
                    for (int i = first; i < sp; i++) anc_set(set, w->bit[stack[i]]);
                for (int i = first; i < sp; i++)
                    for (int e = r->e_at[stack[i]]; e < ends[stack[i]]; e++) {
                        int x = r->e_to[e], c = r->comp[x];
                        if (c == n_comp || anc_has(set, w->bit[x])) continue;   /* then all it reaches */
                        anc_set(set, w->bit[x]);
                        anc_or(set, &r->set[c], w->nw);
                    }
                sp = first;
                n_comp++;
            }
            if (--depth >= 0 && r->low[v] < r->low[call[depth]]) r->low[call[depth]] = r->low[v];
        }
    }
    return 1;
}

/* Whether the static runs from the n "on" keys may all reach a potential that removes
 * something (w->sr made): the closures of the starts meet there. */
static int static_meet(const work_t *w, const int *keys, int n) {
    const struct sreach *r = w->sr;
    ancs both = r->removing;
    for (int i = 0; i < n; i++) {
        ancs one = r->set[r->comp[keys[i]]];
        anc_set(&one, w->bit[keys[i]]);
        for (int j = 0; j < w->nw; j++) both.w[j] &= one.w[j];
    }
    for (int j = 0; j < w->nw; j++)
        if (both.w[j]) return 1;
    return 0;
}

/* SE's search on the state cm0 (w prepared for it): its hints to s; -1 when memory ran
 * out. */
static int search(work_t *w, const uint16_t cm0[81], int dynamic, int level, sink *s) {
    run_t **memo = calloc(729, sizeof *memo);
    run_t *off_run = pool_run(w, 729, level);
    int result = -1, n_runs = 0;
    if (!memo || !off_run) goto done;
    /* a static search runs only what may conclude something (static_reach) */
    int sieve = !dynamic && !level && static_reach(w, cm0);
    for (int cell = 0; cell < 81; cell++) {
        unsigned m = cm0[cell];
        int card = b9_popc(m);
        if (!(card > 2 || (card > 1 && dynamic))) continue;
        run_t *per_digit[9];
        int nd = 0, by_cell = 1;
        if (sieve) {
            int starts[9], ns = 0;
            for (unsigned bits = m; bits; bits &= bits - 1) starts[ns++] = key_of(cell, b9_ctz(bits), 1);
            by_cell = static_meet(w, starts, ns);
        }
        for (unsigned bits = m; bits; bits &= bits - 1) {
            int d = b9_ctz(bits), src = d * 81 + cell;
            run_t *on_run = memo[src];
            if (!on_run && by_cell) {
                on_run = memo[src] = pool_run(w, n_runs++, level);
                if (!on_run) goto done;
                run(w, cm0, key_of(cell, d, 1), dynamic, level, on_run);
            }
            if (dynamic) {   /* a static search draws nothing from the assumptions "off" */
                if (on_run->absurd)
                    emit(s, on_run->absurd, SECHAIN_CONTRA_ON, src, key_of(cell, d, 0));
                run(w, cm0, key_of(cell, d, 0), dynamic, level, off_run);
                if (off_run->absurd)
                    emit(s, off_run->absurd, SECHAIN_CONTRA_OFF, src, key_of(cell, d, 1));
            }
            if (card >= 3 && dynamic) {
                run_t *both[2] = {on_run, off_run};
                common(w, s, cm0, both, 2, SECHAIN_DOUBLE, src);
            }
            uint8_t hs[3];
            houses_of(cell, hs);
            for (int j = 0; j < 3; j++) {
                run_t *runs[9];
                int places[9], np = 0;
                for (int i = 0; i < 9; i++) {
                    int x = B9_HOUSE[hs[j]][i];
                    if (cm0[x] >> d & 1) places[np++] = x;
                }
                if (np < 2 || places[0] != cell) continue;   /* the house once, at its first place */
                if (sieve) {
                    int keys[9];
                    for (int i = 0; i < np; i++) keys[i] = key_of(places[i], d, 1);
                    if (!static_meet(w, keys, np)) continue;
                }
                for (int i = 0; i < np; i++) {
                    int xs = d * 81 + places[i];
                    if (!memo[xs]) {
                        memo[xs] = pool_run(w, n_runs++, level);
                        if (!memo[xs]) goto done;
                        run(w, cm0, key_of(places[i], d, 1), dynamic, level, memo[xs]);
                    }
                    runs[i] = memo[xs];
                }
                common(w, s, cm0, runs, np, SECHAIN_REGION, hs[j] * 9 + d);
            }
            per_digit[nd++] = on_run;
        }
        if (by_cell) common(w, s, cm0, per_digit, nd, SECHAIN_CELL, cell);
    }
    result = w->oom || s->oom ? -1 : s->n;
done:
    free(memo);   /* the runs stay in the pool */
    return result;
}

static inline void set729(uint64_t *set, int x) { set[x >> 6] |= UINT64_C(1) << (x & 63); }
static inline int has729(const uint64_t *set, int x) { return (int)(set[x >> 6] >> (x & 63) & 1); }

/* SE's collectRuleParents over the ancestors a of a nested chain's target (in the inner
 * work in): for each "on" potential, the candidates that its cell (made by the cell's
 * rule) or its house (made by the house's) had in the outer run's start cm0 and has no
 * more in the outer working grid cur, added to par (digit * 81 + cell).  start is the
 * cause given to the assumption (CAUSE_START: none).  The keys met go to keys[*n..]. */
static void rule_parents(const work_t *in, const ancs *a, int start, const uint16_t cm0[81],
                         const uint16_t cur[81], uint64_t par[12], uint16_t *keys, int *n) {
    for (int i = 0; i < in->nw; i++)
        for (uint64_t m = a->w[i]; m; m &= m - 1) {
            int k = in->key_at[64 * i + sd_ctz64(m)];
            keys[(*n)++] = (uint16_t)k;
            if (!(k & 1)) continue;
            int cause = in->cause[k] == CAUSE_START ? start : in->cause[k];
            int cell = (k >> 1) % 81, d = (k >> 1) / 81;
            if (cause == CAUSE_CELL) {
                for (unsigned g = cm0[cell] & ~cur[cell] & 511u; g; g &= g - 1)
                    set729(par, b9_ctz(g) * 81 + cell);
            } else if (cause >= 0) {
                for (int j = 0; j < 9; j++) {
                    int x = B9_HOUSE[cause][j];
                    if ((cm0[x] & ~cur[x]) >> d & 1) set729(par, d * 81 + x);
                }
            }
        }
}

/* The rule parents of a nested hint h (four ints, of the search on cur) and its keys (its
 * identity) in w->ikeys: its runs made again in the inner work.  Returns the number of
 * keys, -1 when memory ran out. */
static int hint_parents(work_t *w, const uint16_t cm0[81], int dynamic, const int32_t *h,
                        uint64_t par[12]) {
    work_t *in = w->inner;
    const uint16_t *cur = w->cm;
    int kind = h[1], src = h[2], tgt = h[3], n = 0;
    int starts[9], ns = 0, cause = CAUSE_START;
    uint16_t *keys = w->ikeys;
    keys[n++] = (uint16_t)kind;
    keys[n++] = (uint16_t)src;
    keys[n++] = (uint16_t)tgt;
    if (kind == SECHAIN_CONTRA_ON || kind == SECHAIN_CONTRA_OFF) {
        starts[ns++] = key_of(src % 81, src / 81, kind == SECHAIN_CONTRA_ON);
    } else if (kind == SECHAIN_DOUBLE) {
        starts[ns++] = key_of(src % 81, src / 81, 1);
        starts[ns++] = key_of(src % 81, src / 81, 0);
    } else if (kind == SECHAIN_REGION) {
        int house = src / 9, d = src % 9;
        cause = house;
        for (int i = 0; i < 9; i++) {
            int x = B9_HOUSE[house][i];
            if (cur[x] >> d & 1) starts[ns++] = key_of(x, d, 1);
        }
    } else {
        cause = CAUSE_CELL;
        for (unsigned m = cur[src]; m; m &= m - 1) starts[ns++] = key_of(src, b9_ctz(m), 1);
    }
    if (!in->scratch && !(in->scratch = new_run(0))) return -1;
    run_t *r = in->scratch;
    in->keep = 1;
    for (int i = 0; i < ns; i++) {
        run(in, cur, starts[i], dynamic, 0, r);
        keys[n++] = 0xffff;
        if (kind == SECHAIN_CONTRA_ON || kind == SECHAIN_CONTRA_OFF) {
            if (r->absurd) {
                rule_parents(in, &in->abs[0], cause, cm0, cur, par, keys, &n);
                keys[n++] = 0xffff;
                rule_parents(in, &in->abs[1], cause, cm0, cur, par, keys, &n);
            }
        } else if (in->slot[tgt] >= 0) {
            rule_parents(in, &in->anc[in->slot[tgt]], cause, cm0, cur, par, keys, &n);
        }
        finish(in, r);
    }
    in->keep = 0;
    return n;
}

/* The removals of a hint whose target is k, in SE's order (digit * 81 + cell). */
static int removals_of(const uint16_t cur[81], int k, int out[9]) {
    int cell = (k >> 1) % 81, d = (k >> 1) / 81, n = 0;
    if (!(k & 1)) {
        out[0] = d * 81 + cell;
        return 1;
    }
    for (unsigned m = cur[cell] & ~(1u << d); m; m &= m - 1) out[n++] = b9_ctz(m) * 81 + cell;
    return n;
}

static int by_value(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Levels 3 and 4: once the basic rules (and at level 3 the static forcing chains) remove
 * nothing, SE's multiple forcing chains (level 3) or dynamic forcing chains (level 4) on
 * the run's working grid.  Every hint, easiest first, whose rule parents are not empty
 * gives its removals not given yet, each an "off" potential whose ancestors are those of
 * the parents, with the hint as its nested chain. */
static void nested_chains(work_t *w, const uint16_t cm0[81], run_t *r, int dynamic) {
    if (!w->inner && !(w->inner = new_work())) goto oom;
    if (!w->ikeys && !(w->ikeys = malloc(IKEYS * sizeof *w->ikeys))) goto oom;
    work_t *in = w->inner;
    uint16_t cur[81];
    memcpy(cur, w->cm, sizeof cur);
    size_t size;
    const int32_t *hints = gridcache_get(dynamic, cur, &size);   /* tags 0 and 1 */
    int n;
    if (hints) {
        n = (int)(size / (4 * sizeof *hints));
        if (!n) return;
        prepare(in, cur);   /* for the runs made again (hint_parents) */
    } else {
        prepare(in, cur);
        sink s = {w->hints, w->cap_hints, 0, 0};
        n = search(in, cur, dynamic, 0, &s);
        w->hints = s.out;   /* kept, grown or not, for the next search */
        w->cap_hints = s.cap;
        if (n < 0) goto oom;
        /* SE's order: complexity, sort key, then as found */
        uint64_t *order = malloc((size_t)(n ? n : 1) * sizeof *order);
        int32_t *sorted = malloc((size_t)(n ? n : 1) * 4 * sizeof *sorted);
        if (!order || !sorted) {
            free(order);
            free(sorted);
            goto oom;
        }
        for (int i = 0; i < n; i++) {
            const int32_t *h = w->hints + 4 * i;
            order[i] = (uint64_t)(uint32_t)h[0] << 32 |
                       (uint64_t)SECHAIN_SORT_KEY[h[1]] << 24 | (uint64_t)i;
        }
        qsort(order, (size_t)n, sizeof *order, by_value);
        for (int i = 0; i < n; i++)
            memcpy(sorted + 4 * i, w->hints + 4 * (order[i] & 0xffffff), 4 * sizeof *sorted);
        free(order);
        free(w->hints);   /* the sorted copy takes its place */
        w->hints = sorted;
        w->cap_hints = n ? n : 1;
        gridcache_put(dynamic, cur, w->hints, (size_t)n * 4 * sizeof *w->hints);
        hints = w->hints;
    }
    if (!n) return;
    uint64_t given[12] = {0};
    for (int i = 0; i < n; i++) {
        const int32_t *h = hints + 4 * i;
        int rem[9], nr = removals_of(cur, h[3], rem), fresh = 0;
        for (int j = 0; j < nr; j++) fresh |= !has729(given, rem[j]);
        if (!fresh) continue;
        uint64_t par[12] = {0};
        int nk = hint_parents(w, cm0, dynamic, h, par);
        if (nk < 0) goto oom;
        int any = 0;
        for (int j = 0; j < 12; j++) any |= par[j] != 0;
        if (!any) continue;
        int id = sestatic9_intern_keys(w->chains, w->ikeys, nk, h[0]);
        if (id < 0) goto oom;
        ancs a;
        memset(&a, 0, (size_t)w->nw * sizeof a.w[0]);
        for (int j = 0; j < 12; j++)
            for (uint64_t m = par[j]; m; m &= m - 1) {
                int sl = w->slot[2 * (64 * j + sd_ctz64(m))];
                if (sl >= 0) anc_or(&a, &w->anc[sl], w->nw);
            }
        for (int j = 0; j < nr; j++) {
            if (has729(given, rem[j])) continue;
            set729(given, rem[j]);
            int k = 2 * rem[j];
            if (w->slot[k] < 0) add_nested(w, r, k, &a, id);
        }
    }
    return;
oom:
    w->oom = 1;
}

/* The work space kept in this thread between calls (large: made again each call, its
 * pages would be mapped and cleared each time). */
static SD_THREAD_LOCAL work_t *SPARE;

void sechain9_release(void) {
    free_work(SPARE);
    SPARE = NULL;
}

/* The thread's work space, ready for a search. */
static work_t *take_work(void) {
    work_t *w = SPARE;
    SPARE = NULL;
    if (!w) return new_work();
    for (work_t *x = w; x; x = x->inner) {   /* a run leaves the slots empty */
        x->oom = 0;
        x->keep = 0;
    }
    if (w->chains) sestatic9_forget_chains(w->chains);
    return w;
}

int sechain9(const uint16_t cm[81], int dynamic, int level, int32_t **out) {
    *out = NULL;
    if (level < 0 || level > SECHAIN_MAX_LEVEL) return -2;
    if (level > 0) dynamic = 1;
    uint16_t cm0[81];
    for (int c = 0; c < 81; c++) cm0[c] = cm[c] & 511u;
    work_t *w = take_work();
    int result = -1;
    if (!w) return -1;
    if (level >= 2 && !w->chains && !(w->chains = sestatic9_new())) goto done;
    peer_order();
    prepare(w, cm0);
    sink s = {NULL, 0, 0, 0};
    result = search(w, cm0, dynamic, level, &s);
    if (result < 0)
        free(s.out);
    else
        *out = s.out;
done:
    if (result < 0) {   /* out of memory: nothing is kept */
        free_work(w);
        return result;
    }
    SPARE = w;
    return result;
}
