/* The classic 9x9 board: cell and house tables and an 81-bit cell bitboard, shared by the
 * C ladder (logic9.c), the detectors (detect9*.c) and the 9x9 glue.
 *
 * Cells are 0..80 in reading order (row * 9 + column).  Houses 0..8 are rows, 9..17
 * columns, 18..26 boxes (as in shudu.rules); a house lists its cells in reading order,
 * and a cell's position in a house is its index in that list.
 *
 * The fast solver (solve9.c) keeps a board of its own: band-oriented bitboards (one
 * 27-cell word per band and digit) built for propagation speed, not cell tables; it
 * shares no table with this file on purpose. */
#ifndef SHUDU_BOARD9_H
#define SHUDU_BOARD9_H

#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const uint8_t B9_HOUSE[27][9];      /* cells of each house, reading order */
extern const uint8_t B9_CELL_HOUSE[81][3]; /* row, 9 + column, 18 + box of each cell */
extern const uint8_t B9_PEERS[81][20];     /* the 20 peers of each cell, ascending */
extern const uint8_t B9_POP9[512];         /* the number of bits set in a 9-bit mask */

static inline int b9_row(int cell) { return cell / 9; }
static inline int b9_col(int cell) { return cell % 9; }
static inline int b9_box(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

/* The position (0..8) of cell in house h, one of the cell's houses. */
static inline int b9_house_pos(int cell, int h) {
    int r = cell / 9, c = cell % 9;
    if (h < 9) return c;
    if (h < 18) return r;
    return (r % 3) * 3 + c % 3;
}

/* Bits set in a mask, and the index of the lowest set bit of a non-zero mask. */
static inline int b9_popc(unsigned m) { return sd_popc32(m); }
static inline int b9_ctz(unsigned m) { return sd_ctz32(m); }

/* Bits set in a 9-bit mask, by table (fast even without a popcount instruction). */
static inline int b9_popc9(unsigned m) {
    return B9_POP9[m & 511u];
}

/* ------------------------------------------------------------------ cell bitboards */

/* A set of cells: bit i of lo = cell i (0..63), bit i - 64 of hi = cell i (64..80). */
typedef struct bb81 {
    uint64_t lo, hi;
} bb81;

#define BB81_HI_ALL ((UINT64_C(1) << 17) - 1) /* every cell of the hi word */

extern const bb81 B9_PEER_BB[81];  /* the 20 peers of each cell */
extern const bb81 B9_HOUSE_BB[27]; /* the 9 cells of each house */

static inline bb81 bb_make(uint64_t lo, uint64_t hi) {
    bb81 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}
static inline bb81 bb_and(bb81 a, bb81 b) { return bb_make(a.lo & b.lo, a.hi & b.hi); }
static inline bb81 bb_or(bb81 a, bb81 b) { return bb_make(a.lo | b.lo, a.hi | b.hi); }
static inline bb81 bb_andnot(bb81 a, bb81 b) { return bb_make(a.lo & ~b.lo, a.hi & ~b.hi); }
static inline int bb_any(bb81 a) { return (a.lo | a.hi) != 0; }
/* Whether a and b share a cell. */
static inline int bb_meets(bb81 a, bb81 b) { return ((a.lo & b.lo) | (a.hi & b.hi)) != 0; }
/* Whether every cell of a is in b. */
static inline int bb_subset(bb81 a, bb81 b) { return ((a.lo & ~b.lo) | (a.hi & ~b.hi)) == 0; }
static inline int bb_eq(bb81 a, bb81 b) { return a.lo == b.lo && a.hi == b.hi; }
/* a < b as 81-bit integers. */
static inline int bb_less(bb81 a, bb81 b) { return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo; }
static inline int bb_count(bb81 a) {
    return sd_popc64(a.lo) + sd_popc64(a.hi);
}
static inline bb81 bb_cell(int c) {
    return c < 64 ? bb_make(UINT64_C(1) << c, 0) : bb_make(0, UINT64_C(1) << (c - 64));
}
static inline int bb_has(bb81 a, int c) {
    return c < 64 ? (int)(a.lo >> c & 1u) : (int)(a.hi >> (c - 64) & 1u);
}
static inline void bb_set(bb81 *a, int c) {
    if (c < 64)
        a->lo |= UINT64_C(1) << c;
    else
        a->hi |= UINT64_C(1) << (c - 64);
}
/* The lowest cell of a non-empty set. */
static inline int bb_first(bb81 a) {
    return a.lo ? sd_ctz64(a.lo) : 64 + sd_ctz64(a.hi);
}
/* Remove and return the lowest cell of a non-empty set. */
static inline int bb_pop_low(bb81 *a) {
    int c;
    if (a->lo) {
        c = sd_ctz64(a->lo);
        a->lo &= a->lo - 1;
    } else {
        c = 64 + sd_ctz64(a->hi);
        a->hi &= a->hi - 1;
    }
    return c;
}

/* Combinations of `size` (at most 4) of n 9-bit masks, in order, whose union stays within
 * `size` bits, as shudu.logic.subsets._combos makes them for the subset searches: after
 * combo_start, each combo_next returning 1 leaves the chosen indices in idx[0 .. size - 1]
 * and their union in *got. */
typedef struct {
    int idx[4], depth;
    unsigned uni[5];
} combo;

static inline void combo_start(combo *k) {
    k->depth = 0;
    k->idx[0] = -1;
    k->uni[0] = 0;
}

static inline int combo_next(combo *k, const unsigned *masks, int n, int size, unsigned *got) {
    while (k->depth >= 0) {
        const int d = k->depth;
        k->idx[d]++;
        if (k->idx[d] > n - (size - d)) {
            k->depth--;
            continue;
        }
        unsigned u = k->uni[d] | masks[k->idx[d]];
        if (b9_popc9(u) > size) continue;
        if (d + 1 < size) {
            k->uni[d + 1] = u;
            k->idx[d + 1] = k->idx[d];
            k->depth++;
            continue;
        }
        *got = u;
        return 1;
    }
    return 0;
}

/* Whether cells a and b see each other (share a house; a != b). */
static inline int b9_sees(int a, int b) {
    return bb_has(B9_PEER_BB[a], b);
}

/* ------------------------------------------------------------------ house positions */

/* pos[d][h]: bit k set when the open cell B9_HOUSE[h][k] holds candidate d + 1 (open =
 * v[cell] == 0; c: 9-bit candidate masks).  When placed is non-NULL, placed[h] receives
 * the digits placed in house h (bit d - 1).  pos and placed are overwritten. */
void b9_positions(const uint16_t *c, const uint8_t *v, uint16_t pos[9][27], uint16_t *placed);

#ifdef __cplusplus
}
#endif

#endif
