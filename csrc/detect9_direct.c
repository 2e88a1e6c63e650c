/* Locked candidates and hidden subsets on classic 9x9, as the rater and the solver ask
 * for them: the first pointing or claiming in the Python finder's order (d9_first_locked),
 * and SE's "direct" forms: does a locked candidate or hidden subset have an instance whose
 * eliminations leave a hidden single?  The rater asks before running its Python finders, which it otherwise runs
 * at nearly every step only to find no such instance.  An instance is what the Python
 * finder yields (shudu.logic.intersections and shudu.logic.subsets), and "leaves a
 * hidden single" is shudu.logic.singles.leaves_hidden_single: after the eliminations,
 * some house has a digit in exactly one of its cells. */
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

static void el_add(elims *e, int cell, int d) {
    for (int k = 0; k < 3; k++) {
        int h = B9_CELL_HOUSE[cell][k];
        if (!e->rm[d][h] && e->n < 96) {
            e->digit[e->n] = (uint8_t)d;
            e->house[e->n] = (uint8_t)h;
            e->n++;
        }
        e->rm[d][h] |= (uint16_t)(1u << b9_house_pos(cell, h));
    }
}

/* Whether the state less these eliminations has a hidden single in a touched house
 * (the caller has checked that the state itself has none). */
static int el_leaves_single(const d9_state *s, const elims *e) {
    for (int i = 0; i < e->n; i++) {
        unsigned m = s->pos[e->digit[i]][e->house[i]] & ~e->rm[e->digit[i]][e->house[i]];
        if (m && !(m & (m - 1))) return 1;
    }
    return 0;
}

static int has_hidden_single(const d9_state *s) {
    for (int d = 0; d < 9; d++)
        for (int h = 0; h < 27; h++) {
            unsigned m = s->pos[d][h];
            if (m && !(m & (m - 1))) return 1;
        }
    return 0;
}

/* Positions of a box (k = 3 * box row + box column) in box row r or box column c. */
#define BOX_ROW(r) (7u << (3 * (r)))
#define BOX_COL(c) (0x49u << (c))

/* Locked candidates: pointing (a box's digit in one line) or claiming (a line's digit in
 * one box); 'single' says the state already has a hidden single. */
static int locked_direct(const d9_state *s, int pointing, int single, elims *e) {
    for (int d = 0; d < 9; d++) {
        for (int b = 0; b < 9; b++) {
            const int band = b / 3, stack = b % 3;
            for (int k = 0; k < 3; k++) {
                /* the line crossing box b at its k-th row (then column) */
                for (int col = 0; col < 2; col++) {
                    const int line = col ? 9 + stack * 3 + k : band * 3 + k;
                    const unsigned in_box = col ? BOX_COL(k) : BOX_ROW(k);
                    /* the box's cells on the line, as positions of the line */
                    const unsigned in_line = 7u << (3 * (col ? band : stack));
                    unsigned gone;
                    if (pointing) {
                        unsigned p = s->pos[d][18 + b];
                        if (p & ~in_box || b9_popc9(p) < 2) continue;
                        gone = s->pos[d][line] & ~in_line;
                    } else {
                        unsigned p = s->pos[d][line];
                        if (p & ~in_line || b9_popc9(p) < 2) continue;
                        gone = s->pos[d][18 + b] & ~in_box;
                    }
                    if (!gone) continue;
                    if (single) return 1;
                    const int h = pointing ? line : 18 + b;
                    for (unsigned m = gone; m; m &= m - 1) el_add(e, B9_HOUSE[h][b9_ctz(m)], d);
                    int hit = el_leaves_single(s, e);
                    el_clear(e);
                    if (hit) return 1;
                }
            }
        }
    }
    return 0;
}

/* One hidden subset: the digits dmask confined to the cells 'where' (positions) of
 * house h.  1 when it eliminates a candidate and that leaves a hidden single. */
static int subset_direct(const d9_state *s, int h, unsigned dmask, unsigned where, int single,
                         elims *e) {
    int any = 0;
    for (unsigned m = where; m; m &= m - 1) {
        int cell = B9_HOUSE[h][b9_ctz(m)];
        for (unsigned x = s->c[cell] & ~dmask & 0x1FFu; x; x &= x - 1) {
            if (single) return 1;
            any = 1;
            el_add(e, cell, b9_ctz(x));
        }
    }
    if (!any) return 0;
    int hit = el_leaves_single(s, e);
    el_clear(e);
    return hit;
}

/* Hidden subsets of 'size' digits (2 or 3) confined to 'size' cells of a house. */
static int hidden_direct(const d9_state *s, int size, int single, elims *e) {
    for (int h = 0; h < 27; h++) {
        unsigned open = 0, where[9];
        int digs[9], nd = 0;
        for (int d = 0; d < 9; d++) {
            unsigned p = s->pos[d][h];
            open |= p;
            if (p && b9_popc9(p) <= size) {
                digs[nd] = d;
                where[nd++] = p;
            }
        }
        if (b9_popc9(open) <= size || nd < size) continue;
        for (int i = 0; i < nd; i++)
            for (int j = i + 1; j < nd; j++) {
                unsigned two = where[i] | where[j], dm = (1u << digs[i]) | (1u << digs[j]);
                if (size == 2) {
                    if (b9_popc9(two) == 2 && subset_direct(s, h, dm, two, single, e)) return 1;
                    continue;
                }
                for (int k = j + 1; k < nd; k++) {
                    unsigned three = two | where[k];
                    if (b9_popc9(three) == 3
                        && subset_direct(s, h, dm | (1u << digs[k]), three, single, e))
                        return 1;
                }
            }
    }
    return 0;
}

int d9_direct(const d9_state *s, int kind) {
    elims e;
    memset(e.rm, 0, sizeof e.rm);
    e.n = 0;
    const int single = has_hidden_single(s);
    switch (kind) {
    case 0: return locked_direct(s, 1, single, &e);
    case 1: return locked_direct(s, 0, single, &e);
    case 2: return hidden_direct(s, 2, single, &e);
    case 3: return hidden_direct(s, 3, single, &e);
    default: return 1;
    }
}

int d9_first_locked(const d9_state *s, int pointing, int *first, int *second, int *digit) {
    for (int a = pointing ? 18 : 0; a < (pointing ? 27 : 18); a++) {
        /* the houses crossing a in three cells, ascending: for a box its band's rows and
         * stack's columns, for a line the boxes along it */
        int cross[6], n = 0;
        if (pointing) {
            const int band = (a - 18) / 3, stack = (a - 18) % 3;
            for (int k = 0; k < 3; k++) cross[n++] = band * 3 + k;
            for (int k = 0; k < 3; k++) cross[n++] = 9 + stack * 3 + k;
        } else if (a < 9) {
            for (int k = 0; k < 3; k++) cross[n++] = 18 + (a / 3) * 3 + k;
        } else {
            for (int k = 0; k < 3; k++) cross[n++] = 18 + k * 3 + (a - 9) / 3;
        }
        for (int j = 0; j < n; j++) {
            const int b = cross[j];
            /* the cells a and b share, as positions of a and of b */
            unsigned in_a = 0, in_b = 0;
            for (int k = 0; k < 9; k++) {
                const int cell = B9_HOUSE[a][k];
                if (B9_CELL_HOUSE[cell][0] == b || B9_CELL_HOUSE[cell][1] == b ||
                    B9_CELL_HOUSE[cell][2] == b) {
                    in_a |= 1u << k;
                    in_b |= 1u << b9_house_pos(cell, b);
                }
            }
            for (int d = 0; d < 9; d++) {
                const unsigned here = s->pos[d][a];
                if (!here || here & ~in_a || b9_popc9(here) < 2) continue;
                if (!(s->pos[d][b] & ~in_b)) continue;
                *first = a;
                *second = b;
                *digit = d + 1;
                return 1;
            }
        }
    }
    return 0;
}
