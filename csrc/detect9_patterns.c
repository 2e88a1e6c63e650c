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

/* Peer and house bitboards (bit i = cell i; cells 64..80 in the _HI words). */
static const uint64_t PEER_LO[81] = {
    0x80402010081c0ffeULL, 0x804020101c0ffdULL, 0x1008040201c0ffbULL, 0x201008040e071f7ULL,
    0x402010080e071efULL, 0x804020100e071dfULL, 0x10080402070381bfULL, 0x201008040703817fULL,
    0x40201008070380ffULL, 0x80402010081ffc07ULL, 0x804020101ffa07ULL, 0x1008040201ff607ULL,
    0x201008040e3ee38ULL, 0x402010080e3de38ULL, 0x804020100e3be38ULL, 0x1008040207037fc0ULL,
    0x201008040702ffc0ULL, 0x402010080701ffc0ULL, 0x804020100ff80e07ULL, 0x80402017f40e07ULL,
    0x100804027ec0e07ULL, 0x201008047dc7038ULL, 0x402010087bc7038ULL, 0x8040201077c7038ULL,
    0x1008040206ff81c0ULL, 0x2010080405ff81c0ULL, 0x4020100803ff81c0ULL, 0x8040e07ff0040201ULL,
    0x80e07fe8080402ULL, 0x100e07fd8100804ULL, 0x207038fb8201008ULL, 0x407038f78402010ULL,
    0x807038ef8804020ULL, 0x10381c0df9008040ULL, 0x20381c0bfa010080ULL, 0x40381c07fc020100ULL,
    0x8040ffe038040201ULL, 0x80ffd038080402ULL, 0x100ffb038100804ULL, 0x2071f71c0201008ULL,
    0x4071ef1c0402010ULL, 0x8071df1c0804020ULL, 0x10381bfe01008040ULL, 0x203817fe02010080ULL,
    0x40380ffe04020100ULL, 0x807fc07038040201ULL, 0xbfa07038080402ULL, 0x13f607038100804ULL,
    0x23ee381c0201008ULL, 0x43de381c0402010ULL, 0x83be381c0804020ULL, 0x1037fc0e01008040ULL,
    0x202ffc0e02010080ULL, 0x401ffc0e04020100ULL, 0xff80201008040201ULL, 0xff40402010080402ULL,
    0xfec0804020100804ULL, 0x7dc1008040201008ULL, 0x7bc2010080402010ULL, 0x77c4020100804020ULL,
    0x6fc8040201008040ULL, 0x5fd0080402010080ULL, 0x3fe0100804020100ULL, 0x1c0201008040201ULL,
    0x81c0402010080402ULL, 0x81c0804020100804ULL, 0x8e01008040201008ULL, 0x8e02010080402010ULL,
    0x8e04020100804020ULL, 0xf008040201008040ULL, 0xf010080402010080ULL, 0xf020100804020100ULL,
    0x81c0201008040201ULL, 0x81c0402010080402ULL, 0x81c0804020100804ULL, 0xe01008040201008ULL,
    0xe02010080402010ULL, 0xe04020100804020ULL, 0x7008040201008040ULL, 0x7010080402010080ULL,
    0x7020100804020100ULL,
};
static const uint32_t PEER_HI[81] = {
    0x100u, 0x201u, 0x402u, 0x804u, 0x1008u, 0x2010u, 0x4020u, 0x8040u,
    0x10080u, 0x100u, 0x201u, 0x402u, 0x804u, 0x1008u, 0x2010u, 0x4020u,
    0x8040u, 0x10080u, 0x100u, 0x201u, 0x402u, 0x804u, 0x1008u, 0x2010u,
    0x4020u, 0x8040u, 0x10080u, 0x100u, 0x201u, 0x402u, 0x804u, 0x1008u,
    0x2010u, 0x4020u, 0x8040u, 0x10080u, 0x100u, 0x201u, 0x402u, 0x804u,
    0x1008u, 0x2010u, 0x4020u, 0x8040u, 0x10080u, 0x100u, 0x201u, 0x402u,
    0x804u, 0x1008u, 0x2010u, 0x4020u, 0x8040u, 0x10080u, 0x703u, 0x703u,
    0x703u, 0x381cu, 0x381cu, 0x381cu, 0x1c0e0u, 0x1c0e0u, 0x1c0e0u, 0x7ffu,
    0x7feu, 0x7fdu, 0x38fbu, 0x38f7u, 0x38efu, 0x1c0dfu, 0x1c0bfu, 0x1c07fu,
    0x1fe03u, 0x1fd03u, 0x1fb03u, 0x1f71cu, 0x1ef1cu, 0x1df1cu, 0x1bfe0u, 0x17fe0u,
    0xffe0u,
};
static const uint64_t HOUSE_LO[27] = {
    0x1ffULL, 0x3fe00ULL, 0x7fc0000ULL, 0xff8000000ULL,
    0x1ff000000000ULL, 0x3fe00000000000ULL, 0x7fc0000000000000ULL, 0x8000000000000000ULL,
    0x0ULL, 0x8040201008040201ULL, 0x80402010080402ULL, 0x100804020100804ULL,
    0x201008040201008ULL, 0x402010080402010ULL, 0x804020100804020ULL, 0x1008040201008040ULL,
    0x2010080402010080ULL, 0x4020100804020100ULL, 0x1c0e07ULL, 0xe07038ULL,
    0x70381c0ULL, 0xe07038000000ULL, 0x70381c0000000ULL, 0x381c0e00000000ULL,
    0x81c0000000000000ULL, 0xe00000000000000ULL, 0x7000000000000000ULL,
};
static const uint32_t HOUSE_HI[27] = {
    0x0u, 0x0u, 0x0u, 0x0u, 0x0u, 0x0u, 0x0u, 0xffu,
    0x1ff00u, 0x100u, 0x201u, 0x402u, 0x804u, 0x1008u, 0x2010u, 0x4020u,
    0x8040u, 0x10080u, 0x0u, 0x0u, 0x0u, 0x0u, 0x0u, 0x0u,
    0x703u, 0x381cu, 0x1c0e0u,
};

typedef struct {
    uint64_t lo;
    uint32_t hi;
} bb81;

static inline int bb_any(bb81 a) {
    return (a.lo | a.hi) != 0;
}

static inline int bb_eq(bb81 a, bb81 b) {
    return a.lo == b.lo && a.hi == b.hi;
}

static inline bb81 bb_cell(int c) {
    bb81 r;
    r.lo = c < 64 ? (uint64_t)1 << c : 0;
    r.hi = c < 64 ? 0 : (uint32_t)1 << (c - 64);
    return r;
}

static inline int ctz16(unsigned m) {
    return __builtin_ctz(m);
}

static inline int popc(unsigned m) {
    return __builtin_popcount(m);
}

static inline int sees(int a, int b) {
    return b < 64 ? (int)((PEER_LO[a] >> b) & 1u) : (int)((PEER_HI[a] >> (b - 64)) & 1u);
}

static inline int row_of(int c) { return c / 9; }
static inline int col_of(int c) { return c % 9; }
static inline int box_of(int c) { return (c / 27) * 3 + (c % 9) / 3; }

/* Cells with digit d seeing both p and q, other than x and y. */
static inline int chain_elims(const d9_state *s, int d, int p, int q, int x, int y) {
    uint64_t lo = PEER_LO[p] & PEER_LO[q] & s->lo[d];
    uint32_t hi = PEER_HI[p] & PEER_HI[q] & s->hi[d];
    bb81 bx = bb_cell(x), by = bb_cell(y);
    lo &= ~(bx.lo | by.lo);
    hi &= ~(bx.hi | by.hi);
    return (lo | hi) != 0;
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
        if (popc(m) != 2)
            continue;
        int a = D9_HOUSE[h][ctz16(m)];
        int b = D9_HOUSE[h][ctz16(m & (m - 1))];
        if (h >= 18) {
            /* already a row or column pair? */
            if (row_of(a) == row_of(b) && popc(s->pos[d][row_of(a)]) == 2)
                continue;
            if (col_of(a) == col_of(b) && popc(s->pos[d][9 + col_of(a)]) == 2)
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
            sx = col_of(x); sy = col_of(y); sp = col_of(p); sq = col_of(q);
        } else {
            sx = row_of(x); sy = row_of(y); sp = row_of(p); sq = row_of(q);
        }
        if (sx == sy)
            return sp != sq ? K_SKY : K_SKIP;
        return K_TURBOT;
    }
    if (k1 < 2 && k2 < 2 && box_of(x) == box_of(y) && box_of(p) != box_of(x) &&
        box_of(q) != box_of(y))
        return K_KITE;
    return K_TURBOT;
}

/* Whether some chain of kind want has an elimination. */
static int three_links(const d9_state *s, int want) {
    pair9 pairs[27];
    for (int d = 0; d < 9; d++) {
        if (!(s->lo[d] | s->hi[d]))
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
                        if (!sees(x, y))
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
        if (!(s->lo[d] | s->hi[d]))
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
                        if (!sees(x, y))
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
        uint64_t dlo = s->lo[d];
        uint32_t dhi = s->hi[d];
        if (!(dlo | dhi))
            continue;
        for (int b = 0; b < 9; b++) {
            unsigned inbox = s->pos[d][18 + b];
            if (popc(inbox) < 2)
                continue;
            unsigned rows = ((inbox & 7u) ? 1u : 0u) | ((inbox & 070u) ? 2u : 0u) |
                            ((inbox & 0700u) ? 4u : 0u);
            unsigned cols = ((inbox & 0111u) ? 1u : 0u) | ((inbox & 0222u) ? 2u : 0u) |
                            ((inbox & 0444u) ? 4u : 0u);
            if (popc(rows) < 2 || popc(cols) < 2)
                continue;
            int have = 0;
            bb81 first = {0, 0};
            const uint64_t box_lo = HOUSE_LO[18 + b];
            const uint32_t box_hi = HOUSE_HI[18 + b];
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
                    uint64_t cp_lo = ~(uint64_t)0, rp_lo = ~(uint64_t)0;
                    uint32_t cp_hi = ~(uint32_t)0, rp_hi = ~(uint32_t)0;
                    for (unsigned m = cpart; m; m &= m - 1) {
                        int cell = D9_HOUSE[18 + b][ctz16(m)];
                        cp_lo &= PEER_LO[cell];
                        cp_hi &= PEER_HI[cell];
                    }
                    for (unsigned m = rpart; m; m &= m - 1) {
                        int cell = D9_HOUSE[18 + b][ctz16(m)];
                        rp_lo &= PEER_LO[cell];
                        rp_hi &= PEER_HI[cell];
                    }
                    for (int dir = 0; dir < 2; dir++) {
                        /* dir 0: x on row R outside the box, y its conjugate in its
                         * column; dir 1: x on column C, y in its row. */
                        int line = dir == 0 ? R : 9 + C;
                        unsigned outside = dir == 0 ? s->pos[d][line] & ~(7u << c0)
                                                    : s->pos[d][line] & ~(7u << r0);
                        uint64_t part_lo = dir == 0 ? cp_lo : rp_lo;
                        uint32_t part_hi = dir == 0 ? cp_hi : rp_hi;
                        for (unsigned m = outside; m; m &= m - 1) {
                            int x = D9_HOUSE[line][ctz16(m)];
                            int cross = dir == 0 ? 9 + col_of(x) : row_of(x);
                            unsigned cm = s->pos[d][cross];
                            if (popc(cm) != 2)
                                continue;
                            int k0 = ctz16(cm), k1 = ctz16(cm & (cm - 1));
                            int y = D9_HOUSE[cross][k0];
                            if (y == x)
                                y = D9_HOUSE[cross][k1];
                            if (box_of(y) == b)
                                continue;
                            bb81 bx = bb_cell(x);
                            bb81 e;
                            e.lo = PEER_LO[y] & part_lo & dlo & ~box_lo & ~bx.lo;
                            e.hi = PEER_HI[y] & part_hi & dhi & ~box_hi & ~bx.hi;
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
