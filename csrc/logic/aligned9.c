/* Aligned exclusions on a classic 9x9 grid (aligned9.h).  Cell sets are 81-bit masks held
 * as the board's bitboards (engine/board9.h). */
#include "logic/aligned9.h"

#include "common.h"
#include "engine/board9.h"

#include <string.h>

/* Whether s holds two cells or more. */
static int two(bb81 s) {
    return (s.lo & (s.lo - 1)) || (s.hi & (s.hi - 1)) || (s.lo && s.hi);
}

/* The cells of s, ascending, into out; returns how many. */
static int cells_of(bb81 s, int8_t *out) {
    int n = 0;
    while (s.lo) {
        out[n++] = (int8_t)sd_ctz64(s.lo);
        s.lo &= s.lo - 1;
    }
    while (s.hi) {
        out[n++] = (int8_t)(64 + sd_ctz64(s.hi));
        s.hi &= s.hi - 1;
    }
    return n;
}

/* The candidates of base cell p in no allowed combination, q and r the other base cells
 * (r = -1 for a pair).  A combination is not allowed when two base cells that see each
 * other take one digit, or when it holds every candidate of an excluder (em, ne of them).
 * So for each way (x, y) to fill q and r, the digits of p it allows are those no rule
 * forbids; a digit of p goes when every (x, y) forbids it. */
static unsigned gone_of(const uint16_t cm[81], const bb81 peers[81], int p, int q, int r,
                        const uint16_t *em, int ne) {
    const unsigned all = 0x1FF;
    unsigned left = cm[p];
    int pq = bb_has(peers[p], q), pr = r >= 0 && bb_has(peers[p], r);
    int qr = r >= 0 && bb_has(peers[q], r);
    unsigned mr = r >= 0 ? cm[r] : 1;   /* a pair: one pass, y unused */
    /* first the ways on digits of no excluder: only a cell p sees forbids p anything */
    unsigned inside = 0;
    for (int e = 0; e < ne; e++) inside |= em[e];
    for (unsigned mq = cm[q] & ~inside; mq; mq &= mq - 1) {
        int x = sd_ctz32(mq);
        for (unsigned m = r >= 0 ? mr & ~inside : 1; m; m &= m - 1) {
            int y = r >= 0 ? sd_ctz32(m) : x;
            if (qr && x == y) continue;
            left &= (pq ? 1u << x : 0) | (pr ? 1u << y : 0);
            if (!left) return 0;
        }
    }
    for (unsigned mq = cm[q]; mq; mq &= mq - 1) {
        int x = sd_ctz32(mq);
        for (unsigned m = mr; m; m &= m - 1) {
            int y = r >= 0 ? sd_ctz32(m) : x;
            if (qr && x == y) continue;   /* (x, y) is not allowed whatever p takes */
            unsigned u = 1u << x | 1u << y;
            unsigned out = (pq ? 1u << x : 0) | (pr ? 1u << y : 0);
            for (int e = 0; e < ne && out != all; e++) {
                unsigned rest = em[e] & ~u;
                if (!rest)
                    out = all;           /* already empty */
                else if (!(rest & (rest - 1)))
                    out |= rest;         /* p on its last digit empties it */
            }
            left &= out;
            if (!left) return 0;
        }
    }
    return left;
}

/* The candidates of the k base cells that no allowed combination uses, into gone;
 * returns whether there is one. */
static int exclude(const uint16_t cm[81], const bb81 peers[81], const int *cells, int k,
                   bb81 common, uint16_t gone[3]) {
    int8_t ex[81];
    uint16_t em[81];
    int n = cells_of(common, ex), ne = 0;
    unsigned all = 0;
    for (int i = 0; i < k; i++) all |= cm[cells[i]];
    for (int i = 0; i < n; i++)   /* only an excluder within the base cells' digits counts */
        if (!(cm[ex[i]] & ~all)) em[ne++] = cm[ex[i]];
    if (!ne) {
        /* by the houses alone a digit of p goes only when the other two are one pair of
         * digits in two cells that see each other (what it leaves p is that pair) */
        int pair = 0;
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                pair |= cm[cells[i]] == cm[cells[j]] && sd_popc32(cm[cells[i]]) == 2 &&
                        bb_has(peers[cells[i]], cells[j]);
        if (!pair) {
            gone[0] = gone[1] = gone[2] = 0;
            return 0;
        }
    }
    int any = 0;
    for (int i = 0; i < 3; i++) {
        gone[i] = 0;
        if (i >= k) continue;
        int p = cells[i], q = cells[(i + 1) % k], r = k == 3 ? cells[(i + 2) % k] : -1;
        gone[i] = (uint16_t)gone_of(cm, peers, p, q, r, em, ne);
        any |= gone[i];
    }
    return any != 0;
}

static int report(const uint16_t cm[81], const bb81 peers[81], const int *cells, int k,
                  bb81 common, aligned_hit *out, int max, int found) {
    uint16_t gone[3];
    if (!exclude(cm, peers, cells, k, common, gone)) return found;
    if (found < max) {
        /* ascending cells, their removals alongside */
        int order[3] = {0, 1, 2};
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                if (cells[order[j]] < cells[order[i]]) {
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
        for (int i = 0; i < 3; i++) {
            out[found].cell[i] = (int8_t)(i < k ? cells[order[i]] : -1);
            out[found].gone[i] = i < k ? gone[order[i]] : 0;
        }
    }
    return found + 1;
}

int aligned9(const uint16_t cm[81], int degree, aligned_hit *out, int max) {
    if (degree != 2 && degree != 3) return 0;
    const bb81 *peers = B9_PEER_BB;
    int n[81];
    bb81 single = {0, 0}, excl = {0, 0};
    for (int c = 0; c < 81; c++) {
        n[c] = sd_popc32(cm[c]);
        if (n[c] == 1)
            bb_set(&single, c);
        else if (n[c] >= 2 && n[c] <= degree)
            bb_set(&excl, c);
    }
    bb81 ex[81];
    int base[81], nb = 0;
    bb81 in_base = {0, 0};
    for (int c = 0; c < 81; c++) {
        memset(&ex[c], 0, sizeof ex[c]);
        if (n[c] < 2 || bb_any(bb_and(peers[c], single))) continue;
        ex[c] = bb_and(peers[c], excl);
        if (!bb_any(ex[c])) continue;
        base[nb++] = c;
        bb_set(&in_base, c);
    }
    int pos[81];
    for (int i = 0; i < nb; i++) pos[base[i]] = i;
    int found = 0;
    /* pairs by their second base cell, then their first (SE's order) */
    for (int j = 1; j < nb; j++) {
        int b = base[j];
        for (int i = 0; i < j; i++) {
            int a = base[i];
            bb81 common = bb_and(ex[a], ex[b]);
            if (!two(common)) continue;
            if (degree == 2) {
                int cells[2] = {a, b};
                found = report(cm, peers, cells, 2, common, out, max, found);
                continue;
            }
            /* the third cell: a base cell that is an excluder of a or b; each triplet is
             * taken at the first pair (in this order) that reaches it */
            bb81 twin = {(ex[a].lo | ex[b].lo) & in_base.lo, (ex[a].hi | ex[b].hi) & in_base.hi};
            /* and that sees two of the common excluders at least */
            int8_t shared[81];
            int ns = cells_of(common, shared);
            bb81 two_seen = {0, 0};
            for (int e = 0; e < ns; e++)
                for (int f = e + 1; f < ns; f++) {
                    bb81 both = bb_and(peers[shared[e]], peers[shared[f]]);
                    two_seen.lo |= both.lo;
                    two_seen.hi |= both.hi;
                }
            twin = bb_and(twin, two_seen);
            int8_t thirds[81];
            int nt = cells_of(twin, thirds);
            for (int t = 0; t < nt; t++) {
                int c = thirds[t];
                if (c == a || c == b) continue;
                bb81 common3 = bb_and(common, ex[c]);
                if (!two(common3)) continue;
                int p = pos[c];
                if (p < j && p > i) {          /* reached before by the pair (a, c)? */
                    if (bb_has(ex[a], b) || bb_has(ex[c], b)) continue;
                } else if (p < i) {            /* by (c, a) or (c, b)? */
                    if (bb_has(ex[c], b) || bb_has(ex[a], b) || bb_has(ex[c], a) || bb_has(ex[b], a))
                        continue;
                }
                int cells[3] = {a, b, c};
                found = report(cm, peers, cells, 3, common3, out, max, found);
            }
        }
    }
    return found;
}
