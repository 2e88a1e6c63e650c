/* Singles propagation for the forcing nets; see net.h. */
#include "net.h"

#include <string.h>

static inline int low_index(net_bits x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

int net_propagate(const net_geo *g, const net_bits *dm0, int place_cell, int place_digit,
                  int remove, net_bits *placed, net_bits *dm, int *count) {
    const int n = g->n, N = g->ncells, H = g->nhouses;
    /* The queue is a stack, as the Python list it mirrors; a cell enters it at most once
     * per digit and house it is single in, plus the assumption. */
    enum { QMAX = NET_MAX_CELLS * NET_MAX_DIGITS * 4 + 1 };
    static _Thread_local int16_t qc[QMAX], qd[QMAX];
    int qn = 0;
    uint8_t need[NET_MAX_DIGITS][NET_MAX_HOUSES];
    int nneed[NET_MAX_DIGITS];
    net_bits last[NET_MAX_DIGITS];
    int fresh[NET_MAX_DIGITS];
    net_bits unsolved = 0;
    *count = 0;
    for (int d = 0; d < n; d++) {
        dm[d] = dm0[d];
        placed[d] = 0;
        unsolved |= dm0[d];
        nneed[d] = 0;
        for (int h = 0; h < H; h++)
            if (dm0[d] & g->house[h]) need[d][nneed[d]++] = (uint8_t)h;
        fresh[d] = 1;   /* "last" starts as -1 in the reference: never equal to a mask */
        last[d] = 0;
    }
    if (place_cell >= 0) {
        qc[qn] = (int16_t)place_cell;
        qd[qn++] = (int16_t)place_digit;
    }
    if (remove >= 0) dm[remove / N] &= ~((net_bits)1 << (remove % N));
    int placed_count = 0;
    for (;;) {
        while (qn) {
            qn--;
            int c = qc[qn], d = qd[qn];
            net_bits bit = (net_bits)1 << c;
            if (!(dm[d] & bit)) {
                if (placed[d] & bit) continue;
                *count = placed_count;
                return -1;
            }
            placed[d] |= bit;
            placed_count++;
            for (int e = 0; e < n; e++) dm[e] &= ~bit;
            dm[d] &= ~g->peer[c];
            unsolved &= ~bit;
        }
        net_bits ones = 0, twos = 0;
        for (int d = 0; d < n; d++) {
            twos |= ones & dm[d];
            ones |= dm[d];
        }
        if (unsolved & ~ones) {
            *count = placed_count;
            return -1;
        }
        net_bits single = ones & ~twos;
        if (single) {
            for (int d = 0; d < n; d++) {
                net_bits s = dm[d] & single;
                while (s) {
                    if (qn >= QMAX) { *count = placed_count; return -2; }
                    qc[qn] = (int16_t)low_index(s);
                    qd[qn++] = (int16_t)d;
                    s &= s - 1;
                }
            }
            continue;
        }
        for (int d = 0; d < n; d++) {
            net_bits m = dm[d];
            if (!fresh[d] && m == last[d]) continue;
            fresh[d] = 0;
            last[d] = m;
            net_bits pd = placed[d];
            for (int k = 0; k < nneed[d]; k++) {
                net_bits hm = g->house[need[d][k]];
                net_bits x = m & hm;
                if (!x) {
                    if (!(pd & hm)) {
                        *count = placed_count;
                        return -1;
                    }
                } else if (!(x & (x - 1))) {
                    if (qn >= QMAX) { *count = placed_count; return -2; }
                    qc[qn] = (int16_t)low_index(x);
                    qd[qn++] = (int16_t)d;
                }
            }
        }
        if (qn) continue;
        break;
    }
    *count = placed_count;
    return placed_count;
}
