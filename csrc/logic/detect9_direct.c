/* Locked candidates and hidden subsets on classic 9x9, as the rater and the solver ask
 * for them: the first pointing or claiming in the Python finder's order (d9_first_locked),
 * every hidden subset in the Python search's order (d9_hidden_next), and SE's "direct"
 * forms: does a locked candidate or hidden subset have an instance whose eliminations
 * leave a hidden single?  The rater asks that before running its Python finders, which it
 * otherwise runs at nearly every step only to find no such instance.  An instance is what
 * the Python finder yields (shudu.logic.intersections and shudu.logic.subsets), and
 * "leaves a hidden single" is shudu.logic.registry.leaves_hidden_single in the houses
 * direct_houses names, where SE looks: after the eliminations, a digit has one cell
 * left in one of those houses (a pointing's other boxes, a claiming's other lines of
 * its kind, a hidden subset's own house). */
#include "detect9.h"

#include <string.h>

/* The eliminations of one instance, as removed positions per digit and house, with the
 * (digit, house) pairs they touch. */
typedef struct {
    uint16_t rm[9][27];
    uint8_t digit[96], house[96];
    int n;
} elims;

static void el_clear(elims *e) {
    for (int i = 0; i < e->n; i++) e->rm[e->digit[i]][e->house[i]] = 0;
    e->n = 0;
}

/* Records the removal of digit d from cell in the houses of 'allowed' (a bit per house). */
static void el_add(elims *e, int cell, int d, uint32_t allowed) {
    for (int k = 0; k < 3; k++) {
        int h = B9_CELL_HOUSE[cell][k];
        if (!(allowed >> h & 1)) continue;
        if (!e->rm[d][h] && e->n < 96) {
            e->digit[e->n] = (uint8_t)d;
            e->house[e->n] = (uint8_t)h;
            e->n++;
        }
        e->rm[d][h] |= (uint16_t)(1u << b9_house_pos(cell, h));
    }
}

/* Whether the state less these eliminations has a hidden single in a touched house: a
 * digit with one place left there, where it had more (a touched house lost one). */
static int el_leaves_single(const d9_state *s, const elims *e) {
    for (int i = 0; i < e->n; i++) {
        unsigned m = s->pos[e->digit[i]][e->house[i]] & ~e->rm[e->digit[i]][e->house[i]];
        if (m && !(m & (m - 1))) return 1;
    }
    return 0;
}

/* A house a and a house b crossing it in three cells (a box and a line), with the cells
 * they share as positions of a and of b. */
typedef struct {
    int a, b;
    unsigned in_a, in_b;
} crossing;

/* The 54 crossings whose house a is a box (pointing) or a line (claiming), in the Python
 * finder's order: a ascending, then the houses b crossing it ascending. */
static void crossings(int pointing, crossing out[54]) {
    int n = 0;
    for (int a = pointing ? 18 : 0; a < (pointing ? 27 : 18); a++) {
        int cross[6], nc = 0;
        if (pointing) {   /* a box: its band's rows, then its stack's columns */
            const int band = (a - 18) / 3, stack = (a - 18) % 3;
            for (int k = 0; k < 3; k++) cross[nc++] = band * 3 + k;
            for (int k = 0; k < 3; k++) cross[nc++] = 9 + stack * 3 + k;
        } else if (a < 9) {   /* a row: the boxes along it */
            for (int k = 0; k < 3; k++) cross[nc++] = 18 + (a / 3) * 3 + k;
        } else {   /* a column */
            for (int k = 0; k < 3; k++) cross[nc++] = 18 + k * 3 + (a - 9) / 3;
        }
        for (int j = 0; j < nc; j++) {
            crossing *x = &out[n++];
            x->a = a;
            x->b = cross[j];
            x->in_a = x->in_b = 0;
            for (int k = 0; k < 9; k++) {
                const int cell = B9_HOUSE[a][k];
                const uint8_t *h = B9_CELL_HOUSE[cell];
                if (h[0] == x->b || h[1] == x->b || h[2] == x->b) {
                    x->in_a |= 1u << k;
                    x->in_b |= 1u << b9_house_pos(cell, x->b);
                }
            }
        }
    }
}

/* Where digit d goes from house b (positions of b) when it lies, in two or more cells,
 * only where house a meets b; 0 when it does not. */
static unsigned locked_gone(const d9_state *s, const crossing *x, int d) {
    const unsigned here = s->pos[d][x->a];
    if (!here || here & ~x->in_a || b9_popc9(here) < 2) return 0;
    return s->pos[d][x->b] & ~x->in_b;
}

/* Locked candidates: pointing (a box's digit in one line) or claiming (a line's digit in
 * one box). */
static int locked_direct(const d9_state *s, int pointing, elims *e) {
    crossing xs[54];
    crossings(pointing, xs);
    for (int j = 0; j < 54; j++)
        for (int d = 0; d < 9; d++) {
            const unsigned gone = locked_gone(s, &xs[j], d);
            if (!gone) continue;
            /* SE's hidden single: in another house of the kind of a */
            const int a = xs[j].a;
            const uint32_t kind = a >= 18 ? 0x7FC0000u : a >= 9 ? 0x3FE00u : 0x1FFu;
            const uint32_t allowed = kind & ~(UINT32_C(1) << a);
            for (unsigned m = gone; m; m &= m - 1)
                el_add(e, B9_HOUSE[xs[j].b][b9_ctz(m)], d, allowed);
            int hit = el_leaves_single(s, e);
            el_clear(e);
            if (hit) return 1;
        }
    return 0;
}

/* One hidden subset: the digits dmask confined to the cells 'where' (positions) of
 * house h.  1 when it eliminates a candidate and that leaves a hidden single. */
static int subset_direct(const d9_state *s, int h, unsigned dmask, unsigned where, elims *e) {
    int any = 0;
    for (unsigned m = where; m; m &= m - 1) {
        int cell = B9_HOUSE[h][b9_ctz(m)];
        for (unsigned x = s->c[cell] & ~dmask & 0x1FFu; x; x &= x - 1) {
            any = 1;
            el_add(e, cell, b9_ctz(x), UINT32_C(1) << h);   /* SE's: in the house */
        }
    }
    if (!any) return 0;
    int hit = el_leaves_single(s, e);
    el_clear(e);
    return hit;
}

int d9_hidden_next(const d9_state *s, int size, d9_hidden_walk *w, int *house,
                   unsigned *digits, unsigned *where) {
    for (;;) {
        if (w->house < 0 || !combo_next(&w->k, w->places, w->n, size, where)) {
            /* the next house: boxes first, then rows and columns */
            if (++w->i >= 27) return 0;
            const int h = w->house = w->i < 9 ? 18 + w->i : w->i - 9;
            int open = 0;
            for (int k = 0; k < 9; k++) open += s->c[B9_HOUSE[h][k]] != 0;
            w->n = 0;   /* a house of `size` open cells or fewer has no subset */
            for (int d = 0; d < 9 && open > size; d++) {
                const unsigned p = s->pos[d][h];
                if (p && b9_popc9(p) <= size) {
                    w->places[w->n] = p;
                    w->digits[w->n++] = d;
                }
            }
            combo_start(&w->k);
            continue;
        }
        if (b9_popc9(*where) != size) continue;
        *digits = 0;
        for (int j = 0; j < size; j++) *digits |= 1u << w->digits[w->k.idx[j]];
        *house = w->house;
        return 1;
    }
}

/* Hidden subsets of 'size' digits (2 or 3) confined to 'size' cells of a house. */
static int hidden_direct(const d9_state *s, int size, elims *e) {
    d9_hidden_walk w = D9_HIDDEN_WALK;
    int h;
    unsigned digits, where;
    while (d9_hidden_next(s, size, &w, &h, &digits, &where))
        if (subset_direct(s, h, digits, where, e)) return 1;
    return 0;
}

int d9_direct(const d9_state *s, int kind) {
    elims e;
    memset(e.rm, 0, sizeof e.rm);
    e.n = 0;
    switch (kind) {
    case 0: return locked_direct(s, 1, &e);
    case 1: return locked_direct(s, 0, &e);
    case 2: return hidden_direct(s, 2, &e);
    case 3: return hidden_direct(s, 3, &e);
    default: return 1;
    }
}

int d9_first_locked(const d9_state *s, int pointing, int *first, int *second, int *digit) {
    crossing xs[54];
    crossings(pointing, xs);
    for (int j = 0; j < 54; j++)
        for (int d = 0; d < 9; d++)
            if (locked_gone(s, &xs[j], d)) {
                *first = xs[j].a;
                *second = xs[j].b;
                *digit = d + 1;
                return 1;
            }
    return 0;
}
