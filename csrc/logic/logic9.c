/* Pencilmark logic solver for classic 9x9 Sudoku (see logic9.h).
 *
 * State: a 9-bit candidate mask and a value per cell.  Placing a digit removes it from
 * the cell's 20 peers; any cell left without candidates, or a digit left without a
 * place in a house, marks the state as contradictory and the solver reports "stuck".
 *
 * One round tries the techniques easiest first and applies every instance of the first
 * one that changes something, then starts again from the easiest.  Each technique only
 * removes candidates, and whatever a technique could remove stays removable (or removed)
 * after other removals, so the set of levels needed does not depend on which instances
 * are applied first: the hardest level reported is the smallest level that suffices.
 */
#include "logic9.h"

#include "engine/board9.h"

#include <string.h>

#define ALL9 0x1FFu

/* The ladder's working state.  It differs from the detectors' d9_state (detect9.h) on
 * purpose: it is changed in place, a placed cell keeps its own digit's bit as its mask
 * (so a house's placed digits are the OR of its placed cells' masks), and it tracks the
 * open cells left and whether a contradiction was seen; d9_state is a read-only snapshot
 * with per-digit bitboards, built once per question. */
typedef struct l9_state {
    uint16_t c[81]; /* candidate masks */
    uint8_t v[81];  /* placed values, 0 = open */
    int left;       /* open cells */
    int bad;        /* contradiction seen */
} l9_state;

/* Place digit d (1..9) in cell; returns 1 when it was placed. */
static int place(l9_state *s, int cell, int d) {
    uint16_t bit = (uint16_t)(1u << (d - 1));
    if (s->v[cell]) {
        if (s->v[cell] != d) s->bad = 1;
        return 0;
    }
    if (!(s->c[cell] & bit)) {
        s->bad = 1;
        return 0;
    }
    s->v[cell] = (uint8_t)d;
    s->c[cell] = bit;
    s->left--;
    for (int i = 0; i < 3; i++) {
        const uint8_t *house = B9_HOUSE[B9_CELL_HOUSE[cell][i]];
        for (int k = 0; k < 9; k++) {
            int p = house[k];
            if (p == cell) continue;
            if (s->v[p]) {
                if (s->v[p] == d) s->bad = 1;
            } else if (s->c[p] & bit) {
                s->c[p] = (uint16_t)(s->c[p] & ~bit);
                if (!s->c[p]) s->bad = 1;
            }
        }
    }
    return 1;
}

/* Remove the digits of mask from an open cell; returns 1 when something went. */
static int eliminate(l9_state *s, int cell, unsigned mask) {
    if (s->v[cell] || !(s->c[cell] & mask)) return 0;
    s->c[cell] = (uint16_t)(s->c[cell] & ~mask);
    if (!s->c[cell]) s->bad = 1;
    return 1;
}

/* Positions (0..8) in house h of the open cells holding digit bit. */
static unsigned positions(const l9_state *s, int h, unsigned bit) {
    unsigned m = 0;
    for (int k = 0; k < 9; k++) {
        int p = B9_HOUSE[h][k];
        if (!s->v[p] && (s->c[p] & bit)) m |= 1u << k;
    }
    return m;
}

/* Where each digit can go in each house, and the digits placed in each house, taken once
 * per pass of a technique.  The pass only removes candidates, so the table stays a
 * superset of the truth, and every pattern found in it holds in the live state too. */
typedef struct l9_index {
    uint16_t pos[9][27]; /* [digit][house]: positions 0..8 of the open cells with it */
    uint16_t placed[27]; /* digits placed in each house */
} l9_index;

static void build_index(const l9_state *s, l9_index *ix) {
    b9_positions(s->c, s->v, ix->pos, ix->placed);
}

/* ---------------------------------------------------------------- singles */

static int hidden_singles(l9_state *s) {
    int progress = 0;
    for (int h = 0; h < 27 && !s->bad; h++) {
        unsigned once = 0, twice = 0, placed = 0;
        for (int k = 0; k < 9; k++) {
            int p = B9_HOUSE[h][k];
            if (s->v[p]) {
                placed |= s->c[p];
            } else {
                twice |= once & s->c[p];
                once |= s->c[p];
            }
        }
        unsigned missing = ALL9 & ~placed;
        if (missing & ~once) {
            s->bad = 1;
            break;
        }
        unsigned singles = once & ~twice & missing;
        while (singles && !s->bad) {
            int d = b9_ctz(singles);
            singles &= singles - 1;
            unsigned pos = positions(s, h, 1u << d);
            if (b9_popc(pos) != 1) {
                if (!pos) s->bad = 1;
                continue;
            }
            progress |= place(s, B9_HOUSE[h][b9_ctz(pos)], d + 1);
        }
    }
    return progress;
}

static int naked_singles(l9_state *s) {
    int progress = 0;
    for (int cell = 0; cell < 81 && !s->bad; cell++) {
        if (s->v[cell]) continue;
        unsigned m = s->c[cell];
        if (!m) {
            s->bad = 1;
        } else if (!(m & (m - 1))) {
            progress |= place(s, cell, b9_ctz(m) + 1);
        }
    }
    return progress;
}

/* ---------------------------------------------------------------- intersections */

static int pointing(l9_state *s) {
    int progress = 0;
    l9_index ix;
    build_index(s, &ix);
    for (int b = 0; b < 9; b++) {
        int h = 18 + b;
        unsigned todo = ALL9 & ~ix.placed[h];
        while (todo) {
            int d = b9_ctz(todo);
            todo &= todo - 1;
            unsigned bit = 1u << d, pos = ix.pos[d][h];
            if (!pos) continue;
            for (int r = 0; r < 3; r++) {
                if (pos & ~(7u << (3 * r))) continue;
                int row = (b / 3) * 3 + r;
                for (int col = 0; col < 9; col++)
                    if (col / 3 != b % 3) progress |= eliminate(s, row * 9 + col, bit);
            }
            for (int cc = 0; cc < 3; cc++) {
                if (pos & ~(0x49u << cc)) continue;
                int col = (b % 3) * 3 + cc;
                for (int row = 0; row < 9; row++)
                    if (row / 3 != b / 3) progress |= eliminate(s, row * 9 + col, bit);
            }
        }
    }
    return progress;
}

static int claiming(l9_state *s) {
    int progress = 0;
    l9_index ix;
    build_index(s, &ix);
    for (int h = 0; h < 18; h++) {
        unsigned todo = ALL9 & ~ix.placed[h];
        while (todo) {
            int d = b9_ctz(todo);
            todo &= todo - 1;
            unsigned bit = 1u << d, pos = ix.pos[d][h];
            if (!pos) continue;
            for (int seg = 0; seg < 3; seg++) {
                if (pos & ~(7u << (3 * seg))) continue;
                /* every candidate of the line lies in one box: clear the rest of it */
                int first = B9_HOUSE[h][3 * seg];
                int box = B9_CELL_HOUSE[first][2];
                for (int k = 0; k < 9; k++) {
                    int p = B9_HOUSE[box][k];
                    if (B9_CELL_HOUSE[p][h < 9 ? 0 : 1] != h) progress |= eliminate(s, p, bit);
                }
            }
        }
    }
    return progress;
}

/* ---------------------------------------------------------------- subsets */

/* Naked subsets of size n in house h: choose n open cells whose candidates together
 * number n; clear those digits from the other open cells of the house. */
static int naked_rec(l9_state *s, int h, const int *open, int count, int start, int depth,
                     int n, unsigned chosen, unsigned uni) {
    int progress = 0;
    for (int i = start; i < count; i++) {
        unsigned m = s->c[open[i]];
        if (s->v[open[i]] || b9_popc(m) > n) continue;
        unsigned u = uni | m;
        if (b9_popc(u) > n) continue;
        unsigned ch = chosen | (1u << i);
        if (depth + 1 < n) {
            progress |= naked_rec(s, h, open, count, i + 1, depth + 1, n, ch, u);
        } else if (b9_popc(u) == n) {
            for (int j = 0; j < count; j++)
                if (!(ch & (1u << j))) progress |= eliminate(s, open[j], u);
        }
    }
    return progress;
}

static int naked_subsets(l9_state *s, int n) {
    int progress = 0;
    for (int h = 0; h < 27; h++) {
        int open[9], count = 0;
        for (int k = 0; k < 9; k++)
            if (!s->v[B9_HOUSE[h][k]]) open[count++] = B9_HOUSE[h][k];
        if (count > n) progress |= naked_rec(s, h, open, count, 0, 0, n, 0, 0);
    }
    return progress;
}

/* Hidden subsets of size n in house h: choose n missing digits whose places together
 * number n; clear every other digit from those cells. */
static int hidden_rec(l9_state *s, int h, const unsigned *pos, const int *digits, int count,
                      int start, int depth, int n, unsigned chosen, unsigned uni) {
    int progress = 0;
    for (int i = start; i < count; i++) {
        unsigned m = pos[i];
        if (!m || b9_popc(m) > n) continue;
        unsigned u = uni | m;
        if (b9_popc(u) > n) continue;
        unsigned ch = chosen | (1u << digits[i]);
        if (depth + 1 < n) {
            progress |= hidden_rec(s, h, pos, digits, count, i + 1, depth + 1, n, ch, u);
        } else if (b9_popc(u) == n) {
            for (unsigned w = u; w; w &= w - 1)
                progress |= eliminate(s, B9_HOUSE[h][b9_ctz(w)], ALL9 & ~ch);
        }
    }
    return progress;
}

static int hidden_subsets(l9_state *s, int n) {
    int progress = 0;
    l9_index ix;
    build_index(s, &ix);
    for (int h = 0; h < 27; h++) {
        unsigned todo = ALL9 & ~ix.placed[h], pos[9];
        int digits[9], count = 0;
        while (todo) {
            int d = b9_ctz(todo);
            todo &= todo - 1;
            digits[count] = d;
            pos[count++] = ix.pos[d][h];
        }
        if (count > n) progress |= hidden_rec(s, h, pos, digits, count, 0, 0, n, 0, 0);
    }
    return progress;
}

/* ---------------------------------------------------------------- fish */

/* Basic fish of size n for one digit: n base lines (rows, or columns when cols is set)
 * whose candidates lie in n cover lines; clear the digit from the cover lines elsewhere. */
static int fish_rec(l9_state *s, unsigned bit, int cols, const unsigned *line, int start,
                    int depth, int n, unsigned chosen, unsigned uni) {
    int progress = 0;
    for (int i = start; i < 9; i++) {
        unsigned m = line[i];
        if (!m || b9_popc(m) > n) continue;
        unsigned u = uni | m;
        if (b9_popc(u) > n) continue;
        unsigned ch = chosen | (1u << i);
        if (depth + 1 < n) {
            progress |= fish_rec(s, bit, cols, line, i + 1, depth + 1, n, ch, u);
        } else if (b9_popc(u) == n) {
            for (unsigned w = u; w; w &= w - 1) {
                int cover = b9_ctz(w);
                for (int b = 0; b < 9; b++) {
                    if (ch & (1u << b)) continue;
                    int cell = cols ? cover * 9 + b : b * 9 + cover;
                    progress |= eliminate(s, cell, bit);
                }
            }
        }
    }
    return progress;
}

static int fish(l9_state *s, int n) {
    int progress = 0;
    l9_index ix;
    build_index(s, &ix);
    for (int d = 0; d < 9; d++) {
        unsigned bit = 1u << d;
        for (int cols = 0; cols < 2; cols++) {
            unsigned line[9];
            for (int i = 0; i < 9; i++) {
                int h = cols ? 9 + i : i;
                line[i] = (ix.placed[h] & bit) ? 0 : ix.pos[d][h];
            }
            progress |= fish_rec(s, bit, cols, line, 0, 0, n, 0, 0);
        }
    }
    return progress;
}

/* ---------------------------------------------------------------- driver */

static int apply_level(l9_state *s, int level) {
    switch (level) {
#define L9_APPLY(id, keys, apply) \
    case id: return apply;
        SHUDU_LADDER9_LEVELS(L9_APPLY)
#undef L9_APPLY
    default: return 0;
    }
}

/* Apply the allowed levels, easiest first, until solved or stuck; passes[level] counts
 * the rounds in which each level made progress (when passes is non-NULL). */
static int run(l9_state *s, int max_level, int *passes) {
    int top = -1;
    if (max_level > L9_LEVELS - 1) max_level = L9_LEVELS - 1;
    while (!s->bad && s->left > 0) {
        int level = 0;
        for (; level <= max_level; level++) {
            if (apply_level(s, level)) break;
            if (s->bad) break;
        }
        if (s->bad || level > max_level) break;
        if (passes) passes[level]++;
        if (level > top) top = level;
    }
    return top;
}

int l9_solve(const uint8_t *in, int max_level, uint16_t *cands, int *hardest) {
    l9_state s;
    for (int i = 0; i < 81; i++) {
        s.c[i] = ALL9;
        s.v[i] = 0;
    }
    s.left = 81;
    s.bad = 0;
    for (int i = 0; i < 81 && !s.bad; i++)
        if (in[i] >= 1 && in[i] <= 9) place(&s, i, in[i]);
    int top = run(&s, max_level, NULL);
    if (cands) memcpy(cands, s.c, sizeof s.c);
    if (hardest) *hardest = top;
    return !s.bad && s.left == 0;
}

/* Load a pencilmark state (values > 9 count as open; mask bits above the ninth ignored). */
static void load(l9_state *s, const uint8_t *values, const uint16_t *cands) {
    s->left = 0;
    s->bad = 0;
    for (int i = 0; i < 81; i++) {
        uint8_t v = values[i] <= 9 ? values[i] : 0;
        s->v[i] = v;
        if (v) {
            s->c[i] = (uint16_t)(1u << (v - 1));
        } else {
            s->c[i] = (uint16_t)(cands[i] & ALL9);
            s->left++;
            if (!s->c[i]) s->bad = 1;
        }
    }
}

int l9_continue(uint8_t *values, uint16_t *cands, int max_level, int *hardest, int *passes) {
    l9_state s;
    load(&s, values, cands);
    int top = run(&s, max_level, passes);
    if (hardest) *hardest = top;
    for (int i = 0; i < 81; i++) {
        values[i] = s.v[i];
        cands[i] = s.v[i] ? 0 : s.c[i];
    }
    if (s.bad) return -1;
    return s.left == 0;
}

int l9_probe(const uint8_t *values, const uint16_t *cands, int max_level) {
    l9_state s;
    load(&s, values, cands);
    if (s.bad) return 0;
    if (max_level > L9_LEVELS - 1) max_level = L9_LEVELS - 1;
    for (int level = 0; level <= max_level; level++) {
        l9_state t = s;
        if (apply_level(&t, level) || t.bad) return level;
    }
    return -1;
}

int l9_single(const uint8_t *values, const uint16_t *cands, int kind, int *cell, int *digit,
              int *house) {
    if (kind == 0) { /* full house: houses in order, one open cell holding one candidate */
        for (int h = 0; h < 27; h++) {
            int open = 0, with = 0, at = -1;
            for (int k = 0; k < 9; k++) {
                int p = B9_HOUSE[h][k];
                if (values[p]) continue;
                open++;
                if (cands[p] & ALL9) {
                    with++;
                    at = p;
                }
            }
            if (open != 1 || with != 1) continue;
            unsigned m = cands[at] & ALL9;
            if (m & (m - 1)) continue;
            *cell = at;
            *digit = b9_ctz(m) + 1;
            *house = h;
            return 1;
        }
        return 0;
    }
    if (kind == 1) { /* hidden single: boxes, then rows, then columns; digits in order */
        for (int i = 0; i < 27; i++) {
            int h = i < 9 ? 18 + i : i - 9;
            unsigned pos[9] = {0};
            for (int k = 0; k < 9; k++) {
                int p = B9_HOUSE[h][k];
                if (values[p]) continue;
                unsigned m = cands[p] & ALL9;
                while (m) {
                    int d = b9_ctz(m);
                    m &= m - 1;
                    pos[d] |= 1u << k;
                }
            }
            for (int d = 0; d < 9; d++) {
                unsigned m = pos[d];
                if (m && !(m & (m - 1))) {
                    *cell = B9_HOUSE[h][b9_ctz(m)];
                    *digit = d + 1;
                    *house = h;
                    return 1;
                }
            }
        }
        return 0;
    }
    for (int p = 0; p < 81; p++) { /* naked single: cells in order */
        unsigned m = cands[p] & ALL9;
        if (!values[p] && m && !(m & (m - 1))) {
            *cell = p;
            *digit = b9_ctz(m) + 1;
            *house = -1;
            return 1;
        }
    }
    return 0;
}
