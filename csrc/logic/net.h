/* Singles propagation of one assumption on a pencilmark state: the inner loop of the
 * forcing nets of shudu.logic.forcing (Net.propagate at nesting level 1), for grids of at
 * most 128 cells and 16 digits.  It follows the Python reference step by step (the same
 * queue order), so that even the number of singles placed before a contradiction, which
 * orders the nets the solver shows, is the same. */
#ifndef SHUDU_NET_H
#define SHUDU_NET_H

#include <stdint.h>

#include "common.h"
#if !SD_HAVE_INT128
#include "engine/board9.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define NET_MAX_CELLS 128
#define NET_MAX_DIGITS 16
#define NET_MAX_HOUSES 128

/* A set of cells, one bit per cell, and the few operations the nets use on it. */
#if SD_HAVE_INT128
typedef unsigned __int128 net_bits;
static inline net_bits net_words(uint64_t lo, uint64_t hi) {
    return (net_bits)hi << 64 | lo;
}
static inline uint64_t net_lo(net_bits a) { return (uint64_t)a; }
static inline uint64_t net_hi(net_bits a) { return (uint64_t)(a >> 64); }
static inline net_bits net_bit(int c) { return (net_bits)1 << c; }
static inline net_bits net_and(net_bits a, net_bits b) { return a & b; }
static inline net_bits net_or(net_bits a, net_bits b) { return a | b; }
static inline net_bits net_andnot(net_bits a, net_bits b) { return a & ~b; }
static inline int net_any(net_bits a) { return a != 0; }
static inline int net_eq(net_bits a, net_bits b) { return a == b; }
static inline net_bits net_drop_low(net_bits a) { return a & (a - 1); }
#else
/* Two words: bb81's operations hold for any cell of them, not only the first 81. */
typedef bb81 net_bits;
static inline net_bits net_words(uint64_t lo, uint64_t hi) { return bb_make(lo, hi); }
static inline uint64_t net_lo(net_bits a) { return a.lo; }
static inline uint64_t net_hi(net_bits a) { return a.hi; }
static inline net_bits net_bit(int c) { return bb_cell(c); }
static inline net_bits net_and(net_bits a, net_bits b) { return bb_and(a, b); }
static inline net_bits net_or(net_bits a, net_bits b) { return bb_or(a, b); }
static inline net_bits net_andnot(net_bits a, net_bits b) { return bb_andnot(a, b); }
static inline int net_any(net_bits a) { return bb_any(a); }
static inline int net_eq(net_bits a, net_bits b) { return bb_eq(a, b); }
static inline net_bits net_drop_low(net_bits a) {
    bb_pop_low(&a);
    return a;
}
#endif
static inline net_bits net_empty(void) { return net_words(0, 0); }
/* The first n cells (1 <= n <= 128). */
static inline net_bits net_first(int n) {
    return n >= 64 ? net_words(~0ULL, n == 128 ? ~0ULL : (1ULL << (n - 64)) - 1)
                   : net_words((1ULL << n) - 1, 0);
}
/* The lowest cell of a non-empty set. */
static inline int net_low(net_bits a) {
    return net_lo(a) ? sd_ctz64(net_lo(a)) : 64 + sd_ctz64(net_hi(a));
}

typedef struct net_geo {
    int n, ncells, nhouses;
    net_bits peer[NET_MAX_CELLS];   /* the peers of each cell (not the cell itself) */
    net_bits house[NET_MAX_HOUSES]; /* the cells of each house */
} net_geo;

/* Propagate from the state dm (n digit masks) with candidate (place_cell, place_digit)
 * placed (place_cell < 0: none) and candidate remove (digit * ncells + cell; < 0: none)
 * removed.  On success returns the number of singles placed and writes the placed cells of
 * each digit to placed[] and the digit masks left to out[]; on a contradiction returns -1
 * and writes the number of singles placed until then to *count. */
int net_propagate(const net_geo *g, const net_bits *dm, int place_cell, int place_digit,
                  int remove, net_bits *placed, net_bits *out, int *count);

/* The first candidate, in the order of their indices (digit * ncells + cell) from start
 * on and then from 0, whose plain net from the state dm breaks: its index, with the
 * singles that net placed until then in *count; -1 when none breaks, -2 when a net's
 * queue overflowed.  0 <= start <= n * ncells. */
int net_first_broken(const net_geo *g, const net_bits *dm, int start, int *count);

/* Why a plain net does what it does: shudu.logic.techniques.classic.forcing.explain_net
 * step by step (a single placed at a time, the same order, the same causes).  Events are
 * the placements: kind 0 the assumption, 1 a naked single, 2 a hidden single of house
 * `where` (-1 otherwise); a contradiction's last event is the single that could not go. */
#define NET_MAX_EVENTS (NET_MAX_CELLS + 2)
enum { NET_OK = 0, NET_NO_CELL = 1, NET_NO_PLACE = 2, NET_CLASH = 3 };
typedef struct net_story {
    int nevents;                      /* the events kept (see below), in order */
    int16_t cell[NET_MAX_EVENTS], digit[NET_MAX_EVENTS], where[NET_MAX_EVENTS];
    uint8_t kind[NET_MAX_EVENTS];
    int outcome;                      /* NET_OK, or how the net broke: */
    int at, digit_at;                 /* the empty cell (NO_CELL), the house and digit
                                       * (NO_PLACE), the cell and digit (CLASH); digits
                                       * 0-based */
} net_story;

/* The story of the net from dm with (place_cell, place_digit) placed (place_cell < 0:
 * none) and candidate remove (digit * ncells + cell; < 0: none) removed.  With outcome
 * NET_OK every placement is kept; otherwise only those the contradiction needs (with the
 * assumption first), as explain_net keeps them. */
void net_explain(const net_geo *g, const net_bits *dm, int place_cell, int place_digit,
                 int remove, net_story *out);

/* What a plain net proves from one assumption: size (singles placed, or -1 for a
 * contradiction), and per digit the cells proved true (T) and the candidates removed (F). */
typedef struct net_result {
    int size;
    net_bits T[NET_MAX_DIGITS];
    net_bits F[NET_MAX_DIGITS];
} net_result;

/* The plain nets of every candidate of a state, both ways: rt[i] assumes candidate i
 * (digit * ncells + cell) true, rf[i] false; entries of absent candidates are unused. */
typedef struct net_root {
    int n, ncells; /* the geometry it was built for */
    net_bits dm[NET_MAX_DIGITS];
    net_result *rt, *rf; /* n * ncells each */
} net_root;

/* Fill root (whose rt and rf the caller allocates) for the state dm. */
void net_root_build(const net_geo *g, const net_bits *dm, net_root *root);

/* net_propagate at nesting level 2 from the state dm (root's state or one with fewer
 * candidates): between rounds of singles, a candidate whose own plain net (from root's
 * state) proves something the derived state contradicts is removed, and one whose negation
 * does so is placed (Net._combine). */
int net_propagate2(const net_geo *g, const net_root *root, const net_bits *dm, int place_cell,
                   int place_digit, int remove, net_bits *placed, net_bits *out, int *count);

#ifdef __cplusplus
}
#endif

#endif
