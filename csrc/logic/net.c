/* Singles propagation for the forcing nets; see net.h. */
#include "net.h"

#include <string.h>

/* Level 2's refutation pass (Net._combine): 1 when it changed dm or queued a placement. */
static int combine(const net_geo *g, const net_root *root, const net_bits *dm0, net_bits *dm,
                   const net_bits *placed, int16_t *qc, int16_t *qd, int *qn, int qmax) {
    const int n = g->n, N = g->ncells;
    net_bits cur[NET_MAX_DIGITS], F[NET_MAX_DIGITS];
    for (int d = 0; d < n; d++) {
        cur[d] = dm[d];
        F[d] = net_andnot(net_andnot(dm0[d], cur[d]), placed[d]);
    }
    int changed = 0;
    for (int d = 0; d < n; d++) {
        net_bits s = cur[d];
        while (net_any(s)) {
            int c = net_low(s);
            s = net_drop_low(s);
            const net_result *r = &root->rt[d * N + c];
            int hit = r->size < 0;
            for (int e = 0; !hit && e < n; e++)
                hit = net_any(net_and(r->T[e], F[e])) || net_any(net_and(r->F[e], placed[e]));
            if (hit) {
                dm[d] = net_andnot(dm[d], net_bit(c));
                changed = 1;
                continue;
            }
            r = &root->rf[d * N + c];
            hit = r->size < 0;
            for (int e = 0; !hit && e < n; e++)
                hit = net_any(net_and(r->T[e], F[e])) || net_any(net_and(r->F[e], placed[e]));
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
    net_bits unsolved = net_empty();
    *count = 0;
    for (int d = 0; d < n; d++) {
        dm[d] = dm0[d];
        placed[d] = net_empty();
        unsolved = net_or(unsolved, dm0[d]);
        nneed[d] = 0;
        for (int h = 0; h < H; h++)
            if (net_any(net_and(dm0[d], g->house[h]))) need[d][nneed[d]++] = (uint8_t)h;
        fresh[d] = 1;   /* "last" starts as -1 in the reference: never equal to a mask */
        last[d] = net_empty();
    }
    if (place_cell >= 0) {
        qc[qn] = (int16_t)place_cell;
        qd[qn++] = (int16_t)place_digit;
    }
    if (remove >= 0) dm[remove / N] = net_andnot(dm[remove / N], net_bit(remove % N));
    int placed_count = 0;
    for (;;) {
        while (qn) {
            qn--;
            int c = qc[qn], d = qd[qn];
            net_bits bit = net_bit(c);
            if (!net_any(net_and(dm[d], bit))) {
                if (net_any(net_and(placed[d], bit))) continue;
                *count = placed_count;
                return -1;
            }
            placed[d] = net_or(placed[d], bit);
            placed_count++;
            for (int e = 0; e < n; e++) dm[e] = net_andnot(dm[e], bit);
            dm[d] = net_andnot(dm[d], g->peer[c]);
            unsolved = net_andnot(unsolved, bit);
        }
        net_bits ones = net_empty(), twos = net_empty();
        for (int d = 0; d < n; d++) {
            twos = net_or(twos, net_and(ones, dm[d]));
            ones = net_or(ones, dm[d]);
        }
        if (net_any(net_andnot(unsolved, ones))) {
            *count = placed_count;
            return -1;
        }
        net_bits single = net_andnot(ones, twos);
        if (net_any(single)) {
            for (int d = 0; d < n; d++) {
                net_bits s = net_and(dm[d], single);
                while (net_any(s)) {
                    if (qn >= QMAX) { *count = placed_count; return -2; }
                    qc[qn] = (int16_t)net_low(s);
                    qd[qn++] = (int16_t)d;
                    s = net_drop_low(s);
                }
            }
            continue;
        }
        for (int d = 0; d < n; d++) {
            net_bits m = dm[d];
            if (!fresh[d] && net_eq(m, last[d])) continue;
            fresh[d] = 0;
            last[d] = m;
            net_bits pd = placed[d];
            for (int k = 0; k < nneed[d]; k++) {
                net_bits hm = g->house[need[d][k]];
                net_bits x = net_and(m, hm);
                if (!net_any(x)) {
                    if (!net_any(net_and(pd, hm))) {
                        *count = placed_count;
                        return -1;
                    }
                } else if (!net_any(net_drop_low(x))) {
                    if (qn >= QMAX) { *count = placed_count; return -2; }
                    qc[qn] = (int16_t)net_low(x);
                    qd[qn++] = (int16_t)d;
                }
            }
        }
        if (qn) continue;
        if (root && net_any(unsolved)) {
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
        r->T[d] = size < 0 ? net_empty() : placed[d];
        r->F[d] = size < 0 ? net_empty() : net_andnot(net_andnot(dm0[d], out[d]), placed[d]);
    }
}

void net_root_build(const net_geo *g, const net_bits *dm, net_root *root) {
    const int n = g->n, N = g->ncells;
    net_bits placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    int count;
    for (int d = 0; d < n; d++) root->dm[d] = dm[d];
    for (int d = 0; d < n; d++) {
        net_bits s = dm[d];
        while (net_any(s)) {
            int c = net_low(s);
            s = net_drop_low(s);
            int size = run(g, NULL, dm, c, d, -1, placed, out, &count);
            keep(g, dm, size, placed, out, &root->rt[d * N + c]);
            size = run(g, NULL, dm, -1, 0, d * N + c, placed, out, &count);
            keep(g, dm, size, placed, out, &root->rf[d * N + c]);
        }
    }
}

int net_first_broken(const net_geo *g, const net_bits *dm, int start, int *count) {
    net_bits placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    int total = g->n * g->ncells;
    for (int pass = 0; pass < 2; pass++) {   /* from start to the end, then the rest */
        int from = pass ? 0 : start, to = pass ? start : total;
        for (int d = from / g->ncells; d < g->n && d * g->ncells < to; d++)
            for (net_bits m = dm[d]; net_any(m); m = net_drop_low(m)) {
                int c = net_low(m), j = d * g->ncells + c;
                if (j < from) continue;
                if (j >= to) break;
                int k = 0, size = net_propagate(g, dm, c, d, -1, placed, out, &k);
                if (size == -2) return -2;
                if (size < 0) {
                    *count = k;
                    return j;
                }
            }
    }
    return -1;
}
