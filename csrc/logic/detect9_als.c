/* Detectors of the als family (see detect9.h): ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and
 * Death Blossom, mirroring shudu/logic/als.py.
 *
 * The almost locked sets are those of AlsIndex: in every house, the subsets of its open
 * cells of 1 .. min(8, open - 1) cells holding one digit more than cells, each cell set
 * once (a set lying in two houses counts once).  For a set and a digit d of it, its
 * target cells are the cells holding d that see every d of the set (never cells of the
 * set).  Two sets have the restricted common candidate (RCC) d when every d cell of one
 * is a target of the other.
 *
 * ALS-XY-Chain searches breadth first and rejects a chain whose (first found) path
 * repeats a set, so its result depends on the order of the Python index; that order is
 * reproduced exactly: sets sorted by (size, cell bitboard), and each set's RCC partners
 * in the order the Python loops insert them.
 *
 * When a state holds more sets or links than the fixed arrays below, the detectors
 * answer 1 ("maybe").
 *
 * The d9_als_*_first functions find the step the Python finder yields first (for the
 * solver's first9), the chain's by running every search of _chain_steps in its order.
 */
#include <stdlib.h>
#include <string.h>

#include "detect9.h"

#define MAXA 768          /* most ALS indexed */
#define MAXT (MAXA * 6)   /* most (ALS, digit) target bitboards */
#define MAXP 8192         /* most linked ALS pairs */
#define MAX_CHAIN 7       /* longest ALS-XY-Chain, in sets */
#define MAX_STEM 4        /* most candidates of a Death Blossom stem */


/* ------------------------------------------------------------------ the index */
typedef struct {
    int n, nt, overflow;
    const d9_als_geo *geo;   /* the grid's houses and peers; NULL: rows, columns, boxes */
    bb81 hcells[D9_ALS_MAX_HOUSES];   /* with geo: each house's cells */
    uint8_t open[D9_ALS_MAX_HOUSES];  /* open cells of each house */
    bb81 dm[9];           /* cells holding digit d + 1 */
    bb81 cells[MAXA];
    bb81 tun[MAXA];       /* union of the set's targets over its digits */
    uint16_t dig[MAXA];
    uint16_t off[MAXA]; /* first target of the set in targ (one per digit, ascending) */
    uint8_t size[MAXA];
    uint8_t house[MAXA];  /* the first house (rows, columns, boxes) holding the set */
    bb81 targ[MAXT];
} als_index;

static inline bb81 targ_of(const als_index *x, int i, int d) {
    unsigned m = x->dig[i];
    if (!(m >> d & 1)) return bb_make(0, 0);
    return x->targ[x->off[i] + b9_popc(m & ((1u << d) - 1))];
}

/* Whether the set of cells hc[sel] (found in house h) is first found in another house
 * (Python keeps the first house in the order rows, columns, boxes, then the grid's
 * others): with a grid's own houses, an earlier house holding every cell with an open
 * cell to spare. */
static int duplicate(const als_index *x, int h, const uint8_t *hc, unsigned sel, int size) {
    if (x->geo) {
        bb81 cm = bb_make(0, 0);
        for (unsigned t = sel; t; t &= t - 1) cm = bb_or(cm, bb_cell(hc[b9_ctz(t)]));
        for (int e = 0; e < h; e++)
            if (x->open[e] >= size + 1 && bb_subset(cm, x->hcells[e])) return 1;
        return 0;
    }
    if (h < 9) return 0;
    unsigned rows = 0, cols = 0;
    int r = 0, c = 0;
    for (unsigned m = sel; m; m &= m - 1) {
        int cell = hc[b9_ctz(m)];
        r = cell / 9;
        c = cell % 9;
        rows |= 1u << r;
        cols |= 1u << c;
    }
    if (b9_popc(rows) == 1 && x->open[r] >= size + 1) return 1;
    if (h >= 18 && b9_popc(cols) == 1 && x->open[9 + c] >= size + 1) return 1;
    return 0;
}

/* Every subset of the house's open cells hc[0 .. m - 1] of 1 .. limit cells holding one
 * digit more than cells (unions built incrementally over the subsets). */
static void enum_house(als_index *x, int h, const uint8_t *hc, const uint16_t *hm, int m,
                       int limit) {
    uint16_t un[512];
    un[0] = 0;
    for (unsigned sel = 1; sel < (1u << m); sel++) {
        unsigned u = un[sel & (sel - 1)] | hm[b9_ctz(sel)];
        un[sel] = (uint16_t)u;
        int k = b9_popc(sel);
        if (k > limit || b9_popc(u) != k + 1 || duplicate(x, h, hc, sel, k)) continue;
        if (x->n >= MAXA) {
            x->overflow = 1;
            return;
        }
        bb81 cm = bb_make(0, 0);
        for (unsigned t = sel; t; t &= t - 1) cm = bb_or(cm, bb_cell(hc[b9_ctz(t)]));
        x->cells[x->n] = cm;
        x->dig[x->n] = (uint16_t)u;
        x->size[x->n] = (uint8_t)k;
        x->house[x->n] = (uint8_t)h;
        x->n++;
    }
}

typedef struct {
    uint64_t a; /* (size << 17 | cells.hi) << 16 | original index */
    uint64_t b; /* cells.lo */
} sort_item;

static inline int item_le(const sort_item *p, const sort_item *q) {
    return p->a >> 16 != q->a >> 16 ? p->a >> 16 < q->a >> 16 : p->b <= q->b;
}

/* Sort the sets into the Python order (size, then cell bitboard): a bottom-up merge sort
 * of (key, index) items, then the permutation applied in place. */
static void sort_sets(als_index *x) {
    int n = x->n;
    sort_item it[MAXA], tmp[MAXA];
    uint8_t done[MAXA];
    for (int i = 0; i < n; i++) {
        it[i].a = ((uint64_t)x->size[i] << 17 | x->cells[i].hi) << 16 | (uint64_t)i;
        it[i].b = x->cells[i].lo;
    }
    sort_item *src = it, *dst = tmp;
    for (int w = 1; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int p = lo, q = mid, o = lo;
            while (p < mid && q < hi) dst[o++] = item_le(&src[p], &src[q]) ? src[p++] : src[q++];
            while (p < mid) dst[o++] = src[p++];
            while (q < hi) dst[o++] = src[q++];
        }
        sort_item *t = src;
        src = dst;
        dst = t;
    }
    memset(done, 0, sizeof done);
    for (int i = 0; i < n; i++) {
        if (done[i] || (int)(src[i].a & 0xFFFF) == i) continue;
        bb81 tc = x->cells[i];
        uint16_t td = x->dig[i];
        uint8_t ts = x->size[i], th = x->house[i];
        int j = i;
        for (;;) {
            int k = (int)(src[j].a & 0xFFFF);
            done[j] = 1;
            if (k == i) {
                x->cells[j] = tc;
                x->dig[j] = td;
                x->size[j] = ts;
                x->house[j] = th;
                break;
            }
            x->cells[j] = x->cells[k];
            x->dig[j] = x->dig[k];
            x->size[j] = x->size[k];
            x->house[j] = x->house[k];
            j = k;
        }
    }
}

/* Build the index over geo's houses and peers (NULL: rows, columns, boxes); ordered: sets
 * in the Python order (size, then cell bitboard).  Returns 0 on overflow. */
static int build_index(const d9_state *s, als_index *x, int ordered, const d9_als_geo *geo) {
    x->geo = geo;
    const int nh = geo ? geo->nh : 27;
    const bb81 *peer = geo ? geo->peer : B9_PEER_BB;
    x->n = x->nt = x->overflow = 0;
    for (int d = 0; d < 9; d++) x->dm[d] = s->cells[d];
    for (int h = 0; h < nh; h++) {
        const uint8_t *house = geo ? geo->house[h] : B9_HOUSE[h];
        int m = 0;
        bb81 hb = bb_make(0, 0);
        for (int k = 0; k < 9; k++) {
            m += s->c[house[k]] != 0;
            hb = bb_or(hb, bb_cell(house[k]));
        }
        x->open[h] = (uint8_t)m;
        x->hcells[h] = hb;
    }
    for (int h = 0; h < nh; h++) {
        const uint8_t *house = geo ? geo->house[h] : B9_HOUSE[h];
        uint8_t hc[9];
        uint16_t hm[9];
        int m = 0;
        for (int k = 0; k < 9; k++) {
            int cell = house[k];
            if (s->c[cell]) {
                hc[m] = (uint8_t)cell;
                hm[m] = s->c[cell];
                m++;
            }
        }
        if (m < 2) continue;
        int limit = m - 1 < 8 ? m - 1 : 8;
        enum_house(x, h, hc, hm, m, limit);
        if (x->overflow) return 0;
    }
    if (ordered && x->n > 1) sort_sets(x);
    for (int i = 0; i < x->n; i++) {
        if (x->nt + 9 > MAXT) return 0;
        x->off[i] = (uint16_t)x->nt;
        bb81 u = bb_make(0, 0);
        for (unsigned m = x->dig[i]; m; m &= m - 1) {
            int d = b9_ctz(m);
            bb81 dc = bb_and(x->cells[i], x->dm[d]);
            bb81 bud = bb_make(~UINT64_C(0), BB81_HI_ALL);
            for (uint64_t w = dc.lo; w; w &= w - 1)
                bud = bb_and(bud, peer[sd_ctz64(w)]);
            for (uint64_t w = dc.hi; w; w &= w - 1)
                bud = bb_and(bud, peer[64 + sd_ctz64(w)]);
            bb81 t = bb_and(bud, x->dm[d]);
            x->targ[x->nt++] = t;
            u = bb_or(u, t);
        }
        x->tun[i] = u;
    }
    return 1;
}

/* The RCC digits of sets i and j. */
static unsigned rcc_of(const als_index *x, int i, int j) {
    unsigned r = 0;
    for (unsigned m = x->dig[i] & x->dig[j]; m; m &= m - 1) {
        int d = b9_ctz(m);
        if (bb_subset(bb_and(x->cells[j], x->dm[d]), targ_of(x, i, d))) r |= 1u << d;
    }
    return r;
}

/* Digits z with a cell (outside both sets) seeing every z of sets a and b. */
static unsigned shared_z(const als_index *x, int a, int b) {
    if (!bb_meets(x->tun[a], x->tun[b])) return 0;
    unsigned z = 0;
    for (unsigned m = x->dig[a] & x->dig[b]; m; m &= m - 1) {
        int d = b9_ctz(m);
        if (bb_meets(targ_of(x, a, d), targ_of(x, b, d))) z |= 1u << d;
    }
    return z;
}

/* ALS-XZ: whether the linked pair (a, b) with RCC digits r eliminates something. */
static int xz_pair(const als_index *x, int a, int b, unsigned r) {
    if (shared_z(x, a, b) & ~r) return 1;
    if (b9_popc(r) < 2) return 0;
    if (shared_z(x, a, b)) return 1; /* an RCC seen from outside both sets */
    for (unsigned m = x->dig[a] & ~r; m; m &= m - 1)
        if (bb_any(bb_andnot(targ_of(x, a, b9_ctz(m)), x->cells[b]))) return 1;
    for (unsigned m = x->dig[b] & ~r; m; m &= m - 1)
        if (bb_any(bb_andnot(targ_of(x, b, b9_ctz(m)), x->cells[a]))) return 1;
    return 0;
}

/* ------------------------------------------------------------------ linked pairs */
typedef struct {
    int16_t head[MAXA];        /* per set, its last pair entry (2p: pi, 2p+1: pj) */
    int16_t next[2 * MAXP];
} wing_lists;

typedef struct {
    int np;
    wing_lists *wing;          /* when set: check ALS-XY-Wings as the pairs come */
    uint16_t pi[MAXP], pj[MAXP], pr[MAXP];
} pair_list;

/* ALS-XY-Wing: sets a and b linked to one pivot by RCCs ra and rb: whether some
 * x of ra and y of rb differ and leave a shared z. */
static int wing_pair(const als_index *x, int a, unsigned ra, int b, unsigned rb) {
    if (ra == rb && b9_popc(ra) == 1) return 0;
    unsigned z = shared_z(x, a, b);
    if (!z) return 0;
    for (unsigned mx = ra; mx; mx &= mx - 1) {
        for (unsigned my = rb & ~(mx & -mx); my; my &= my - 1) {
            if (z & ~((mx & -mx) | (my & -my))) return 1;
        }
    }
    return 0;
}

/* Add pair (i, j) with RCCs r to the wing lists: whether it completes a wing. */
static int wing_add(const als_index *x, pair_list *pl, int p) {
    int i = pl->pi[p], j = pl->pj[p];
    unsigned r = pl->pr[p];
    wing_lists *wl = pl->wing;
    for (int e = wl->head[i]; e >= 0; e = wl->next[e]) {
        int q = e >> 1, a = e & 1 ? pl->pi[q] : pl->pj[q];
        if (wing_pair(x, a, pl->pr[q], j, r)) return 1;
    }
    for (int e = wl->head[j]; e >= 0; e = wl->next[e]) {
        int q = e >> 1, b = e & 1 ? pl->pi[q] : pl->pj[q];
        if (wing_pair(x, b, pl->pr[q], i, r)) return 1;
    }
    wl->next[2 * p] = wl->head[i];
    wl->head[i] = (int16_t)(2 * p);
    wl->next[2 * p + 1] = wl->head[j];
    wl->head[j] = (int16_t)(2 * p + 1);
    return 0;
}

typedef struct {
    int ng;
    uint16_t tab[2048];    /* hash of the wheres: group + 1 */
    uint16_t slot[MAXA];   /* the slot of each group */
    bb81 where[MAXA];
    bb81 gt[MAXA];           /* targets of the group's cells */
    int16_t head[MAXA], tail[MAXA];
    int16_t next[MAXA];    /* next set of the same group, by set */
    uint16_t lowstart[82]; /* groups by their lowest cell, in group order: */
    uint16_t bgrp[MAXA];   /* the groups */
    bb81 bwhere[MAXA];       /* and their wheres */
} digit_groups;

/* The set pairs of linked groups ka, kb of digit d whose lowest RCC is d: stored in pl,
 * or (pl == NULL) checked for an ALS-XZ.  Returns 1 (found), -1 (overflow) or 0. */
static int group_pair(const als_index *x, const digit_groups *g, int ka, int kb, int d,
                      pair_list *pl) {
    for (int i = g->head[ka]; i >= 0; i = g->next[i]) {
        for (int j = g->head[kb]; j >= 0; j = g->next[j]) {
            unsigned r = rcc_of(x, i, j);
            if (b9_ctz(r) != d) continue; /* found at a lower digit */
            if (!pl) {
                if (xz_pair(x, i, j, r)) return 1;
                continue;
            }
            if (pl->np >= MAXP) return -1;
            pl->pi[pl->np] = (uint16_t)i;
            pl->pj[pl->np] = (uint16_t)j;
            pl->pr[pl->np] = (uint16_t)r;
            pl->np++;
            if (pl->wing && wing_add(x, pl, pl->np - 1)) return 1;
        }
    }
    return 0;
}

/* Every pair of sets with an RCC once (at its lowest RCC digit), in the order the Python
 * index inserts them into its RCC dicts (when the sets are in the Python order), stored
 * in pl.  With pl == NULL: whether some pair makes an ALS-XZ; with pl->wing: whether
 * some pairs make an ALS-XY-Wing.  Returns 1 (found), 0, or -1 on overflow. */
static int scan_pairs(const als_index *x, pair_list *pl) {
    digit_groups g;
    memset(g.tab, 0, sizeof g.tab);
    g.ng = 0;
    if (pl) {
        pl->np = 0;
        if (pl->wing)
            for (int i = 0; i < x->n; i++) pl->wing->head[i] = -1;
    }
    for (int d = 0; d < 9; d++) {
        for (int k = 0; k < g.ng; k++) g.tab[g.slot[k]] = 0;
        g.ng = 0;
        for (int i = 0; i < x->n; i++) {
            if (!(x->dig[i] >> d & 1)) continue;
            bb81 w = bb_and(x->cells[i], x->dm[d]);
            uint64_t hsh = (w.lo * UINT64_C(0x9E3779B97F4A7C15)) ^ (w.hi * UINT64_C(0xC2B2AE3D27D4EB4F));
            unsigned slot = (unsigned)(hsh >> 53);
            int grp;
            for (;;) {
                unsigned t = g.tab[slot];
                if (!t) {
                    grp = g.ng++;
                    g.tab[slot] = (uint16_t)(grp + 1);
                    g.slot[grp] = (uint16_t)slot;
                    g.where[grp] = w;
                    g.gt[grp] = targ_of(x, i, d);
                    g.head[grp] = g.tail[grp] = (int16_t)i;
                    g.next[i] = -1;
                    break;
                }
                if (bb_eq(g.where[t - 1], w)) {
                    grp = (int)t - 1;
                    g.next[g.tail[grp]] = (int16_t)i;
                    g.tail[grp] = (int16_t)i;
                    g.next[i] = -1;
                    break;
                }
                slot = (slot + 1) & 2047;
            }
        }
        if (g.ng < 2) continue;
        int ng = g.ng;
        bb81 lows = bb_make(0, 0);
        uint8_t lowc[MAXA];
        memset(g.lowstart, 0, sizeof g.lowstart);
        for (int k = 0; k < ng; k++) {
            int c = bb_first(g.where[k]);
            lowc[k] = (uint8_t)c;
            lows = bb_or(lows, bb_cell(c));
            g.lowstart[c + 1]++;
        }
        for (int c = 0; c < 81; c++) g.lowstart[c + 1] = (uint16_t)(g.lowstart[c + 1] + g.lowstart[c]);
        {
            uint16_t fill[81];
            memcpy(fill, g.lowstart, sizeof fill);
            for (int k = 0; k < ng; k++) {
                int q = fill[lowc[k]]++;
                g.bgrp[q] = (uint16_t)k;
                g.bwhere[q] = g.where[k];
            }
        }
        /* as Python: for each group ka, the partner groups kb > ka (as bitboards) lying
         * in its targets, by their lowest cell, then in group order */
        for (int ka = 0; ka < ng; ka++) {
            bb81 wa = g.where[ka], ta = g.gt[ka];
            bb81 cand = bb_and(ta, lows);
            for (int half = 0; half < 2; half++) {
                for (uint64_t cm = half ? cand.hi : cand.lo; cm; cm &= cm - 1) {
                    int c = sd_ctz64(cm) + 64 * half;
                    for (int q = g.lowstart[c]; q < g.lowstart[c + 1]; q++) {
                        bb81 wb = g.bwhere[q];
                        if ((wb.lo & ~ta.lo) | (wb.hi & ~ta.hi)) continue;
                        if (!bb_less(wa, wb)) continue;
                        int kb = g.bgrp[q];
                        int got = group_pair(x, &g, ka, kb, d, pl);
                        if (got) return got;
                    }
                }
            }
        }
    }
    return 0;
}

/* Per set, its pairs (indices into the pair list) in pair-list order. */
typedef struct {
    uint16_t start[MAXA + 1];
    uint16_t ent[2 * MAXP];
} adjacency;

static void build_adjacency(const als_index *x, const pair_list *pl, adjacency *a) {
    int cnt[MAXA + 1];
    memset(cnt, 0, sizeof(int) * (size_t)(x->n + 1));
    for (int p = 0; p < pl->np; p++) {
        cnt[pl->pi[p]]++;
        cnt[pl->pj[p]]++;
    }
    int sum = 0;
    for (int i = 0; i < x->n; i++) {
        a->start[i] = (uint16_t)sum;
        sum += cnt[i];
        cnt[i] = a->start[i];
    }
    a->start[x->n] = (uint16_t)sum;
    for (int p = 0; p < pl->np; p++) {
        a->ent[cnt[pl->pi[p]]++] = (uint16_t)p;
        a->ent[cnt[pl->pj[p]]++] = (uint16_t)p;
    }
}

static inline int partner(const pair_list *pl, int p, int self) {
    return pl->pi[p] == self ? pl->pj[p] : pl->pi[p];
}

/* ------------------------------------------------------------------ detectors */
static int d9_als_xz_body(const d9_state *s, als_index *x) {
    if (!build_index(s, x, 0, NULL)) return 1;
    return scan_pairs(x, NULL) != 0;
}

int d9_als_xz(const d9_state *s) {
    /* the work space lives on the heap: too big for small thread stacks */
    struct {
        als_index x;
    } *w = malloc(sizeof *w);
    if (!w) return 1;
    int found = d9_als_xz_body(s, &w->x);
    free(w);
    return found;
}

static int d9_als_xy_wing_body(const d9_state *s, als_index *x, pair_list *pl,
                               wing_lists *wl) {
    if (!build_index(s, x, 0, NULL)) return 1;
    pl->wing = wl;
    return scan_pairs(x, pl) != 0;
}

int d9_als_xy_wing(const d9_state *s) {
    /* the work space lives on the heap: too big for small thread stacks */
    struct {
        als_index x;
        pair_list pl;
        wing_lists wl;
    } *w = malloc(sizeof *w);
    if (!w) return 1;
    int found = d9_als_xy_wing_body(s, &w->x, &w->pl, &w->wl);
    free(w);
    return found;
}

#define MAXPET 16384 /* most (petal, stem digit) pairs over all stems */

static int d9_death_blossom_body(const d9_state *s, als_index *x) {
    if (!build_index(s, x, 0, NULL)) return 1;
    const bb81 all = bb_make(~UINT64_C(0), BB81_HI_ALL);
    bb81 stems = bb_make(0, 0);
    for (int c = 0; c < 81; c++) {
        int n = b9_popc(s->c[c]);
        if (n >= 3 && n <= MAX_STEM) stems = bb_or(stems, bb_cell(c));
    }
    if (!bb_any(stems)) return 0;
    /* petals of each stem: (set, digit) with the stem among the set's digit targets */
    int start[82], fill[81];
    uint16_t pet[MAXPET];
    memset(start, 0, sizeof start);
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < x->n; i++) {
            for (unsigned m = x->dig[i]; m; m &= m - 1) {
                int d = b9_ctz(m);
                bb81 t = bb_and(x->targ[x->off[i] + b9_popc(x->dig[i] & ((1u << d) - 1))], stems);
                for (int half = 0; half < 2; half++) {
                    for (uint64_t w = half ? t.hi : t.lo; w; w &= w - 1) {
                        int c = sd_ctz64(w) + 64 * half;
                        if (!pass) start[c + 1]++;
                        else pet[fill[c]++] = (uint16_t)(i * 9 + d);
                    }
                }
            }
        }
        if (!pass) {
            for (int c = 0; c < 81; c++) start[c + 1] += start[c];
            if (start[81] > MAXPET) return 1;
            memcpy(fill, start, sizeof fill);
        }
    }
    for (int stem = 0; stem < 81; stem++) {
        if (!bb_has(stems, stem)) continue;
        unsigned sm = s->c[stem], have = 0;
        for (int q = start[stem]; q < start[stem + 1]; q++) have |= 1u << (pet[q] % 9);
        if (have != sm) continue;
        /* v[k][z]: cells where z could lie, for the petals of the k-th stem digit */
        bb81 v[MAX_STEM][9];
        int dk[9] = {0};
        int k = 0;
        for (unsigned m = sm; m; m &= m - 1) dk[b9_ctz(m)] = k++;
        memset(v, 0, sizeof v);
        for (int q = start[stem]; q < start[stem + 1]; q++) {
            int i = pet[q] / 9, d = pet[q] % 9;
            bb81 *vd = v[dk[d]];
            vd[d] = bb_or(vd[d], bb_andnot(all, x->cells[i]));
            for (unsigned m = x->dig[i] & ~(1u << d); m; m &= m - 1) {
                int z = b9_ctz(m);
                vd[z] = bb_or(vd[z], x->targ[x->off[i] + b9_popc(x->dig[i] & ((1u << z) - 1))]);
            }
        }
        bb81 sbit = bb_cell(stem);
        for (int z = 0; z < 9; z++) {
            bb81 hit = bb_andnot(x->dm[z], sbit);
            if (sm >> z & 1) hit = bb_and(hit, B9_PEER_BB[stem]);
            for (int j = 0; j < k && bb_any(hit); j++) hit = bb_and(hit, v[j][z]);
            if (bb_any(hit)) return 1;
        }
    }
    return 0;
}

int d9_death_blossom(const d9_state *s) {
    /* the work space lives on the heap: too big for small thread stacks */
    struct {
        als_index x;
    } *w = malloc(sizeof *w);
    if (!w) return 1;
    int found = d9_death_blossom_body(s, &w->x);
    free(w);
    return found;
}

typedef struct {
    uint16_t vis[MAXA];          /* digits reached per set */
    uint16_t zend[MAXA];         /* per end set: digits z with a common target, or 0xFFFF */
    uint16_t par[MAXA * 9];      /* parent node (set * 9 + digit), 0xFFFF for the first */
    uint16_t fa[MAXA * 9], fb[MAXA * 9];
} chain_work;

/* Digits z with a cell seeing every z of set a and of set b (cached per start). */
static unsigned zend_of(const als_index *x, chain_work *w, int start, int e) {
    if (w->zend[e] == 0xFFFF) w->zend[e] = (uint16_t)shared_z(x, start, e);
    return w->zend[e];
}

/* The index in the Python order and every linked pair; 0 when the tables overflow. */
static int als_pairs(const d9_state *s, als_index *x, pair_list *pl, const d9_als_geo *geo) {
    if (!build_index(s, x, 1, geo)) return 0;
    pl->wing = NULL;
    return scan_pairs(x, pl) >= 0;
}

/* als_pairs, and each set's pairs. */
static int als_linked(const d9_state *s, als_index *x, pair_list *pl, adjacency *adj) {
    if (!als_pairs(s, x, pl, NULL)) return 0;
    build_adjacency(x, pl, adj);
    return 1;
}

/* Per digit, the cells that are targets of two or more sets (only there can a chain's
 * first and last sets share a target). */
static void twice_targets(const als_index *x, bb81 *twice) {
    bb81 once[9];
    for (int d = 0; d < 9; d++) once[d] = twice[d] = bb_make(0, 0);
    for (int i = 0; i < x->n; i++) {
        for (unsigned m = x->dig[i]; m; m &= m - 1) {
            int d = b9_ctz(m);
            bb81 t = targ_of(x, i, d);
            twice[d] = bb_or(twice[d], bb_and(once[d], t));
            once[d] = bb_or(once[d], t);
        }
    }
}

/* As _chain_steps: the digits of set start that some outside cell could lose (useful),
 * those with a target another set shares (shared) and the RCC digits of its links
 * (firsts).  Returns 0 when the set starts no search. */
static int start_digits(const als_index *x, const pair_list *pl, const adjacency *adj,
                        const bb81 *twice, int start, unsigned *useful, unsigned *shared,
                        unsigned *firsts) {
    int q0 = adj->start[start], q1 = adj->start[start + 1];
    *useful = *shared = *firsts = 0;
    if (q0 == q1) return 0;
    for (unsigned m = x->dig[start]; m; m &= m - 1) {
        int d = b9_ctz(m);
        bb81 t = targ_of(x, start, d);
        if (bb_any(t)) *useful |= 1u << d;
        if (bb_meets(t, twice[d])) *shared |= 1u << d;
    }
    if (!*useful) return 0;
    for (int q = q0; q < q1; q++) *firsts |= pl->pr[adj->ent[q]];
    return 1;
}

int d9_als_xy_chain(const d9_state *s) {
    /* the search of the first chain: exact, and a chain is a step (past the tables or
     * out of memory: "would change", and the finder looks) */
    bb81 sets[MAX_CHAIN];
    int rcc[MAX_CHAIN - 1];
    unsigned zmask = 0;
    return d9_als_xy_chain_first(s, sets, rcc, &zmask) != 0;
}

/* ------------------------------------------------------------------ export */
static int d9_als_export_body(const d9_state *s, const d9_als_geo *geo, als_index *x,
                              pair_list *pl, d9_als_set_sink set_sink,
                              d9_als_pair_sink pair_sink, void *ctx) {
    if (!als_pairs(s, x, pl, geo)) return 0;
    for (int i = 0; i < x->n; i++) {
        bb81 dcells[9], targ[9];   /* both empty for digits outside the set */
        for (int d = 0; d < 9; d++) {
            dcells[d] = bb_and(x->cells[i], x->dm[d]);
            targ[d] = targ_of(x, i, d);
        }
        if (set_sink(ctx, x->cells[i], x->dig[i], x->house[i], dcells, targ) < 0) return -1;
    }
    for (int p = 0; p < pl->np; p++)
        if (pair_sink(ctx, pl->pi[p], pl->pj[p], pl->pr[p]) < 0) return -1;
    return 1;
}

int d9_als_export_geo(const d9_state *s, const d9_als_geo *geo, d9_als_set_sink set_sink,
                      d9_als_pair_sink pair_sink, void *ctx) {
    if (geo && (geo->nh < 0 || geo->nh > D9_ALS_MAX_HOUSES)) return 0;
    /* the work space lives on the heap: too big for small thread stacks */
    struct {
        als_index x;
        pair_list pl;
    } *w = malloc(sizeof *w);
    if (!w) return -2;
    int got = d9_als_export_body(s, geo, &w->x, &w->pl, set_sink, pair_sink, ctx);
    free(w);
    return got;
}

int d9_als_export(const d9_state *s, d9_als_set_sink set_sink, d9_als_pair_sink pair_sink,
                  void *ctx) {
    return d9_als_export_geo(s, NULL, set_sink, pair_sink, ctx);
}

/* ------------------------------------------------------------------ first ALS-XY-Wing */
/* The first ALS-XY-Wing over linked tables (als_linked): 1 with its sets and RCC digits,
 * or 0. */
static int wing_first(const als_index *x, const pair_list *pl, const adjacency *adj,
                      uint32_t *link, bb81 *sets, int *out) {
    for (int c = 0; c < x->n; c++) {
        int q0 = adj->start[c], q1 = adj->start[c + 1], k = 0;
        if (q1 - q0 < 2) continue;
        /* the pivot's partners, ascending (the Python loops take them so) */
        for (int q = q0; q < q1; q++) {
            int p = adj->ent[q];
            uint32_t item = (uint32_t)partner(pl, p, c) << 16 | pl->pr[p];
            int i = k++;
            while (i > 0 && link[i - 1] > item) {
                link[i] = link[i - 1];
                i--;
            }
            link[i] = item;
        }
        for (int ia = 0; ia < k; ia++) {
            int a = (int)(link[ia] >> 16);
            unsigned ra = link[ia] & 0xFFFFu;
            for (int ib = ia + 1; ib < k; ib++) {
                int b = (int)(link[ib] >> 16);
                unsigned rb = link[ib] & 0xFFFFu;
                if (b9_popc(ra) == 1 && rb == ra) continue; /* one same digit: no x != y */
                unsigned z = shared_z(x, a, b);
                if (!z) continue;
                for (unsigned mx = ra; mx; mx &= mx - 1) {
                    for (unsigned my = rb; my; my &= my - 1) {
                        unsigned bx = mx & -mx, by = my & -my;
                        if (bx == by || !(z & ~(bx | by))) continue;
                        sets[0] = x->cells[a];
                        sets[1] = x->cells[b];
                        sets[2] = x->cells[c];
                        out[0] = b9_ctz(bx);
                        out[1] = b9_ctz(by);
                        return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* The work space of the first ALS-XZ and ALS-XY-Wing (on the heap: too big for small
 * thread stacks). */
typedef struct {
    als_index x;
    pair_list pl;
    adjacency adj;
    uint32_t link[2 * MAXP]; /* a pivot's (partner << 16 | RCC digits), sorted */
} firsts_work;

int d9_als_xy_wing_first(const d9_state *s, bb81 *sets, int *out) {
    firsts_work *w = malloc(sizeof *w);
    if (!w) return -2;
    int got = als_linked(s, &w->x, &w->pl, &w->adj)
                  ? wing_first(&w->x, &w->pl, &w->adj, w->link, sets, out) : -1;
    free(w);
    return got;
}

/* ------------------------------------------------------------------ first ALS-XZ */
/* The first ALS-XZ over linked tables (als_linked): 1 with its sets and RCC digits, or
 * 0. */
static int xz_first(const als_index *x, const pair_list *pl, const adjacency *adj, bb81 *sets,
                    unsigned *rcc) {
    /* as the Python search: sets a in order, each one's partners b > a in the order
     * its RCC dict holds them (the pair list's) */
    for (int a = 0; a < x->n; a++) {
        for (int q = adj->start[a]; q < adj->start[a + 1]; q++) {
            int p = adj->ent[q], b = partner(pl, p, a);
            if (b <= a || !xz_pair(x, a, b, pl->pr[p])) continue;
            sets[0] = x->cells[a];
            sets[1] = x->cells[b];
            *rcc = pl->pr[p];
            return 1;
        }
    }
    return 0;
}

int d9_als_xz_first(const d9_state *s, bb81 *sets, unsigned *rcc) {
    firsts_work *w = malloc(sizeof *w);
    if (!w) return -2;
    int got = als_linked(s, &w->x, &w->pl, &w->adj)
                  ? xz_first(&w->x, &w->pl, &w->adj, sets, rcc) : -1;
    free(w);
    return got;
}

int d9_als_xz_wing_first(const d9_state *s, bb81 *xz_sets, unsigned *rcc, int *xz_got,
                         bb81 *wing_sets, int *out) {
    firsts_work *w = malloc(sizeof *w);
    if (!w) return -2;
    int got = -1;
    if (als_linked(s, &w->x, &w->pl, &w->adj)) {
        *xz_got = xz_first(&w->x, &w->pl, &w->adj, xz_sets, rcc);
        got = wing_first(&w->x, &w->pl, &w->adj, w->link, wing_sets, out);
    }
    free(w);
    return got;
}

/* ------------------------------------------------------------------ first ALS-XY-Chain */
/* _chain_steps keeps, per set of eliminations (its key), the first chain found among the
 * shortest, and yields the keys by chain length, ties in the order the keys first came
 * up: the first step is the earliest key of the least length.  Every chain the searches
 * yield is offered here, in the Python order. */
#define MAXK 4096 /* most distinct sets of eliminations kept */

typedef struct {
    uint64_t hash;
    uint16_t a, b;           /* start and end sets of a chain with these eliminations */
    uint16_t zmask;          /* digits eliminated */
    uint8_t len;             /* sets in the kept chain */
    uint8_t rcc[MAX_CHAIN - 1];
    uint16_t sets[MAX_CHAIN];
} chain_key;

typedef struct {
    int nk;                  /* keys, in the order they came up */
    int blen, bpos;          /* the least length, and the first key of that length */
    uint16_t tab[2 * MAXK];  /* open addressing by hash: key + 1, 0 for free */
    chain_key key[MAXK];
} chain_best;

/* The cells losing digit z for the chain from set a to set b. */
static inline bb81 chain_hit(const als_index *x, int a, int b, int z) {
    return bb_and(targ_of(x, a, z), targ_of(x, b, z));
}

/* Offer the chain ending in node (len sets from start; z: the digits it eliminates).
 * Returns 1 when the answer is settled (the first key, of the least possible length),
 * -1 when the table is full, else 0. */
static int chain_offer(const als_index *x, const chain_work *w, chain_best *cb, int start,
                       int node, int len, unsigned z) {
    uint16_t sets[MAX_CHAIN];
    uint8_t rcc[MAX_CHAIN - 1];
    if (len < 4 || len > MAX_CHAIN) return 0;
    int k = len;
    for (int cur = node; cur != 0xFFFF; cur = w->par[cur]) {
        if (k <= 1) return 0;       /* a path longer than its depth: never */
        k--;
        sets[k] = (uint16_t)(cur / 9);
        rcc[k - 1] = (uint8_t)(cur % 9);
    }
    if (k != 1) return 0;
    sets[0] = (uint16_t)start;
    for (int i = 1; i < len; i++)   /* a set met twice: Python drops the chain */
        for (int j = 0; j < i; j++)
            if (sets[i] == sets[j]) return 0;
    int end = sets[len - 1];
    uint64_t h = z;
    for (unsigned m = z; m; m &= m - 1) {
        bb81 t = chain_hit(x, start, end, b9_ctz(m));
        h = (h ^ t.lo) * UINT64_C(0x9E3779B97F4A7C15);
        h = (h ^ t.hi) * UINT64_C(0xC2B2AE3D27D4EB4F);
    }
    h ^= h >> 29;
    unsigned slot = (unsigned)(h & (2 * MAXK - 1));
    int found = -1;
    for (int probe = 0; probe < 2 * MAXK; probe++, slot = (slot + 1) & (2 * MAXK - 1)) {
        unsigned t = cb->tab[slot];
        if (!t) break;
        const chain_key *e = &cb->key[t - 1];
        if (e->hash != h || e->zmask != z) continue;
        int same = 1;
        for (unsigned m = z; m && same; m &= m - 1) {
            int d = b9_ctz(m);
            same = bb_eq(chain_hit(x, e->a, e->b, d), chain_hit(x, start, end, d));
        }
        if (same) {
            found = (int)t - 1;
            break;
        }
    }
    if (found < 0) {
        /* a new key comes after the first one of length 4: it can no longer be first */
        if (cb->blen == 4) return 0;
        if (cb->nk >= MAXK || cb->tab[slot]) return -1;
        found = cb->nk++;
        cb->tab[slot] = (uint16_t)(found + 1);
        chain_key *e = &cb->key[found];
        e->hash = h;
        e->a = (uint16_t)start;
        e->b = (uint16_t)end;
        e->zmask = (uint16_t)z;
        e->len = MAX_CHAIN + 1;
    }
    chain_key *e = &cb->key[found];
    if (len >= e->len) return 0;   /* only a strictly shorter chain replaces the kept one */
    e->len = (uint8_t)len;
    memcpy(e->sets, sets, sizeof(uint16_t) * (size_t)len);
    memcpy(e->rcc, rcc, (size_t)(len - 1));
    if (len < cb->blen || (len == cb->blen && found < cb->bpos)) {
        cb->blen = len;
        cb->bpos = found;
    }
    return cb->blen == 4 && cb->bpos == 0;
}

/* The breadth-first search of _chain_from from (start, rfirst) (4..MAX_CHAIN sets),
 * offering every chain it yields; once a chain of 4 sets is kept, longer ones cannot come first
 * and the search stops at 4 sets.  Returns as chain_offer. */
static int chain_all_from(const als_index *x, const pair_list *pl, const adjacency *adj,
                          chain_work *w, chain_best *cb, int start, int rfirst, unsigned u) {
    memset(w->vis, 0, sizeof(uint16_t) * (size_t)x->n);
    uint16_t *fa = w->fa, *fb = w->fb;
    int na = 0;
    for (int q = adj->start[start]; q < adj->start[start + 1]; q++) {
        int p = adj->ent[q];
        if (!(pl->pr[p] >> rfirst & 1)) continue;
        int b = partner(pl, p, start);
        w->vis[b] |= (uint16_t)(1u << rfirst);
        w->par[b * 9 + rfirst] = 0xFFFF;
        fa[na++] = (uint16_t)(b * 9 + rfirst);
    }
    for (int depth = 3; na && depth <= (cb->blen == 4 ? 4 : MAX_CHAIN); depth++) {
        int nb = 0;
        for (int f = 0; f < na; f++) {
            int node = fa[f], set = node / 9, r = node % 9;
            for (int q = adj->start[set]; q < adj->start[set + 1]; q++) {
                int p = adj->ent[q];
                int j = partner(pl, p, set);
                if (j == start) continue;
                unsigned m = pl->pr[p] & ~(1u << r) & ~(unsigned)w->vis[j];
                for (; m; m &= m - 1) {
                    int rr = b9_ctz(m);
                    int key = j * 9 + rr;
                    w->vis[j] |= (uint16_t)(1u << rr);
                    w->par[key] = (uint16_t)node;
                    fb[nb++] = (uint16_t)key;
                    if (depth < 4) continue;
                    unsigned z = zend_of(x, w, start, j) & u & ~(1u << rr);
                    if (!z) continue;
                    int got = chain_offer(x, w, cb, start, key, depth, z);
                    if (got) return got;
                }
            }
        }
        uint16_t *t = fa;
        fa = fb;
        fb = t;
        na = nb;
    }
    return 0;
}

static int d9_als_xy_chain_first_body(const d9_state *s, als_index *x, pair_list *pl,
                                      adjacency *adj, chain_work *w, chain_best *cb,
                                      bb81 *sets, int *rcc, unsigned *zmask) {
    if (!als_linked(s, x, pl, adj)) return -1;
    bb81 twice[9];
    twice_targets(x, twice);
    cb->nk = 0;
    cb->blen = MAX_CHAIN + 1;
    cb->bpos = -1;
    memset(cb->tab, 0, sizeof cb->tab);
    int got = 0;
    for (int start = 0; start < x->n && !got; start++) {
        unsigned useful, shared, firsts;
        if (!start_digits(x, pl, adj, twice, start, &useful, &shared, &firsts)) continue;
        memset(w->zend, 0xFF, sizeof(uint16_t) * (size_t)x->n);
        for (unsigned m = firsts; m && !got; m &= m - 1) {
            int rfirst = b9_ctz(m);
            unsigned u = useful & ~(1u << rfirst);
            if (!u || !(shared & ~(1u << rfirst))) continue;
            got = chain_all_from(x, pl, adj, w, cb, start, rfirst, u);
        }
    }
    if (got < 0) return -1;
    if (cb->bpos < 0) return 0;
    const chain_key *e = &cb->key[cb->bpos];
    for (int i = 0; i < e->len; i++) sets[i] = x->cells[e->sets[i]];
    for (int i = 0; i + 1 < e->len; i++) rcc[i] = e->rcc[i];
    *zmask = e->zmask;
    return e->len;
}

int d9_als_xy_chain_first(const d9_state *s, bb81 *sets, int *rcc, unsigned *zmask) {
    /* the work space lives on the heap: too big for small thread stacks */
    struct {
        als_index x;
        pair_list pl;
        adjacency adj;
        chain_work w;
        chain_best cb;
    } *w = malloc(sizeof *w);
    if (!w) return -2;
    int got = d9_als_xy_chain_first_body(s, &w->x, &w->pl, &w->adj, &w->w, &w->cb, sets, rcc,
                                         zmask);
    free(w);
    return got;
}
