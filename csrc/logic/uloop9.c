/* Unique loops on a classic 9x9 grid (uloop9.h).  Cell sets are the board's bitboards
 * (engine/board9.h); a set of houses is a 27-bit mask, bit h for house h (rows 0-8,
 * columns 9-17, boxes 18-26). */
#include "logic/uloop9.h"

#include "common.h"
#include "engine/board9.h"

#include <stdlib.h>

/* The search of one pair of digits a/b, and the loops found so far. */
typedef struct {
    const uint16_t *cm;
    uint32_t hb[81];        /* the houses of each cell */
    unsigned ab;            /* the pair's digits, 1 << a | 1 << b */
    uint8_t a, b;
    int s;                  /* the cell the loop starts from (it holds just a/b) */
    bb81 pool;              /* the cells holding a and b */
    bb81 viable;            /* the cells of pool that may lie on a loop */
    bb81 allowed;           /* the cells the precheck may go through */
    uint8_t path[ULOOP9_MAX_CELLS];
    int len;                /* the cells on path */
    uloop9_loop *loops;     /* every loop found, in order */
    bb81 *sets;             /* the cells of each, as a set */
    int n, cap;
    int pair_first;         /* the first loop of the current pair */
    int oom;                /* set when memory ran out: the search stops */
    long steps;             /* the cells tried so far, by both searches */
} uloop_search;

/* Whether the search has tried ULOOP9_MAX_STEPS cells: then it stops. */
static int spent(uloop_search *k) { return ++k->steps > ULOOP9_MAX_STEPS; }

/* The cells below cell c. */
static bb81 below(int c) {
    if (c < 64) return bb_make((UINT64_C(1) << c) - 1, 0);
    return bb_make(~UINT64_C(0), (UINT64_C(1) << (c - 64)) - 1);
}

/* The cells of `cells` that may lie on a loop: a loop cell has another loop cell in each
 * of its houses, so a cell alone in a house among them goes (until none is). */
static bb81 viable_of(bb81 cells) {
    int changed = 1;
    while (changed && bb_any(cells)) {
        changed = 0;
        for (int h = 0; h < 27; h++) {
            bb81 m = bb_and(cells, B9_HOUSE_BB[h]);
            if (bb_count(m) == 1) {
                cells = bb_andnot(cells, m);
                changed = 1;
            }
        }
    }
    return cells;
}

/* Whether a loop of six cells or more of k->allowed closes through k->s, from the path
 * of `length` cells ending at cur: used its cells, even and odd the houses of its cells
 * at even and odd places, nex of them with extra digits, exd those digits.  No house
 * may hold two cells of one parity, and the loop holds at most two cells with extras
 * unless those have one extra digit in all (SE's count of extras comes later). */
static int has_loop_from(uloop_search *k, int cur, int length, bb81 used,
                         uint32_t even, uint32_t odd, int nex, unsigned exd) {
    if (spent(k)) return 0;
    int parity_odd = length & 1;   /* the next cell's place is odd */
    uint32_t closed = parity_odd ? odd : even;
    bb81 todo = bb_andnot(bb_and(B9_PEER_BB[cur], k->allowed), used);
    while (bb_any(todo)) {
        int nxt = bb_pop_low(&todo);
        uint32_t h = k->hb[nxt];
        if (h & closed) continue;
        unsigned extra = k->cm[nxt] & ~k->ab;
        int nex2 = nex;
        unsigned exd2 = exd;
        if (extra) {
            exd2 |= extra;
            nex2++;
            if (nex2 > 2 && (exd2 & (exd2 - 1))) continue;
        }
        uint32_t even2 = parity_odd ? even : even | h, odd2 = parity_odd ? odd | h : odd;
        if (even2 == odd2) {
            /* every house has one cell of each parity: a loop if nxt closes it on s */
            if (parity_odd && length >= 5 && bb_has(B9_PEER_BB[k->s], nxt)) return 1;
        } else if (has_loop_from(k, nxt, length + 1, bb_or(used, bb_cell(nxt)), even2, odd2,
                                 nex2, exd2)) {
            return 1;
        }
    }
    return 0;
}

/* Whether the current pair already has a loop of these cells. */
static int seen(const uloop_search *k, bb81 cells) {
    for (int i = k->pair_first; i < k->n; i++)
        if (bb_eq(k->sets[i], cells)) return 1;
    return 0;
}

/* Keep the path as a new loop of the cells `cells`. */
static void keep(uloop_search *k, bb81 cells) {
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 16;
        uloop9_loop *loops = realloc(k->loops, (size_t)cap * sizeof *loops);
        if (loops) k->loops = loops;
        bb81 *sets = loops ? realloc(k->sets, (size_t)cap * sizeof *sets) : NULL;
        if (!sets) {
            k->oom = 1;
            return;
        }
        k->sets = sets;
        k->cap = cap;
    }
    uloop9_loop *l = &k->loops[k->n];
    l->a = k->a;
    l->b = k->b;
    l->len = (uint8_t)k->len;
    for (int i = 0; i < k->len; i++) l->cell[i] = k->path[i];
    k->sets[k->n++] = cells;
}

/* SE's depth-first search from the path k->path (its last cell cur): the next cell is
 * looked for in cur's houses (box, row, column; not of the kind of the last link, `last`),
 * among the cells of k->pool.  exv holds the extra digits of every cell looked at so far
 * from a cell of the path: a cell with extras is taken while exv is one digit, or while
 * allowed_ex (at first 2) is above 0.  Only viable cells that keep each house to one cell
 * of each parity are followed (used, even and odd as in has_loop_from). */
static void search_from(uloop_search *k, int cur, bb81 used, uint32_t even, uint32_t odd,
                        int allowed_ex, unsigned exv, int last) {
    static const int se_order[3] = {2, 0, 1};   /* box, row, column in B9_CELL_HOUSE */
    int length = k->len;
    int parity_odd = length & 1;
    uint32_t closed = parity_odd ? odd : even;
    if (spent(k)) return;
    for (int i = 0; i < 3 && !k->oom; i++) {
        int house = B9_CELL_HOUSE[cur][se_order[i]];
        int kind = house / 9;   /* 0 row, 1 column, 2 box */
        if (kind == last) continue;
        bb81 todo = bb_and(B9_HOUSE_BB[house], k->pool);
        while (bb_any(todo) && !k->oom) {
            int nxt = bb_pop_low(&todo);
            if (nxt == k->s) {
                if (length >= 6 && even == odd && !seen(k, used)) keep(k, used);
                continue;
            }
            if (bb_has(used, nxt)) continue;
            unsigned m = k->cm[nxt];
            exv |= m & ~k->ab;
            int wide = m != k->ab;
            if (wide && (exv & (exv - 1)) && allowed_ex <= 0) continue;
            uint32_t h = k->hb[nxt];
            if (!bb_has(k->viable, nxt) || (h & closed)) continue;
            /* each house holds two path cells at most, so the path fits; kept for safety */
            if (k->len >= ULOOP9_MAX_CELLS) continue;
            uint32_t even2 = parity_odd ? even : even | h, odd2 = parity_odd ? odd | h : odd;
            k->path[k->len++] = (uint8_t)nxt;
            search_from(k, nxt, bb_or(used, bb_cell(nxt)), even2, odd2, allowed_ex - wide,
                        exv, kind);
            k->len--;
        }
    }
}

int uloop9(const uint16_t cm[81], uloop9_loop **out) {
    uloop_search k = {0};
    k.cm = cm;
    bb81 dm[9] = {{0, 0}};
    bb81 pairs[9][9] = {{{0, 0}}};   /* pairs[a][b]: the cells holding just a/b (a < b) */
    bb81 light = {0, 0};              /* the cells with two or three candidates */
    for (int c = 0; c < 81; c++) {
        const uint8_t *hs = B9_CELL_HOUSE[c];
        k.hb[c] = 1u << hs[0] | 1u << hs[1] | 1u << hs[2];
        unsigned m = cm[c] & 0x1FF;
        for (unsigned d = m; d; d &= d - 1) bb_set(&dm[sd_ctz32(d)], c);
        int n = sd_popc32(m);
        if (n == 2) {
            int a = sd_ctz32(m), b = sd_ctz32(m & (m - 1));
            bb_set(&pairs[a][b], c);
        }
        if (n == 2 || n == 3) bb_set(&light, c);
    }
    /* the pairs in the order of their masks: by the higher digit, then the lower */
    for (int b = 1; b < 9 && !k.oom && k.steps <= ULOOP9_MAX_STEPS; b++) {
        for (int a = 0; a < b && !k.oom && k.steps <= ULOOP9_MAX_STEPS; a++) {
            if (!bb_any(pairs[a][b])) continue;
            k.a = (uint8_t)a;
            k.b = (uint8_t)b;
            k.ab = 1u << a | 1u << b;
            k.pool = bb_and(dm[a], dm[b]);
            /* a loop has at most two cells with extra digits (so four with just a/b), or
             * all its cells hold a/b and maybe one same extra digit */
            if (bb_count(bb_and(k.pool, pairs[a][b])) < 4 && bb_count(bb_and(k.pool, light)) < 6)
                continue;
            k.viable = viable_of(k.pool);
            bb81 biv = bb_and(pairs[a][b], k.viable);
            if (!bb_any(biv) ||
                (bb_count(biv) < 4 && bb_count(bb_and(k.viable, light)) < 6))
                continue;
            /* most states have no loop: the precheck tells, from each loop's first bivalue
             * cell */
            int any = 0;
            for (bb81 t = biv; bb_any(t) && !any;) {
                k.s = bb_pop_low(&t);
                k.allowed = bb_andnot(k.viable, bb_and(biv, below(k.s)));
                any = has_loop_from(&k, k.s, 1, bb_cell(k.s), k.hb[k.s], 0, 0, 0);
            }
            if (k.steps > ULOOP9_MAX_STEPS) break;   /* out of steps: what was found */
            if (!any) continue;
            k.pair_first = k.n;
            for (bb81 t = biv; bb_any(t) && !k.oom && k.steps <= ULOOP9_MAX_STEPS;) {
                k.s = bb_pop_low(&t);
                k.path[0] = (uint8_t)k.s;
                k.len = 1;
                search_from(&k, k.s, bb_cell(k.s), k.hb[k.s], 0, 2, 0, -1);
            }
        }
    }
    free(k.sets);
    if (k.oom) {
        free(k.loops);
        *out = NULL;
        return -1;
    }
    *out = k.loops;
    return k.n;
}
