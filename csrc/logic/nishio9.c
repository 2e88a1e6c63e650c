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

static bb81 house81[27];   /* rows, columns, boxes */
static int houses_of[81][3];  /* box, row, column: SE's order */
static int ready;

static void setup(void) {
    if (ready) return;
    memset(house81, 0, sizeof house81);
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9, b = (r / 3) * 3 + col / 3;
        int hs[3] = {18 + b, r, 9 + col};
        for (int k = 0; k < 3; k++) {
            if (c < 64) house81[hs[k]].lo |= 1ULL << c;
            else house81[hs[k]].hi |= 1ULL << (c - 64);
            houses_of[c][k] = hs[k];
        }
    }
    ready = 1;
}

static inline int has(bb81 s, int c) {
    return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1);
}
static inline void add(bb81 *s, int c) {
    if (c < 64) s->lo |= 1ULL << c;
    else s->hi |= 1ULL << (c - 64);
}
static inline void drop(bb81 *s, int c) {
    if (c < 64) s->lo &= ~(1ULL << c);
    else s->hi &= ~(1ULL << (c - 64));
}
static inline bb81 and81(bb81 a, bb81 b) { return (bb81){a.lo & b.lo, a.hi & b.hi}; }
static inline int count81(bb81 a) { return sd_popc64(a.lo) + sd_popc64(a.hi); }
/* The lowest cell of a non-empty set. */
static inline int low81(bb81 a) { return a.lo ? sd_ctz64(a.lo) : 64 + sd_ctz64(a.hi); }
static inline void pop_low(bb81 *a) {
    if (a->lo) a->lo &= a->lo - 1;
    else a->hi &= a->hi - 1;
}
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
        add(&in_on, cell);
        q_on[t_on++] = cell;
    } else {
        memset(&anc_off[cell], 0, sizeof(anc162));
        anc_set(&anc_off[cell], 2 * cell);
        add(&in_off, cell);
        q_off[t_off++] = cell;
    }
    while (h_on < t_on || h_off < t_off) {
        if (h_on < t_on) {
            int c = q_on[h_on++];
            for (int k = 0; k < 3; k++) {
                bb81 s = and81(cur, house81[houses_of[c][k]]);
                drop(&s, c);
                for (; s.lo | s.hi; pop_low(&s)) {
                    int x = low81(s);
                    if (has(in_on, x)) {
                        anc162 off = anc_on[c];
                        anc_set(&off, 2 * x);
                        return clash(&anc_on[x], &off);
                    }
                    if (!has(in_off, x)) {
                        add(&in_off, x);
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
            bb81 hm = house81[houses_of[c][k]];
            bb81 places = and81(cur, hm);
            if (count81(places) != 2) continue;
            bb81 rest = places;
            drop(&rest, c);
            int other = low81(rest);
            anc162 a = anc_off[c];
            anc_set(&a, 2 * other + 1);
            bb81 gone = and81(src, hm);
            gone.lo &= ~places.lo;
            gone.hi &= ~places.hi;
            for (; gone.lo | gone.hi; pop_low(&gone)) anc_or(&a, &anc_off[low81(gone)]);
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
            if (has(in_off, x)) return clash(&made_anc[i], &anc_off[x]);
            if (!has(in_on, x)) {
                add(&in_on, x);
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
    for (bb81 s = src; s.lo | s.hi; pop_low(&s)) {
        int c = low81(s);
        out[2 * c + 1] = (uint8_t)chain(src, c, 1);
        out[2 * c] = (uint8_t)chain(src, c, 0);
    }
}
