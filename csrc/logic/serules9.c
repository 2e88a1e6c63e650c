/* Sudoku Explainer's rules inside nested forcing chains (serules9.h). */
#include "logic/serules9.h"

#include <string.h>

#include "common.h"
#include "engine/board9.h"

enum { ROW = 0, COL = 9, BOX = 18 };

typedef struct {
    serules_t *out;
    uint8_t seen[729];
    int cells[81], n_cells; /* the hint being made: its cells, and each one's digits */
    uint16_t digits[81];
    int n_par, chain;
    uint16_t par[729];
    uint16_t pos[9][27];  /* places of each digit in each house of the working grid */
    uint16_t pos0[9][27]; /* and of the source grid */
    int open[27];         /* open cells of each house in the source grid */
} maker;

static void begin(maker *m) {
    m->n_cells = m->n_par = 0;
    m->chain = -1;
}

static void removal(maker *m, int cell, unsigned digits) {
    m->cells[m->n_cells] = cell;
    m->digits[m->n_cells++] = (uint16_t)digits;
}

static void parent(maker *m, int cell, int d) {
    if (m->n_par < 729) m->par[m->n_par++] = (uint16_t)(d * 81 + cell);
}

/* Ends a hint: skipped when it removes nothing or has no parent (the rule then holds
 * without the chain); otherwise its removals in reading order, each candidate once. */
static void end(maker *m) {
    serules_t *o = m->out;
    if (!m->n_cells || !m->n_par || o->n_hint >= SERULES_MAX_HINTS ||
        o->n_pool + m->n_par > SERULES_POOL)
        return;
    for (int i = 1; i < m->n_cells; i++) /* insertion sort by cell */
        for (int j = i; j > 0 && m->cells[j - 1] > m->cells[j]; j--) {
            int c = m->cells[j];
            m->cells[j] = m->cells[j - 1];
            m->cells[j - 1] = c;
            uint16_t d = m->digits[j];
            m->digits[j] = m->digits[j - 1];
            m->digits[j - 1] = d;
        }
    int h = o->n_hint++;
    o->n_par[h] = (uint16_t)m->n_par;
    o->par_at[h] = o->n_pool;
    o->chain[h] = m->chain;
    memcpy(o->pool + o->n_pool, m->par, (size_t)m->n_par * sizeof m->par[0]);
    o->n_pool += m->n_par;
    for (int i = 0; i < m->n_cells; i++)
        for (unsigned b = m->digits[i]; b; b &= b - 1) {
            int k = b9_ctz(b) * 81 + m->cells[i];
            if (m->seen[k]) continue;
            m->seen[k] = 1;
            o->rem[o->n_rem] = (uint16_t)k;
            o->rem_hint[o->n_rem++] = (uint16_t)h;
        }
}

/* Where houses h1 and h2 of a kind of intersection (box and column, box and row, column
 * and box, row and box) meet: the places of h1 in h2 (bits of h1's order) and of h2 in h1
 * (of h2's order); 0 when they do not. */
static void meet(int kind, int i1, int i2, unsigned *in1, unsigned *in2) {
    *in1 = *in2 = 0;
    switch (kind) {
    case 0: /* box i1, column i2 */
        if (i2 / 3 != i1 % 3) return;
        *in1 = 0x49u << (i2 % 3);
        *in2 = 7u << (3 * (i1 / 3));
        return;
    case 1: /* box i1, row i2 */
        if (i2 / 3 != i1 / 3) return;
        *in1 = 7u << (3 * (i2 % 3));
        *in2 = 7u << (3 * (i1 % 3));
        return;
    case 2: /* column i1, box i2 */
        if (i2 % 3 != i1 / 3) return;
        *in1 = 7u << (3 * (i2 / 3));
        *in2 = 0x49u << (i1 % 3);
        return;
    default: /* row i1, box i2 */
        if (i2 / 3 != i1 / 3) return;
        *in1 = 7u << (3 * (i2 % 3));
        *in2 = 7u << (3 * (i1 % 3));
        return;
    }
}

/* Pointing and claiming: every place of a digit in house h1 lies in house h2. */
static void locking(maker *m, const uint16_t cm[81], const uint16_t cm0[81]) {
    static const int kinds[4][2] = {{BOX, COL}, {BOX, ROW}, {COL, BOX}, {ROW, BOX}};
    for (int k = 0; k < 4; k++)
        for (int i1 = 0; i1 < 9; i1++)
            for (int i2 = 0; i2 < 9; i2++) {
                int h1 = kinds[k][0] + i1, h2 = kinds[k][1] + i2;
                unsigned cross, cross2;
                meet(k, i1, i2, &cross, &cross2);
                if (!cross) continue;
                for (int d = 0; d < 9; d++) {
                    unsigned p = m->pos[d][h1];
                    if (b9_popc(p) < 2 || (p & ~cross)) continue;
                    unsigned rem = m->pos[d][h2] & ~cross2;
                    if (!rem) continue;   /* nothing to remove: no hint */
                    begin(m);
                    for (; rem; rem &= rem - 1) removal(m, B9_HOUSE[h2][b9_ctz(rem)], 1u << d);
                    for (unsigned g = m->pos0[d][h1] & ~p & ~cross; g; g &= g - 1)
                        parent(m, B9_HOUSE[h1][b9_ctz(g)], d);
                    end(m);
                }
            }
}

/* Hidden pairs, houses boxes, columns, rows; digit pairs in SE's order. */
static void hidden_pairs(maker *m, const uint16_t cm[81], const uint16_t cm0[81]) {
    static const int kinds[3] = {BOX, COL, ROW};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            int h = kinds[k] + i, two[9], n = 0;
            if (m->open[h] <= 4) continue;
            for (int d = 0; d < 9; d++)   /* a pair's digits have two places each, the same */
                if (b9_popc(m->pos[d][h]) == 2) two[n++] = d;
            for (int t = 1; t < n; t++)
                for (int u = 0; u < t; u++) {
                    int a = two[u], b = two[t];
                    unsigned both = m->pos[a][h];
                    if (both != m->pos[b][h]) continue;
                    unsigned pair = (1u << a) | (1u << b);
                    begin(m);
                    for (int j = 0; j < 9; j++) {
                        int c = B9_HOUSE[h][j];
                        if ((both >> j & 1) && (cm[c] & ~pair)) removal(m, c, cm[c] & ~pair);
                    }
                    if (!m->n_cells) continue;
                    for (int j = 0; j < 9; j++) {
                        int c = B9_HOUSE[h][j];
                        if (both >> j & 1) continue;
                        if (cm0[c] >> a & 1) parent(m, c, a);
                        if (cm0[c] >> b & 1) parent(m, c, b);
                    }
                    end(m);
                }
        }
}

/* Naked pairs, houses boxes, columns, rows; cell pairs in SE's order. */
static void naked_pairs(maker *m, const uint16_t cm[81], const uint16_t cm0[81]) {
    static const int kinds[3] = {BOX, COL, ROW};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            int h = kinds[k] + i, two[9], n = 0;
            if (m->open[h] < 4) continue;
            for (int j = 0; j < 9; j++)   /* a pair's cells have two candidates each, the same */
                if (b9_popc(cm[B9_HOUSE[h][j]]) == 2) two[n++] = j;
            for (int t = 1; t < n; t++)
                for (int u = 0; u < t; u++) {
                    int ca = B9_HOUSE[h][two[u]], cb = B9_HOUSE[h][two[t]];
                    unsigned both = cm[ca];
                    if (both != cm[cb]) continue;
                    begin(m);
                    for (int j = 0; j < 9; j++) {
                        int c = B9_HOUSE[h][j];
                        if (c != ca && c != cb && (cm[c] & both)) removal(m, c, cm[c] & both);
                    }
                    if (!m->n_cells) continue;
                    for (unsigned g = cm0[ca] & ~both; g; g &= g - 1) parent(m, ca, b9_ctz(g));
                    for (unsigned g = cm0[cb] & ~both; g; g &= g - 1) parent(m, cb, b9_ctz(g));
                    end(m);
                }
        }
}

/* X-Wings: base columns then base rows; base pairs in SE's order, digits up. */
static void x_wings(maker *m, const uint16_t cm[81], const uint16_t cm0[81]) {
    unsigned digits = 0; /* a row without the digit among its candidates holds it */
    for (int d = 0; d < 9; d++) {
        int placed = 0;
        for (int r = 0; r < 9; r++) placed += !m->pos0[d][ROW + r];
        if (placed + 4 <= 9) digits |= 1u << d;
    }
    static const int kinds[2][2] = {{COL, ROW}, {ROW, COL}};
    for (int k = 0; k < 2; k++) {
        int base = kinds[k][0], cover = kinds[k][1];
        unsigned two[9]; /* the digits with two places in each base line */
        for (int a = 0; a < 9; a++) {
            two[a] = 0;
            for (unsigned ds = digits; ds; ds &= ds - 1)
                if (b9_popc(m->pos[b9_ctz(ds)][base + a]) == 2) two[a] |= 1u << b9_ctz(ds);
        }
        for (int b = 1; b < 9; b++)
            for (int a = 0; a < b; a++)
                for (unsigned ds = two[a] & two[b]; ds; ds &= ds - 1) {
                    int d = b9_ctz(ds);
                    unsigned lines = m->pos[d][base + a];
                    if (lines != m->pos[d][base + b]) continue;
                    begin(m);
                    for (unsigned l = lines; l; l &= l - 1) {
                        int h = cover + b9_ctz(l);
                        unsigned rest = m->pos[d][h] & ~((1u << a) | (1u << b));
                        for (; rest; rest &= rest - 1) removal(m, B9_HOUSE[h][b9_ctz(rest)], 1u << d);
                    }
                    if (!m->n_cells) continue;
                    int bases[2] = {base + a, base + b};
                    for (int t = 0; t < 2; t++)
                        for (int j = 0; j < 9; j++) {
                            int c = B9_HOUSE[bases[t]][j];
                            if ((cm0[c] >> d & 1) && !(cm[c] >> d & 1) && !(lines >> j & 1))
                                parent(m, c, d);
                        }
                    end(m);
                }
    }
}

/* The removed candidates (of cm0, not of cm) a potential of a static forcing chain
 * needed: "on" by its cell's rule, the cell's; by a house's, the digit's in the house. */
static void chain_parents(maker *m, uint8_t *seen, int key, int cause, const uint16_t cm[81],
                          const uint16_t cm0[81]) {
    int cell = (key >> 1) % 81, d = (key >> 1) / 81;
    if (cause == SESTATIC_CAUSE_CELL) {
        for (unsigned g = cm0[cell] & ~cm[cell]; g; g &= g - 1) {
            int v = b9_ctz(g);
            if (seen[v * 81 + cell]) continue;
            seen[v * 81 + cell] = 1;
            parent(m, cell, v);
        }
    } else if (cause >= 0) {
        for (int i = 0; i < 9; i++) {
            int c = B9_HOUSE[cause][i];
            if (!(cm0[c] >> d & 1) || (cm[c] >> d & 1) || seen[d * 81 + c]) continue;
            seen[d * 81 + c] = 1;
            parent(m, c, d);
        }
    }
}

/* SE's static forcing chains and cycles on the working grid: each hint's parents are
 * what its "on" potentials needed (a cycle's, both ways round: its "off" ones too). */
static int forcing_chains(maker *m, const uint16_t cm[81], const uint16_t cm0[81],
                          sestatic_t *chains) {
    int n = sestatic9(chains, cm);
    if (n < 0) return -1;
    const uint16_t *keys = sestatic9_keys(chains), *rems = sestatic9_removals(chains);
    const int8_t *causes = sestatic9_causes(chains);
    for (int i = 0; i < n; i++) {
        const sestatic_hint *h = sestatic9_hint(chains, i);
        uint8_t seen[729] = {0};
        begin(m);
        for (int j = 0; j < h->n; j++)
            if ((keys[h->chain + j] & 1) || h->cycle)
                chain_parents(m, seen, keys[h->chain + j], causes[h->chain + j], cm, cm0);
        if (!m->n_par) continue;
        uint16_t digits[81] = {0};
        for (int j = 0; j < h->n_rem; j++) digits[rems[h->rem + j] % 81] |= (uint16_t)(1u << rems[h->rem + j] / 81);
        for (int c = 0; c < 81; c++)
            if (digits[c]) removal(m, c, digits[c]);
        m->chain = sestatic9_intern(chains, i);
        if (m->chain < 0) return -1;
        end(m);
    }
    return 0;
}

int serules9(const uint16_t cm[81], const uint16_t cm0[81], sestatic_t *chains,
             serules_t *out) {
    static void (*const rules[4])(maker *, const uint16_t *, const uint16_t *) = {
        locking, hidden_pairs, naked_pairs, x_wings};
    maker m;
    memset(m.seen, 0, sizeof m.seen);
    memset(m.pos, 0, sizeof m.pos);
    memset(m.pos0, 0, sizeof m.pos0);
    for (int h = 0; h < 27; h++) {
        m.open[h] = 0;
        for (int i = 0; i < 9; i++) {
            int c = B9_HOUSE[h][i];
            m.open[h] += cm0[c] != 0;
            for (unsigned g = cm[c]; g; g &= g - 1) m.pos[b9_ctz(g)][h] |= (uint16_t)(1u << i);
            for (unsigned g = cm0[c]; g; g &= g - 1) m.pos0[b9_ctz(g)][h] |= (uint16_t)(1u << i);
        }
    }
    m.out = out;
    out->n_rem = out->n_hint = out->n_pool = 0;
    for (int r = 0; r < 4 && !out->n_rem; r++) rules[r](&m, cm, cm0);
    if (!out->n_rem && chains && forcing_chains(&m, cm, cm0, chains) < 0) return -1;
    return out->n_rem;
}
