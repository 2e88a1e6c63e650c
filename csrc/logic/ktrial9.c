/* The cage forcing chain's trials on a classic 9x9 killer (ktrial9.h). */
#include "logic/ktrial9.h"

#include <stdlib.h>
#include <string.h>

#include "common.h"

#if SD_HAVE_INT128

typedef unsigned __int128 kbb; /* a set of cells, bit c for cell c */

#define KT_MAX_TRIAL_SUM 6 /* open cells a sum of the 45 rule may have (MAX_TRIAL_SUM) */
#define KT_ONE ((kbb)1)

#define KT_MAX_HOUSES 48

typedef struct {
    int nhouses;
    kbb house[KT_MAX_HOUSES];
    kbb peer[81]; /* the cells sharing a house */
    int ncross[KT_MAX_HOUSES];
    int cross[KT_MAX_HOUSES][KT_MAX_HOUSES]; /* the houses sharing two cells or more */
} kgeo;

typedef struct {
    int total, k, cells[81];
    kbb mask;
} kcage;

typedef struct {
    int total, kp, km, cells[16];
    kbb mask;
} ksum;

typedef struct {
    const kgeo *geo;
    const kbb *peer; /* the houses' peers and the cages' cells */
    int ncages, nsums;
    const kcage *cages;
    const ksum *sums;
    const int *cage_of;
    /* the state */
    uint16_t m[81];
    uint8_t val[81];
    kbb dm[9], pm[9];
    kbb dirty_cage, dirty_sum, filled;
    uint16_t claims[81];
    int progress;
} ktrial;

static int low_cell(kbb x) {
    uint64_t lo = (uint64_t)x;
    return lo ? sd_ctz64(lo) : 64 + sd_ctz64((uint64_t)(x >> 64));
}

static int high_cell(kbb x) {
    for (int shift = 96; shift >= 0; shift -= 32) {
        uint32_t part = (uint32_t)(x >> shift);
        if (part) return shift + 31 - sd_clz32(part);
    }
    return -1;
}

static int popc(kbb x) { return sd_popc64((uint64_t)x) + sd_popc64((uint64_t)(x >> 64)); }

/* The peers and crossing houses of g's houses. */
static void make_geo(kgeo *g) {
    for (int c = 0; c < 81; c++) g->peer[c] = 0;
    for (int h = 0; h < g->nhouses; h++) {
        g->ncross[h] = 0;
        for (kbb x = g->house[h]; x; x &= x - 1) g->peer[low_cell(x)] |= g->house[h];
    }
    for (int c = 0; c < 81; c++) g->peer[c] &= ~(KT_ONE << c);
    for (int h = 0; h < g->nhouses; h++)
        for (int o = 0; o < g->nhouses; o++)
            if (o != h && popc(g->house[h] & g->house[o]) >= 2) g->cross[h][g->ncross[h]++] = o;
}

static int COMBOS_READY;
/* The digit sets by size and sum: COMBOS[COMBO_AT[k][s] .. COMBO_AT[k][s + 1] - 1] (sums
 * 0..45, one past for the end). */
static uint16_t COMBOS[512];
static int COMBO_AT[10][47];

static void make_combos(void) {
    int n = 0;
    for (int k = 0; k <= 9; k++)
        for (int s = 0; s <= 45; s++) {
            COMBO_AT[k][s] = n;
            for (unsigned m = 0; m < 512; m++) {
                int total = 0;
                for (unsigned x = m; x; x &= x - 1) total += sd_ctz32(x) + 1;
                if (sd_popc32(m) == k && total == s) COMBOS[n++] = (uint16_t)m;
            }
            COMBO_AT[k][s + 1] = n;
        }
}

/* Cell c keeps only the digits of keep; 0 when it is left without a candidate. */
static int cut(ktrial *t, int c, unsigned keep) {
    unsigned gone = t->m[c] & ~keep;
    if (!gone) return 1;
    kbb bit = KT_ONE << c;
    t->dirty_cage |= bit;
    t->dirty_sum |= bit;
    t->m[c] &= (uint16_t)keep;
    t->progress = 1;
    while (gone) {
        int d = sd_ctz32(gone);
        gone &= gone - 1;
        t->dm[d] &= ~bit;
    }
    return t->m[c] != 0;
}

/* Place digit d (1..9) in cell c; 0 on a contradiction. */
static int place(ktrial *t, int c, int d) {
    if (t->val[c]) return t->val[c] == d;
    if (!(t->m[c] >> (d - 1) & 1)) return 0;
    kbb bit = KT_ONE << c;
    unsigned gone = t->m[c];
    while (gone) {
        int e = sd_ctz32(gone);
        gone &= gone - 1;
        t->dm[e] &= ~bit;
    }
    t->m[c] = 0;
    t->val[c] = (uint8_t)d;
    t->pm[d - 1] |= bit;
    t->filled |= bit;
    t->progress = 1;
    kbb hit = t->dm[d - 1] & t->peer[c];
    t->dm[d - 1] &= ~hit;
    t->dirty_cage |= hit | bit;
    t->dirty_sum |= hit | bit;
    while (hit) {
        int p = low_cell(hit);
        hit &= hit - 1;
        t->m[p] &= (uint16_t) ~(1u << (d - 1));
        if (!t->m[p]) return 0;
    }
    return 1;
}

/* One level of match_combo's walk over the submasks S of combo that the first i cells
 * can hold (f[S], popc(S) == i): forward, mark the sets cell i (candidates own) adds to
 * them; backward, the digits of cell i that lead to a set the later cells complete (g),
 * returned, and mark those S in g. */
static unsigned match_level(unsigned combo, int i, unsigned own, uint8_t *f, uint8_t *g,
                            int backward) {
    unsigned s = combo, sup = 0;
    for (;;) {
        if (f[s] && sd_popc32(s) == i) {
            unsigned free = own & combo & ~s;
            while (free) {
                unsigned low = free & -free;
                free ^= low;
                if (!backward) {
                    f[s | low] = 1;
                } else if (g[s | low]) {
                    sup |= low;
                    g[s] = 1;
                }
            }
        }
        if (!s) break;
        s = (s - 1) & combo;
    }
    return sup;
}

/* The digits each of k cells (candidates own[i], within combo) takes when they hold
 * exactly the digits of combo, one each: 1 and sup filled, or 0 when they cannot. */
static int match_combo(unsigned combo, int k, const unsigned *own, unsigned *sup) {
    static SD_THREAD_LOCAL uint8_t f[512], g[512];
    for (int i = 0; i < k; i++)
        if (!(own[i] & combo)) return 0;
    unsigned s = combo;
    for (;;) {
        f[s] = 0;
        g[s] = 0;
        if (!s) break;
        s = (s - 1) & combo;
    }
    f[0] = 1;
    for (int i = 0; i < k; i++) match_level(combo, i, own[i], f, g, 0);
    if (!f[combo]) return 0;
    g[combo] = 1;
    for (int i = k - 1; i >= 0; i--) sup[i] = match_level(combo, i, own[i], f, g, 1);
    return 1;
}

/* One look at cage k; 0 on a contradiction. */
static int look_cage(ktrial *t, int k) {
    const kcage *cage = &t->cages[k];
    int free[81], nfree = 0, left = cage->total;
    unsigned placed_digits = 0;
    for (int i = 0; i < cage->k; i++) {
        int c = cage->cells[i];
        if (t->val[c]) {
            left -= t->val[c];
            placed_digits |= 1u << (t->val[c] - 1);
        } else {
            free[nfree++] = c;
        }
    }
    if (!nfree) return left == 0;
    if (nfree > 9 || left < 1 || left > 45) return 0;
    unsigned own[9], sup[9], support[9] = {0}, union_ = 0, required = 0x1FF;
    for (int i = 0; i < nfree; i++) {
        own[i] = t->m[free[i]];
        union_ |= own[i];
    }
    unsigned must = t->claims[k] & ~placed_digits;
    int any = 0;
    for (int at = COMBO_AT[nfree][left]; at < COMBO_AT[nfree][left + 1]; at++) {
        unsigned combo = COMBOS[at];
        if (combo & ~union_ || (combo & must) != must) continue;
        if (!match_combo(combo, nfree, own, sup)) continue;
        any = 1;
        required &= combo;
        for (int i = 0; i < nfree; i++) support[i] |= sup[i];
    }
    if (!any) return 0;
    for (int i = 0; i < nfree; i++)
        if (!cut(t, free[i], support[i])) return 0;
    while (required) {
        int d = sd_ctz32(required);
        required &= required - 1;
        kbb seen = ~(kbb)0;
        for (int i = 0; i < nfree; i++)
            if (t->m[free[i]] >> d & 1) seen &= t->peer[free[i]];
        seen &= t->dm[d] & ~cage->mask;
        while (seen) {
            int p = low_cell(seen);
            seen &= seen - 1;
            if (!cut(t, p, ~(1u << d))) return 0;
        }
    }
    return 1;
}

/* A filling of a small signed sum, cell by cell: cell i takes a digit of masks[i] that
 * no earlier linked cell holds, and the cells after it can still make what is left
 * (lo[i + 1]..hi[i + 1]).  Returns 1 with the digits in digit, or 0 when none. */
static int sum_find(int i, int n, int left, const uint32_t *masks, const uint32_t *links,
                    const int8_t *sg, const int *lo, const int *hi, int *digit) {
    if (i == n - 1) {
        int d = sg[i] * left;
        if (d < 1 || d > 9 || !(masks[i] >> (d - 1) & 1)) return 0;
        for (int j = 0; j < i; j++)
            if (links[i] >> j & 1 && digit[j] == d) return 0;
        digit[i] = d;
        return 1;
    }
    for (uint32_t m = masks[i]; m; m &= m - 1) {
        int d = sd_ctz32(m) + 1, rest = left - sg[i] * d, clash = 0;
        if (rest < lo[i + 1] || rest > hi[i + 1]) continue;
        for (int j = 0; j < i && !clash; j++) clash = links[i] >> j & 1 && digit[j] == d;
        if (clash) continue;
        digit[i] = d;
        if (sum_find(i + 1, n, rest, masks, links, sg, lo, hi, digit)) return 1;
    }
    return 0;
}

/* The digits each cell of a small signed sum takes in some filling (out, all 0 when
 * none): a filling is looked for with each candidate not yet in one. */
static void sum_support_walk(int n, int left, const uint32_t *masks, const uint32_t *links,
                        const int8_t *sg, uint32_t *out) {
    uint32_t fixed[KT_MAX_TRIAL_SUM];
    int lo[KT_MAX_TRIAL_SUM + 1], hi[KT_MAX_TRIAL_SUM + 1], digit[KT_MAX_TRIAL_SUM];
    for (int i = 0; i < n; i++) {
        fixed[i] = masks[i];
        out[i] = 0;
    }
    for (int i = 0; i < n; i++) {
        for (uint32_t m = masks[i] & ~out[i]; m; m &= m - 1) {
            if (out[i] >> sd_ctz32(m) & 1) continue;
            fixed[i] = m & -m;
            lo[n] = hi[n] = 0;
            for (int j = n - 1; j >= 0; j--) {
                int low = sd_ctz32(fixed[j]) + 1, high = 32 - sd_clz32(fixed[j]);
                lo[j] = lo[j + 1] + (sg[j] > 0 ? low : -high);
                hi[j] = hi[j + 1] + (sg[j] > 0 ? high : -low);
            }
            if (left >= lo[0] && left <= hi[0] &&
                sum_find(0, n, left, fixed, links, sg, lo, hi, digit))
                for (int j = 0; j < n; j++) out[j] |= 1u << (digit[j] - 1);
        }
        fixed[i] = masks[i];
        if (!out[i]) { /* no filling at all */
            for (int j = 0; j < n; j++) out[j] = 0;
            return;
        }
    }
}

/* Sums met before, by what they are (a trial meets the same sums again and again, and
 * so do the trials of one state): the answer depends on nothing else.  The entry points
 * run with the GIL held, one at a time. */
typedef struct {
    int16_t left;
    uint8_t n, used;
    uint16_t masks[KT_MAX_TRIAL_SUM], out[KT_MAX_TRIAL_SUM];
    uint8_t links[KT_MAX_TRIAL_SUM];
    int8_t signs[KT_MAX_TRIAL_SUM];
} sum_entry;

#define KT_CACHE 16384
static sum_entry SUM_CACHE[KT_CACHE];

static void sum_support(int n, int left, const uint32_t *masks, const uint32_t *links,
                        const int8_t *sg, uint32_t *out) {
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(left + 1000) ^ (uint64_t)n << 16;
    for (int i = 0; i < n; i++) {
        h = (h ^ masks[i]) * 1099511628211ull;
        h = (h ^ (links[i] | (uint32_t)(sg[i] > 0) << 8)) * 1099511628211ull;
    }
    sum_entry *e = &SUM_CACHE[(h ^ h >> 29) & (KT_CACHE - 1)];
    int same = e->used && e->n == n && e->left == left;
    for (int i = 0; same && i < n; i++)
        same = e->masks[i] == masks[i] && e->links[i] == links[i] && e->signs[i] == sg[i];
    if (same) {
        for (int i = 0; i < n; i++) out[i] = e->out[i];
        return;
    }
    sum_support_walk(n, left, masks, links, sg, out);
    e->used = 1;
    e->n = (uint8_t)n;
    e->left = (int16_t)left;
    for (int i = 0; i < n; i++) {
        e->masks[i] = (uint16_t)masks[i];
        e->links[i] = (uint8_t)links[i];
        e->signs[i] = sg[i];
        e->out[i] = (uint16_t)out[i];
    }
}

/* One look at sum j of the 45 rule; 0 on a contradiction. */
static int look_sum(ktrial *t, int j) {
    const ksum *s = &t->sums[j];
    if (popc(s->mask & ~t->filled) > KT_MAX_TRIAL_SUM) return 1;
    int every[16], n = 0, left = s->total, np = 0;
    for (int i = 0; i < s->kp + s->km; i++) {
        int c = s->cells[i];
        if (t->val[c]) {
            left += i < s->kp ? -t->val[c] : t->val[c];
        } else {
            if (n >= KT_MAX_TRIAL_SUM) return 1;
            every[n++] = c;
            np += i < s->kp;
        }
    }
    if (!n) return 1;
    uint32_t masks[KT_MAX_TRIAL_SUM], links[KT_MAX_TRIAL_SUM], out[KT_MAX_TRIAL_SUM];
    int8_t signs[KT_MAX_TRIAL_SUM];
    for (int i = 0; i < n; i++) {
        masks[i] = t->m[every[i]];
        signs[i] = (int8_t)(i < np ? 1 : -1);
        links[i] = 0;
        for (int o = 0; o < n; o++)
            if (t->peer[every[i]] >> every[o] & 1) links[i] |= 1u << o;
    }
    sum_support(n, left, masks, links, signs, out);
    if (!out[0]) return 0;
    for (int i = 0; i < n; i++)
        if (!cut(t, every[i], out[i])) return 0;
    return 1;
}

/* Follow the state to the end: 1 when it breaks, 0 when not, -1 when memory ran out. */
static int follow(ktrial *t) {
    const kgeo *g = t->geo;
    for (;;) {
        t->progress = 0;
        for (int c = 0; c < 81; c++) { /* naked singles */
            unsigned m = t->m[c];
            if (m && !(m & (m - 1)) && !place(t, c, sd_ctz32(m) + 1)) return 1;
        }
        for (int d = 0; d < 9; d++) /* hidden singles, digits without a place */
            for (int h = 0; h < g->nhouses; h++) {
                if (t->pm[d] & g->house[h]) continue;
                kbb x = t->dm[d] & g->house[h];
                if (!x) return 1;
                if (!(x & (x - 1)) && !place(t, low_cell(x), d + 1)) return 1;
            }
        if (t->progress) continue;
        for (int d = 0; d < 9; d++) /* locked candidates, a house's digit in a cage */
            for (int h = 0; h < g->nhouses; h++) {
                if (t->pm[d] & g->house[h]) continue;
                kbb x = t->dm[d] & g->house[h];
                if (!x) return 1;
                int k = t->cage_of[high_cell(x)];
                if (k >= 0 && !(x & ~t->cages[k].mask) && !(t->claims[k] >> d & 1)) {
                    t->claims[k] |= (uint16_t)(1u << d);
                    t->dirty_cage |= t->cages[k].mask;
                    t->progress = 1;
                }
                for (int i = 0; i < g->ncross[h]; i++) {
                    kbb gm = g->house[g->cross[h][i]];
                    if (x & ~gm) continue;
                    kbb hit = t->dm[d] & gm & ~g->house[h];
                    while (hit) {
                        int p = low_cell(hit);
                        hit &= hit - 1;
                        if (!cut(t, p, ~(1u << d))) return 1;
                    }
                }
            }
        if (t->progress) continue;
        kbb dirty = t->dirty_cage;
        t->dirty_cage = 0;
        for (int k = 0; k < t->ncages; k++)
            if ((t->cages[k].mask & dirty) && !look_cage(t, k)) return 1;
        if (t->progress) continue;
        dirty = t->dirty_sum;
        t->dirty_sum = 0;
        for (int j = 0; j < t->nsums; j++) {
            if (!(t->sums[j].mask & dirty)) continue;
            int got = look_sum(t, j);
            if (got < 0) return -1;
            if (!got) return 1;
        }
        if (!t->progress) return 0;
    }
}


/* Follow the assumption that cell holds digit to the end: as follow. */
static int run(ktrial *t, int cell, int digit) {
    if (!place(t, cell, digit)) return 1;
    return follow(t);
}

/* What the entry points share: the layout read, and the state the trials start from. */
typedef struct {
    kgeo *geo;
    kcage *cages;
    ksum *sums;
    kbb peer[81];
    int cage_of[81];
    ktrial start;
} kstart;

static void start_free(kstart *k) {
    free(k->cages);
    free(k->sums);
    free(k->geo);
}

/* Read layout, masks and values into k: 0, -1 for a layout it cannot read, -2 when memory
 * ran out (k holds nothing to free then). */
static int start_read(kstart *k, const int32_t *layout, int nlayout, const uint16_t *masks,
                      const uint8_t *values) {
    if (!COMBOS_READY) {
        make_combos();
        COMBOS_READY = 1;
    }
    int at = 0;
#define NEXT(var, lo, hi)                                          \
    do {                                                           \
        if (at >= nlayout) goto bad;                               \
        var = layout[at++];                                        \
        if ((var) < (lo) || (var) > (hi)) goto bad;                \
    } while (0)
    int ncages, nsums = 0;
    k->cages = NULL;
    k->sums = NULL;
    k->geo = malloc(sizeof *k->geo);
    if (!k->geo) return -2;
    for (int c = 0; c < 81; c++) k->cage_of[c] = -1;
    NEXT(ncages, 0, 81);
    k->cages = calloc((size_t)(ncages ? ncages : 1), sizeof *k->cages);
    if (!k->cages) {
        start_free(k);
        return -2;
    }
    kcage *cages = k->cages;
    for (int g = 0; g < ncages; g++) {
        NEXT(cages[g].total, 0, 1000);
        NEXT(cages[g].k, 1, 81);
        for (int i = 0; i < cages[g].k; i++) {
            int c;
            NEXT(c, 0, 80);
            cages[g].cells[i] = c;
            cages[g].mask |= KT_ONE << c;
            k->cage_of[c] = g;
        }
    }
    NEXT(nsums, 0, 1000000);
    k->sums = calloc((size_t)(nsums ? nsums : 1), sizeof *k->sums);
    if (!k->sums) {
        start_free(k);
        return -2;
    }
    for (int j = 0; j < nsums; j++) {
        ksum *x = &k->sums[j];
        NEXT(x->total, -1000, 1000);
        NEXT(x->kp, 0, 16);
        NEXT(x->km, 0, 16 - x->kp);
        for (int i = 0; i < x->kp + x->km; i++) {
            int c;
            NEXT(c, 0, 80);
            x->cells[i] = c;
            x->mask |= KT_ONE << c;
        }
    }
    for (int c = 0; c < 81 + KT_MAX_HOUSES; c++) {
        kbb x = 0;
        for (int w = 0; w < 4; w++) {
            if (at >= nlayout) goto bad;
            x |= (kbb)(uint32_t)layout[at++] << (32 * w);
        }
        if (x >> 81) goto bad;
        if (c < 81) {
            k->peer[c] = x;
        } else {
            k->geo->house[c - 81] = x;
            k->geo->nhouses = c - 80;
        }
        if (at == nlayout && c >= 81) break;
    }
    if (at != nlayout) goto bad;
    make_geo(k->geo);
    for (int c = 0; c < 81; c++)
        if ((k->peer[c] & k->geo->peer[c]) != k->geo->peer[c]) goto bad;
#undef NEXT
    for (int c = 0; c < 81; c++)
        if (masks[c] > 511 || values[c] > 9) goto bad;
    ktrial *t = &k->start;
    memset(t, 0, sizeof *t);
    t->geo = k->geo;
    t->peer = k->peer;
    t->ncages = ncages;
    t->nsums = nsums;
    t->cages = k->cages;
    t->sums = k->sums;
    t->cage_of = k->cage_of;
    for (int c = 0; c < 81; c++) {
        t->m[c] = values[c] ? 0 : masks[c];
        t->val[c] = values[c];
        if (values[c]) {
            t->pm[values[c] - 1] |= KT_ONE << c;
            t->filled |= KT_ONE << c;
        }
        for (unsigned m = t->m[c]; m; m &= m - 1) t->dm[sd_ctz32(m)] |= KT_ONE << c;
    }
    return 0;
bad:
    start_free(k);
    return -1;
}

int ktrial9(const int32_t *layout, int nlayout, const uint16_t *masks, const uint8_t *values,
            int ntrials, const uint8_t *cells, const uint8_t *digits, uint8_t *out) {
    kstart k;
    int status = start_read(&k, layout, nlayout, masks, values);
    if (status < 0) return status;
    ktrial t;
    for (int i = 0; i < ntrials; i++) {
        if (cells[i] > 80 || digits[i] < 1 || digits[i] > 9) {
            out[i] = 0;
            continue;
        }
        memcpy(&t, &k.start, sizeof t);
        int got = run(&t, cells[i], digits[i]);
        if (got < 0) {
            status = -2;
            break;
        }
        out[i] = (uint8_t)got;
    }
    start_free(&k);
    return status;
}

int ktrial9_cuts(const int32_t *layout, int nlayout, const uint16_t *masks,
                 const uint8_t *values, int ncut, const uint8_t *cut_cells, int ntrials,
                 const uint16_t *keeps, uint8_t *out, uint8_t *placed, uint16_t *final) {
    kstart k;
    int status = start_read(&k, layout, nlayout, masks, values);
    if (status < 0) return status;
    ktrial t;
    for (int i = 0; i < ntrials; i++) {
        memcpy(&t, &k.start, sizeof t);
        int got = 0;
        for (int j = 0; j < ncut && !got; j++)   /* a cell left empty: broken at once */
            if (cut_cells[j] <= 80 && !t.val[cut_cells[j]])
                got = !cut(&t, cut_cells[j], keeps[i]);
        if (!got) got = follow(&t);
        if (got < 0) {
            status = -2;
            break;
        }
        out[i] = (uint8_t)got;
        int count = 0;
        for (int c = 0; c < 81; c++) {
            count += t.val[c] && !values[c];
            final[(size_t)i * 81 + (size_t)c] =
                t.val[c] && !values[c] ? (uint16_t)(1u << (t.val[c] - 1)) : t.m[c];
        }
        placed[i] = (uint8_t)count;
    }
    start_free(&k);
    return status;
}

#else

int ktrial9(const int32_t *layout, int nlayout, const uint16_t *masks, const uint8_t *values,
            int ntrials, const uint8_t *cells, const uint8_t *digits, uint8_t *out) {
    (void)layout, (void)nlayout, (void)masks, (void)values, (void)ntrials, (void)cells;
    (void)digits, (void)out;
    return -1;
}

int ktrial9_cuts(const int32_t *layout, int nlayout, const uint16_t *masks,
                 const uint8_t *values, int ncut, const uint8_t *cut_cells, int ntrials,
                 const uint16_t *keeps, uint8_t *out, uint8_t *placed, uint16_t *final) {
    (void)layout, (void)nlayout, (void)masks, (void)values, (void)ncut, (void)cut_cells;
    (void)ntrials, (void)keeps, (void)out, (void)placed, (void)final;
    return -1;
}

#endif
