/* Singles propagation for the forcing nets; see net.h. */
#include "net.h"

#include <string.h>

static inline int low_index(net_bits x) {
    uint64_t lo = (uint64_t)x;
    return lo ? sd_ctz64(lo) : 64 + sd_ctz64((uint64_t)(x >> 64));
}

/* Level 2's refutation pass (Net._combine): 1 when it changed dm or queued a placement. */
static int combine(const net_geo *g, const net_root *root, const net_bits *dm0, net_bits *dm,
                   const net_bits *placed, int16_t *qc, int16_t *qd, int *qn, int qmax) {
    const int n = g->n, N = g->ncells;
    net_bits cur[NET_MAX_DIGITS], F[NET_MAX_DIGITS];
    for (int d = 0; d < n; d++) {
        cur[d] = dm[d];
        F[d] = dm0[d] & ~cur[d] & ~placed[d];
    }
    int changed = 0;
    for (int d = 0; d < n; d++) {
        net_bits s = cur[d];
        while (s) {
            int c = low_index(s);
            s &= s - 1;
            const net_result *r = &root->rt[d * N + c];
            int hit = r->size < 0;
            for (int e = 0; !hit && e < n; e++)
                hit = (r->T[e] & F[e]) || (r->F[e] & placed[e]);
            if (hit) {
                dm[d] &= ~((net_bits)1 << c);
                changed = 1;
                continue;
            }
            r = &root->rf[d * N + c];
            hit = r->size < 0;
            for (int e = 0; !hit && e < n; e++)
                hit = (r->T[e] & F[e]) || (r->F[e] & placed[e]);
            if (hit) {
                if (*qn >= qmax) return -1;
                qc[*qn] = (int16_t)c;
                qd[(*qn)++] = (int16_t)d;
                changed = 1;
            }
        }
    }
    return changed;
}

static int run(const net_geo *g, const net_root *root, const net_bits *dm0, int place_cell,
               int place_digit, int remove, net_bits *placed, net_bits *dm, int *count) {
    const int n = g->n, N = g->ncells, H = g->nhouses;
    /* The queue is a stack, as the Python list it mirrors; a cell enters it at most once
     * per digit and house it is single in, plus the assumption. */
    enum { QMAX = NET_MAX_CELLS * NET_MAX_DIGITS * 4 + 1 };
    static SD_THREAD_LOCAL int16_t qc[QMAX], qd[QMAX];
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
        if (root && unsolved) {
            int got = combine(g, root, dm0, dm, placed, qc, qd, &qn, QMAX);
            if (got < 0) { *count = placed_count; return -2; }
            if (got) continue;
        }
        break;
    }
    *count = placed_count;
    return placed_count;
}

int net_propagate(const net_geo *g, const net_bits *dm, int place_cell, int place_digit,
                  int remove, net_bits *placed, net_bits *out, int *count) {
    return run(g, NULL, dm, place_cell, place_digit, remove, placed, out, count);
}

int net_propagate2(const net_geo *g, const net_root *root, const net_bits *dm, int place_cell,
                   int place_digit, int remove, net_bits *placed, net_bits *out, int *count) {
    return run(g, root, dm, place_cell, place_digit, remove, placed, out, count);
}

static void keep(const net_geo *g, const net_bits *dm0, int size, const net_bits *placed,
                 const net_bits *out, net_result *r) {
    r->size = size;
    for (int d = 0; d < g->n; d++) {
        r->T[d] = size < 0 ? 0 : placed[d];
        r->F[d] = size < 0 ? 0 : dm0[d] & ~out[d] & ~placed[d];
    }
}

void net_root_build(const net_geo *g, const net_bits *dm, net_root *root) {
    const int n = g->n, N = g->ncells;
    net_bits placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    int count;
    for (int d = 0; d < n; d++) root->dm[d] = dm[d];
    for (int d = 0; d < n; d++) {
        net_bits s = dm[d];
        while (s) {
            int c = low_index(s);
            s &= s - 1;
            int size = run(g, NULL, dm, c, d, -1, placed, out, &count);
            keep(g, dm, size, placed, out, &root->rt[d * N + c]);
            size = run(g, NULL, dm, -1, 0, d * N + c, placed, out, &count);
            keep(g, dm, size, placed, out, &root->rf[d * N + c]);
        }
    }
}
