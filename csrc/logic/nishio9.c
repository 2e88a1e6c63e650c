/* Nishio forcing chains, as Sudoku Explainer's Chaining.doChaining follows one digit
 * (nishio9.h).  A cell set is the board's bb81 (cells 0..63, 64..80); the ancestors of a
 * potential (2 * cell + on) are a set of three words over the 162 potentials. */
#include "logic/nishio9.h"

#include <string.h>

#include "common.h"
#include "engine/board9.h"

typedef struct {
    uint64_t w[3];
} anc162;

static int houses_of[81][3];  /* box, row, column: SE's order */
static int ready;

static void setup(void) {
    if (ready) return;
    for (int c = 0; c < 81; c++) {
        houses_of[c][0] = 18 + b9_box(c);
        houses_of[c][1] = b9_row(c);
        houses_of[c][2] = 9 + b9_col(c);
    }
    ready = 1;
}

static inline void drop(bb81 *s, int c) { *s = bb_andnot(*s, bb_cell(c)); }
static inline void anc_set(anc162 *a, int k) { a->w[k >> 6] |= 1ULL << (k & 63); }
static inline void anc_or(anc162 *a, const anc162 *b) {
    for (int i = 0; i < 3; i++) a->w[i] |= b->w[i];
}
static inline int anc_count(const anc162 *a) {
    return sd_popc64(a->w[0]) + sd_popc64(a->w[1]) + sd_popc64(a->w[2]);
}

static int clash(const anc162 *a, const anc162 *b) {
    int n = anc_count(a) + anc_count(b);
    return n > 255 ? 255 : n;
}

/* The complexity of the first clash of one assumption, or 0. */
static int chain(bb81 src, int cell, int on) {
    anc162 anc_on[81], anc_off[81];
    bb81 in_on = {0, 0}, in_off = {0, 0}, cur = src;
    int q_on[81], q_off[81], h_on = 0, t_on = 0, h_off = 0, t_off = 0;
    if (on) {
        memset(&anc_on[cell], 0, sizeof(anc162));
        anc_set(&anc_on[cell], 2 * cell + 1);
        bb_set(&in_on, cell);
        q_on[t_on++] = cell;
    } else {
        memset(&anc_off[cell], 0, sizeof(anc162));
        anc_set(&anc_off[cell], 2 * cell);
        bb_set(&in_off, cell);
        q_off[t_off++] = cell;
    }
    while (h_on < t_on || h_off < t_off) {
        if (h_on < t_on) {
            int c = q_on[h_on++];
            for (int k = 0; k < 3; k++) {
                bb81 s = bb_and(cur, B9_HOUSE_BB[houses_of[c][k]]);
                drop(&s, c);
                for (; s.lo | s.hi; (void)bb_pop_low(&s)) {
                    int x = bb_first(s);
                    if (bb_has(in_on, x)) {
                        anc162 off = anc_on[c];
                        anc_set(&off, 2 * x);
                        return clash(&anc_on[x], &off);
                    }
                    if (!bb_has(in_off, x)) {
                        bb_set(&in_off, x);
                        anc_off[x] = anc_on[c];
                        anc_set(&anc_off[x], 2 * x);
                        q_off[t_off++] = x;
                    }
                }
            }
            continue;
        }
        int c = q_off[h_off++];
        int made[3], nmade = 0;
        anc162 made_anc[3];
        for (int k = 0; k < 3; k++) {
            bb81 hm = B9_HOUSE_BB[houses_of[c][k]];
            bb81 places = bb_and(cur, hm);
            if (bb_count(places) != 2) continue;
            bb81 rest = places;
            drop(&rest, c);
            int other = bb_first(rest);
            anc162 a = anc_off[c];
            anc_set(&a, 2 * other + 1);
            bb81 gone = bb_and(src, hm);
            gone.lo &= ~places.lo;
            gone.hi &= ~places.hi;
            for (; gone.lo | gone.hi; (void)bb_pop_low(&gone)) anc_or(&a, &anc_off[bb_first(gone)]);
            int seen = 0;
            for (int i = 0; i < nmade; i++) seen |= made[i] == other;
            if (!seen) {
                made[nmade] = other;
                made_anc[nmade++] = a;
            }
        }
        drop(&cur, c);
        for (int i = 0; i < nmade; i++) {
            int x = made[i];
            if (bb_has(in_off, x)) return clash(&made_anc[i], &anc_off[x]);
            if (!bb_has(in_on, x)) {
                bb_set(&in_on, x);
                anc_on[x] = made_anc[i];
                q_on[t_on++] = x;
            }
        }
    }
    return 0;
}

void nishio9(uint64_t lo, uint64_t hi, uint8_t out[162]) {
    setup();
    memset(out, 0, 162);
    bb81 src = {lo, hi & ((1ULL << 17) - 1)};
    for (bb81 s = src; s.lo | s.hi; (void)bb_pop_low(&s)) {
        int c = bb_first(s);
        out[2 * c + 1] = (uint8_t)chain(src, c, 1);
        out[2 * c] = (uint8_t)chain(src, c, 0);
    }
}
