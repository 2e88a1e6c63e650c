/* Detectors of the wings family (see detect9.h): XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing and
 * Remote Pairs, exactly as the Python finders of shudu.logic.wings accept them. */
#include "detect9.h"

/* A set of cells: bit i of lo = cell i (0..63), bit i - 64 of hi = cell i (64..80). */
typedef struct {
    uint64_t lo;
    uint64_t hi;
} wbb;

/* The 20 peers of each cell as a cell set. */
static const wbb W_PEER[81] = {
    {0x80402010081c0ffeu, 0x00100u},
    {0x00804020101c0ffdu, 0x00201u},
    {0x01008040201c0ffbu, 0x00402u},
    {0x0201008040e071f7u, 0x00804u},
    {0x0402010080e071efu, 0x01008u},
    {0x0804020100e071dfu, 0x02010u},
    {0x10080402070381bfu, 0x04020u},
    {0x201008040703817fu, 0x08040u},
    {0x40201008070380ffu, 0x10080u},
    {0x80402010081ffc07u, 0x00100u},
    {0x00804020101ffa07u, 0x00201u},
    {0x01008040201ff607u, 0x00402u},
    {0x0201008040e3ee38u, 0x00804u},
    {0x0402010080e3de38u, 0x01008u},
    {0x0804020100e3be38u, 0x02010u},
    {0x1008040207037fc0u, 0x04020u},
    {0x201008040702ffc0u, 0x08040u},
    {0x402010080701ffc0u, 0x10080u},
    {0x804020100ff80e07u, 0x00100u},
    {0x0080402017f40e07u, 0x00201u},
    {0x0100804027ec0e07u, 0x00402u},
    {0x0201008047dc7038u, 0x00804u},
    {0x0402010087bc7038u, 0x01008u},
    {0x08040201077c7038u, 0x02010u},
    {0x1008040206ff81c0u, 0x04020u},
    {0x2010080405ff81c0u, 0x08040u},
    {0x4020100803ff81c0u, 0x10080u},
    {0x8040e07ff0040201u, 0x00100u},
    {0x0080e07fe8080402u, 0x00201u},
    {0x0100e07fd8100804u, 0x00402u},
    {0x0207038fb8201008u, 0x00804u},
    {0x0407038f78402010u, 0x01008u},
    {0x0807038ef8804020u, 0x02010u},
    {0x10381c0df9008040u, 0x04020u},
    {0x20381c0bfa010080u, 0x08040u},
    {0x40381c07fc020100u, 0x10080u},
    {0x8040ffe038040201u, 0x00100u},
    {0x0080ffd038080402u, 0x00201u},
    {0x0100ffb038100804u, 0x00402u},
    {0x02071f71c0201008u, 0x00804u},
    {0x04071ef1c0402010u, 0x01008u},
    {0x08071df1c0804020u, 0x02010u},
    {0x10381bfe01008040u, 0x04020u},
    {0x203817fe02010080u, 0x08040u},
    {0x40380ffe04020100u, 0x10080u},
    {0x807fc07038040201u, 0x00100u},
    {0x00bfa07038080402u, 0x00201u},
    {0x013f607038100804u, 0x00402u},
    {0x023ee381c0201008u, 0x00804u},
    {0x043de381c0402010u, 0x01008u},
    {0x083be381c0804020u, 0x02010u},
    {0x1037fc0e01008040u, 0x04020u},
    {0x202ffc0e02010080u, 0x08040u},
    {0x401ffc0e04020100u, 0x10080u},
    {0xff80201008040201u, 0x00703u},
    {0xff40402010080402u, 0x00703u},
    {0xfec0804020100804u, 0x00703u},
    {0x7dc1008040201008u, 0x0381cu},
    {0x7bc2010080402010u, 0x0381cu},
    {0x77c4020100804020u, 0x0381cu},
    {0x6fc8040201008040u, 0x1c0e0u},
    {0x5fd0080402010080u, 0x1c0e0u},
    {0x3fe0100804020100u, 0x1c0e0u},
    {0x01c0201008040201u, 0x007ffu},
    {0x81c0402010080402u, 0x007feu},
    {0x81c0804020100804u, 0x007fdu},
    {0x8e01008040201008u, 0x038fbu},
    {0x8e02010080402010u, 0x038f7u},
    {0x8e04020100804020u, 0x038efu},
    {0xf008040201008040u, 0x1c0dfu},
    {0xf010080402010080u, 0x1c0bfu},
    {0xf020100804020100u, 0x1c07fu},
    {0x81c0201008040201u, 0x1fe03u},
    {0x81c0402010080402u, 0x1fd03u},
    {0x81c0804020100804u, 0x1fb03u},
    {0x0e01008040201008u, 0x1f71cu},
    {0x0e02010080402010u, 0x1ef1cu},
    {0x0e04020100804020u, 0x1df1cu},
    {0x7008040201008040u, 0x1bfe0u},
    {0x7010080402010080u, 0x17fe0u},
    {0x7020100804020100u, 0x0ffe0u},
};

static inline wbb bb_and(wbb a, wbb b) {
    wbb r = {a.lo & b.lo, a.hi & b.hi};
    return r;
}

static inline wbb bb_or(wbb a, wbb b) {
    wbb r = {a.lo | b.lo, a.hi | b.hi};
    return r;
}

static inline wbb bb_andnot(wbb a, wbb b) {
    wbb r = {a.lo & ~b.lo, a.hi & ~b.hi};
    return r;
}

static inline int bb_any(wbb a) { return (a.lo | a.hi) != 0; }

static inline int bb_has(wbb a, int c) {
    return c < 64 ? (int)(a.lo >> c & 1u) : (int)(a.hi >> (c - 64) & 1u);
}

static inline wbb bb_cell(int c) {
    wbb r = {c < 64 ? (uint64_t)1 << c : 0, c < 64 ? 0 : (uint64_t)1 << (c - 64)};
    return r;
}

/* The lowest cell of a non-empty set. */
static inline int bb_first(wbb a) {
    return a.lo ? __builtin_ctzll(a.lo) : 64 + __builtin_ctzll(a.hi);
}

/* Remove and return the lowest cell of a non-empty set. */
static inline int bb_pop(wbb *a) {
    int c;
    if (a->lo) {
        c = __builtin_ctzll(a->lo);
        a->lo &= a->lo - 1;
    } else {
        c = 64 + __builtin_ctzll(a->hi);
        a->hi &= a->hi - 1;
    }
    return c;
}

/* The open cells holding digit d + 1. */
static inline wbb bb_digit(const d9_state *s, int d) {
    wbb r = {s->lo[d], (uint64_t)s->hi[d]};
    return r;
}

static inline int w_sees(int a, int b) { return bb_has(W_PEER[a], b); }

/* Number of digits in a 9-bit candidate mask (no popcnt instruction is assumed). */
static const uint8_t W_POP[512] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7, 4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7, 4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7, 4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7, 4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
    4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8, 5, 6, 6, 7, 6, 7, 7, 8, 6, 7, 7, 8, 7, 8, 8, 9,
};

static inline int pop9(unsigned m) { return W_POP[m & 0x1FFu]; }

/* ------------------------------------------------------------------ XY-Wing
 * Bivalue pivot xy sees bivalue pincers xz and yz (z not in the pivot): cells seeing both
 * pincers lose z. */
int d9_xy_wing(const d9_state *s) {
    for (int p = 0; p < 81; p++) {
        const unsigned pm = s->c[p];
        if (pop9(pm) != 2)
            continue;
        const unsigned xbit = pm & (0u - pm);
        uint8_t wx[20], wy[20];
        int nx = 0, ny = 0;
        for (int k = 0; k < 20; k++) {
            const int q = D9_PEERS[p][k];
            const unsigned m = s->c[q];
            if (pop9(m) != 2)
                continue;
            const unsigned common = m & pm;
            if (pop9(common) != 1)
                continue;
            if (common == xbit)
                wx[nx++] = (uint8_t)q;
            else
                wy[ny++] = (uint8_t)q;
        }
        for (int i = 0; i < nx; i++) {
            const int a = wx[i];
            const unsigned za = s->c[a] & ~pm;
            for (int j = 0; j < ny; j++) {
                const int b = wy[j];
                if ((s->c[b] & ~pm) != za)
                    continue;
                const wbb t = bb_and(bb_and(W_PEER[a], W_PEER[b]), bb_digit(s, __builtin_ctz(za)));
                if (bb_any(t))
                    return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ XYZ-Wing
 * Pivot xyz sees bivalue pincers xz and yz: cells seeing all three lose z. */
int d9_xyz_wing(const d9_state *s) {
    for (int p = 0; p < 81; p++) {
        const unsigned pm = s->c[p];
        if (pop9(pm) != 3)
            continue;
        uint8_t w[20];
        int n = 0;
        for (int k = 0; k < 20; k++) {
            const int q = D9_PEERS[p][k];
            const unsigned m = s->c[q];
            if (pop9(m) == 2 && (m & ~pm) == 0)
                w[n++] = (uint8_t)q;
        }
        for (int i = 0; i < n; i++) {
            const int a = w[i];
            for (int j = i + 1; j < n; j++) {
                const int b = w[j];
                if (s->c[a] == s->c[b])
                    continue;
                const int z = __builtin_ctz(s->c[a] & s->c[b]);
                wbb t = bb_and(bb_and(W_PEER[a], W_PEER[b]), W_PEER[p]);
                if (bb_any(bb_and(t, bb_digit(s, z))))
                    return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ W-Wing
 * Two equal bivalue cells xy that do not see each other, with a conjugate pair on x in a
 * house holding neither, one end seeing each cell: cells seeing both lose y. */
int d9_w_wing(const d9_state *s) {
    uint8_t biv[81];
    int nb = 0;
    for (int c = 0; c < 81; c++)
        if (pop9(s->c[c]) == 2)
            biv[nb++] = (uint8_t)c;
    for (int i = 0; i < nb; i++) {
        const int a = biv[i];
        const unsigned mask = s->c[a];
        for (int j = i + 1; j < nb; j++) {
            const int b = biv[j];
            if (s->c[b] != mask || w_sees(a, b))
                continue;
            const wbb common = bb_and(W_PEER[a], W_PEER[b]);
            for (unsigned xs = mask; xs; xs &= xs - 1) {
                const int x = __builtin_ctz(xs);
                const int y = __builtin_ctz(mask & ~(1u << x));
                if (!bb_any(bb_and(common, bb_digit(s, y))))
                    continue;
                for (int h = 0; h < 27; h++) {
                    const unsigned hm = s->pos[x][h];
                    if (pop9(hm) != 2)
                        continue;
                    const int e1 = D9_HOUSE[h][__builtin_ctz(hm)];
                    const int e2 = D9_HOUSE[h][__builtin_ctz(hm & (hm - 1))];
                    if (e1 == a || e1 == b || e2 == a || e2 == b)
                        continue;
                    if ((w_sees(a, e1) && w_sees(b, e2)) || (w_sees(a, e2) && w_sees(b, e1)))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ WXYZ-Wing
 * Four cells with two to four candidates each, four digits in all, the lowest cell seeing
 * the other three; exactly one digit ("z") has cells that do not all see each other: the
 * cells seeing every z cell of the four lose z. */
int d9_wxyz_wing(const d9_state *s) {
    for (int p = 0; p < 81; p++) {
        const unsigned pm = s->c[p];
        const int pc = pop9(pm);
        if (pc < 2 || pc > 4)
            continue;
        uint8_t ar[20];
        int n = 0;
        for (int k = 0; k < 20; k++) {
            const int q = D9_PEERS[p][k];
            const unsigned qm = s->c[q];
            const int qc = pop9(qm);
            /* every other cell must fit with the pivot into four digits */
            if (q > p && qc >= 2 && pop9(pm | qm) <= 4)
                ar[n++] = (uint8_t)q;
        }
        for (int i = 0; i < n; i++) {
            const int t0 = ar[i];
            const unsigned m0 = s->c[t0];
            const unsigned u1 = pm | m0;
            for (int j = i + 1; j < n; j++) {
                const int t1 = ar[j];
                const unsigned m1 = s->c[t1];
                const unsigned u2 = u1 | m1;
                if (pop9(u2) > 4)
                    continue;
                const unsigned l01 = w_sees(t0, t1) ? 0u : (m0 & m1);
                for (int k = j + 1; k < n; k++) {
                    const int t2 = ar[k];
                    const unsigned m2 = s->c[t2];
                    if (pop9(u2 | m2) != 4)
                        continue;
                    /* the pivot sees all three: only pairs among the others can be loose */
                    unsigned loose = l01;
                    if (!w_sees(t0, t2))
                        loose |= m0 & m2;
                    if (!w_sees(t1, t2))
                        loose |= m1 & m2;
                    if (pop9(loose) != 1)
                        continue;
                    const unsigned zb = loose;
                    wbb t = bb_digit(s, __builtin_ctz(zb));
                    if (pm & zb)
                        t = bb_and(t, W_PEER[p]);
                    if (m0 & zb)
                        t = bb_and(t, W_PEER[t0]);
                    if (m1 & zb)
                        t = bb_and(t, W_PEER[t1]);
                    if (m2 & zb)
                        t = bb_and(t, W_PEER[t2]);
                    if (bb_any(t))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ Remote Pairs
 * Python enumerates every simple path of four or more bivalue cells with the same two
 * digits (each seeing the next) with an even number of cells; cells off the path seeing
 * both ends lose both digits.
 *
 * When a component of the graph (cells = the bivalue cells of one mask, edges = seeing) is
 * bipartite, every path between u and v has the parity of their colours, so a qualifying
 * path exists between u and v exactly when they have opposite colours and either do not
 * see each other (the path then has at least three edges) or are still connected without
 * the edge u-v.  A cell of the pool seeing both u and v would be adjacent to both, which
 * opposite colours rule out, so the targets are never path cells.  A component with an
 * odd cycle (a contradictory state) is searched path by path, as Python does. */

/* Whether v is reachable from u inside comp without the edge u-v. */
static int rp_reach_without_edge(wbb comp, int u, int v) {
    wbb seen = bb_cell(u);
    wbb frontier = bb_andnot(bb_and(W_PEER[u], comp), bb_cell(v));
    seen = bb_or(seen, frontier);
    while (bb_any(frontier)) {
        wbb next = {0, 0};
        wbb f = frontier;
        while (bb_any(f))
            next = bb_or(next, W_PEER[bb_pop(&f)]);
        next = bb_andnot(bb_and(next, comp), seen);
        if (bb_has(next, v))
            return 1;
        seen = bb_or(seen, next);
        frontier = next;
    }
    return 0;
}

/* Exhaustive search of the simple paths inside comp (as the Python finder).  Only for
 * components with an odd cycle, which no solvable state has; their paths can be
 * exponentially many, so past RP_BUDGET path steps the answer is 1 ("maybe"). */
#define RP_BUDGET 200000L
static int rp_paths(wbb comp, wbb xy) {
    uint8_t path[81];
    wbb rest[81];
    wbb starts = comp;
    long budget = RP_BUDGET;
    while (bb_any(starts)) {
        const int start = bb_pop(&starts);
        wbb used = bb_cell(start);
        path[0] = (uint8_t)start;
        rest[0] = bb_andnot(bb_and(W_PEER[start], comp), used);
        int len = 1;
        while (len > 0) {
            if (!bb_any(rest[len - 1])) {
                len--;
                used = bb_andnot(used, bb_cell(path[len]));
                continue;
            }
            if (--budget < 0)
                return 1;
            const int nxt = bb_pop(&rest[len - 1]);
            used = bb_or(used, bb_cell(nxt));
            path[len] = (uint8_t)nxt;
            rest[len] = bb_andnot(bb_and(W_PEER[nxt], comp), used);
            len++;
            if (len >= 4 && len % 2 == 0) {
                wbb t = bb_and(bb_and(W_PEER[start], W_PEER[nxt]), xy);
                if (bb_any(bb_andnot(t, used)))
                    return 1;
            }
        }
    }
    return 0;
}

int d9_remote_pair(const d9_state *s) {
    wbb done = {0, 0};
    for (int c0 = 0; c0 < 81; c0++) {
        const unsigned mask = s->c[c0];
        if (pop9(mask) != 2 || bb_has(done, c0))
            continue;
        wbb pool = {0, 0};
        int n = 0;
        for (int c = c0; c < 81; c++) {
            if (s->c[c] == mask) {
                pool = bb_or(pool, bb_cell(c));
                n++;
            }
        }
        done = bb_or(done, pool);
        if (n < 4)
            continue;
        const int x = __builtin_ctz(mask);
        const int y = __builtin_ctz(mask & (mask - 1));
        const wbb xy = bb_or(bb_digit(s, x), bb_digit(s, y));
        wbb left = pool;
        while (bb_any(left)) {
            /* one component, coloured by the parity of its BFS layers */
            const int root = bb_first(left);
            wbb side[2] = {bb_cell(root), {0, 0}};
            wbb comp = side[0];
            wbb frontier = side[0];
            int parity = 0;
            while (bb_any(frontier)) {
                wbb next = {0, 0};
                wbb f = frontier;
                while (bb_any(f))
                    next = bb_or(next, W_PEER[bb_pop(&f)]);
                next = bb_andnot(bb_and(next, pool), comp);
                parity ^= 1;
                side[parity] = bb_or(side[parity], next);
                comp = bb_or(comp, next);
                frontier = next;
            }
            left = bb_andnot(left, comp);
            int bipartite = 1;
            for (int sd = 0; sd < 2 && bipartite; sd++) {
                wbb f = side[sd];
                while (bb_any(f)) {
                    if (bb_any(bb_and(W_PEER[bb_pop(&f)], side[sd]))) {
                        bipartite = 0;
                        break;
                    }
                }
            }
            if (!bipartite) {
                if (rp_paths(comp, xy))
                    return 1;
                continue;
            }
            wbb us = side[0];
            while (bb_any(us)) {
                const int u = bb_pop(&us);
                const wbb tu = bb_andnot(bb_and(W_PEER[u], xy), pool);
                if (!bb_any(tu))
                    continue;
                wbb vs = side[1];
                while (bb_any(vs)) {
                    const int v = bb_pop(&vs);
                    if (!bb_any(bb_and(tu, W_PEER[v])))
                        continue;
                    if (!w_sees(u, v) || rp_reach_without_edge(comp, u, v))
                        return 1;
                }
            }
        }
    }
    return 0;
}
