/* Detectors of the patterns family (see detect9.h): Skyscraper, 2-String Kite, Turbot
 * Fish, Empty Rectangle and their duals (shudu.logic.patterns).  All single-digit.
 *
 * The three-link chains p = x - y = q follow _three_links: conjugate pairs are taken
 * once per cell pair (rows, then columns, then boxes; a box pair whose two cells also
 * form a row or column pair counts as that line pair), Skyscraper and Kite use line
 * pairs only, and each orientation of two disjoint pairs is classified as
 *   both rows / both columns, x and y on one column / row: Skyscraper when p and q are
 *     not on one column / row, else an X-Wing (skipped);
 *   a row and a column pair, x and y in one box, p and q outside it: Kite;
 *   anything else: Turbot Fish.
 * Eliminations: cells with the digit seeing p and q, other than x and y. */
#include "detect9.h"

/* Cells with digit d seeing both p and q, other than x and y. */
static inline int chain_elims(const d9_state *s, int d, int p, int q, int x, int y) {
    bb81 e = bb_and(bb_and(B9_PEER_BB[p], B9_PEER_BB[q]), s->cells[d]);
    return bb_any(bb_andnot(e, bb_or(bb_cell(x), bb_cell(y))));
}

typedef struct {
    uint8_t kind; /* 0 row, 1 column, 2 box */
    uint8_t a, b;
} pair9;

/* The conjugate pairs of digit d, one per cell pair; boxes too when with_boxes. */
static int digit_pairs(const d9_state *s, int d, int with_boxes, pair9 *out) {
    int n = 0;
    int hmax = with_boxes ? 27 : 18;
    for (int h = 0; h < hmax; h++) {
        unsigned m = s->pos[d][h];
        if (b9_popc(m) != 2)
            continue;
        int a = B9_HOUSE[h][b9_ctz(m)];
        int b = B9_HOUSE[h][b9_ctz(m & (m - 1))];
        if (h >= 18) {
            /* already a row or column pair? */
            if (b9_row(a) == b9_row(b) && b9_popc(s->pos[d][b9_row(a)]) == 2)
                continue;
            if (b9_col(a) == b9_col(b) && b9_popc(s->pos[d][9 + b9_col(a)]) == 2)
                continue;
        }
        out[n].kind = (uint8_t)(h < 9 ? 0 : h < 18 ? 1 : 2);
        out[n].a = (uint8_t)a;
        out[n].b = (uint8_t)b;
        n++;
    }
    return n;
}

enum { K_SKIP = 0, K_SKY, K_KITE, K_TURBOT };

/* The kind of chain p = x - y = q (x sees y) of pairs of kinds k1 (p, x), k2 (y, q). */
static inline int chain_kind(int k1, int p, int x, int k2, int y, int q) {
    if (k1 == k2 && k1 < 2) {
        int sx, sy, sp, sq;
        if (k1 == 0) {
            sx = b9_col(x); sy = b9_col(y); sp = b9_col(p); sq = b9_col(q);
        } else {
            sx = b9_row(x); sy = b9_row(y); sp = b9_row(p); sq = b9_row(q);
        }
        if (sx == sy)
            return sp != sq ? K_SKY : K_SKIP;
        return K_TURBOT;
    }
    if (k1 < 2 && k2 < 2 && b9_box(x) == b9_box(y) && b9_box(p) != b9_box(x) &&
        b9_box(q) != b9_box(y))
        return K_KITE;
    return K_TURBOT;
}

/* Whether some chain of kind want has an elimination. */
static int three_links(const d9_state *s, int want) {
    pair9 pairs[27];
    for (int d = 0; d < 9; d++) {
        if (!bb_any(s->cells[d]))
            continue;
        int n = digit_pairs(s, d, want == K_TURBOT, pairs);
        for (int i = 0; i < n; i++) {
            int a1 = pairs[i].a, b1 = pairs[i].b, k1 = pairs[i].kind;
            for (int j = i + 1; j < n; j++) {
                int a2 = pairs[j].a, b2 = pairs[j].b, k2 = pairs[j].kind;
                if ((want == K_SKY && k2 != k1) || (want == K_KITE && k2 == k1))
                    continue;
                if (a2 == a1 || a2 == b1 || b2 == a1 || b2 == b1)
                    continue;
                for (int o1 = 0; o1 < 2; o1++) {
                    int p = o1 ? b1 : a1, x = o1 ? a1 : b1;
                    for (int o2 = 0; o2 < 2; o2++) {
                        int q = o2 ? b2 : a2, y = o2 ? a2 : b2;
                        if (!b9_sees(x, y))
                            continue;
                        if (chain_kind(k1, p, x, k2, y, q) != want)
                            continue;
                        if (chain_elims(s, d, p, q, x, y))
                            return 1;
                    }
                }
            }
        }
    }
    return 0;
}

int d9_skyscraper(const d9_state *s) {
    return three_links(s, K_SKY);
}

int d9_two_string_kite(const d9_state *s) {
    return three_links(s, K_KITE);
}

int d9_turbot_fish(const d9_state *s) {
    return three_links(s, K_TURBOT);
}

/* Two kites through the same two box cells A, B with the roles swapped: one with the
 * row pair through A and the column pair through B, one the other way, both eliminating
 * something (find_dual_two_string_kite). */
int d9_dual_two_string_kite(const d9_state *s) {
    pair9 pairs[18];
    uint8_t kx[4 * 81], ky[4 * 81];
    for (int d = 0; d < 9; d++) {
        if (!bb_any(s->cells[d]))
            continue;
        int n = digit_pairs(s, d, 0, pairs);
        int nk = 0;
        for (int i = 0; i < n; i++) {
            if (pairs[i].kind != 0)
                continue;
            int a1 = pairs[i].a, b1 = pairs[i].b;
            for (int j = 0; j < n; j++) {
                if (pairs[j].kind != 1)
                    continue;
                int a2 = pairs[j].a, b2 = pairs[j].b;
                if (a2 == a1 || a2 == b1 || b2 == a1 || b2 == b1)
                    continue;
                for (int o1 = 0; o1 < 2; o1++) {
                    int p = o1 ? b1 : a1, x = o1 ? a1 : b1;
                    for (int o2 = 0; o2 < 2; o2++) {
                        int q = o2 ? b2 : a2, y = o2 ? a2 : b2;
                        if (!b9_sees(x, y))
                            continue;
                        if (chain_kind(0, p, x, 1, y, q) != K_KITE)
                            continue;
                        if (!chain_elims(s, d, p, q, x, y))
                            continue;
                        for (int k = 0; k < nk; k++)
                            if (kx[k] == y && ky[k] == x)
                                return 1;
                        if (nk < 4 * 81) {
                            kx[nk] = (uint8_t)x;
                            ky[nk] = (uint8_t)y;
                            nk++;
                        }
                    }
                }
            }
        }
    }
    return 0;
}

/* Empty rectangles (_empty_rectangles).  With dual == 0: whether one eliminates
 * something; with dual != 0: whether some digit and box have two with different,
 * non-empty eliminations. */
static int empty_rectangles(const d9_state *s, int dual) {
    for (int d = 0; d < 9; d++) {
        const bb81 dcells = s->cells[d];
        if (!bb_any(dcells))
            continue;
        for (int b = 0; b < 9; b++) {
            unsigned inbox = s->pos[d][18 + b];
            if (b9_popc(inbox) < 2)
                continue;
            unsigned rows = ((inbox & 7u) ? 1u : 0u) | ((inbox & 070u) ? 2u : 0u) |
                            ((inbox & 0700u) ? 4u : 0u);
            unsigned cols = ((inbox & 0111u) ? 1u : 0u) | ((inbox & 0222u) ? 2u : 0u) |
                            ((inbox & 0444u) ? 4u : 0u);
            if (b9_popc(rows) < 2 || b9_popc(cols) < 2)
                continue;
            int have = 0;
            bb81 first = {0, 0};
            const bb81 box = B9_HOUSE_BB[18 + b];
            const int r0 = (b / 3) * 3, c0 = (b % 3) * 3;
            for (int lr = 0; lr < 3; lr++) {
                unsigned rbits = 7u << (3 * lr);
                for (int lc = 0; lc < 3; lc++) {
                    unsigned cbits = 0111u << lc;
                    if (inbox & ~(rbits | cbits))
                        continue;
                    unsigned rpart = inbox & rbits & ~cbits;
                    unsigned cpart = inbox & cbits & ~rbits;
                    if (!rpart || !cpart)
                        continue;
                    const int R = r0 + lr, C = c0 + lc;
                    /* common peers of the column part and of the row part */
                    bb81 cp = bb_make(~(uint64_t)0, ~(uint64_t)0), rp = cp;
                    for (unsigned m = cpart; m; m &= m - 1)
                        cp = bb_and(cp, B9_PEER_BB[B9_HOUSE[18 + b][b9_ctz(m)]]);
                    for (unsigned m = rpart; m; m &= m - 1)
                        rp = bb_and(rp, B9_PEER_BB[B9_HOUSE[18 + b][b9_ctz(m)]]);
                    for (int dir = 0; dir < 2; dir++) {
                        /* dir 0: x on row R outside the box, y its conjugate in its
                         * column; dir 1: x on column C, y in its row. */
                        int line = dir == 0 ? R : 9 + C;
                        unsigned outside = dir == 0 ? s->pos[d][line] & ~(7u << c0)
                                                    : s->pos[d][line] & ~(7u << r0);
                        const bb81 part = dir == 0 ? cp : rp;
                        for (unsigned m = outside; m; m &= m - 1) {
                            int x = B9_HOUSE[line][b9_ctz(m)];
                            int cross = dir == 0 ? 9 + b9_col(x) : b9_row(x);
                            unsigned cm = s->pos[d][cross];
                            if (b9_popc(cm) != 2)
                                continue;
                            int k0 = b9_ctz(cm), k1 = b9_ctz(cm & (cm - 1));
                            int y = B9_HOUSE[cross][k0];
                            if (y == x)
                                y = B9_HOUSE[cross][k1];
                            if (b9_box(y) == b)
                                continue;
                            bb81 e = bb_and(bb_and(B9_PEER_BB[y], part), dcells);
                            e = bb_andnot(e, bb_or(box, bb_cell(x)));
                            if (!bb_any(e))
                                continue;
                            if (!dual)
                                return 1;
                            if (!have) {
                                have = 1;
                                first = e;
                            } else if (!bb_eq(first, e)) {
                                return 1;
                            }
                        }
                    }
                }
            }
        }
    }
    return 0;
}

int d9_empty_rectangle(const d9_state *s) {
    return empty_rectangles(s, 0);
}

int d9_dual_empty_rectangle(const d9_state *s) {
    return empty_rectangles(s, 1);
}
