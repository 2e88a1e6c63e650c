/* Detectors of the wings family (see detect9.h): XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing and
 * Remote Pairs, exactly as the Python finders of shudu.logic.wings accept them. */
#include "detect9.h"

/* ------------------------------------------------------------------ XY-Wing
 * Bivalue pivot xy sees bivalue pincers xz and yz (z not in the pivot): cells seeing both
 * pincers lose z. */
int d9_xy_wing(const d9_state *s) {
    for (int p = 0; p < 81; p++) {
        const unsigned pm = s->c[p];
        if (b9_popc9(pm) != 2)
            continue;
        const unsigned xbit = pm & (0u - pm);
        uint8_t wx[20], wy[20];
        int nx = 0, ny = 0;
        for (int k = 0; k < 20; k++) {
            const int q = B9_PEERS[p][k];
            const unsigned m = s->c[q];
            if (b9_popc9(m) != 2)
                continue;
            const unsigned common = m & pm;
            if (b9_popc9(common) != 1)
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
                const bb81 t =
                    bb_and(bb_and(B9_PEER_BB[a], B9_PEER_BB[b]), s->cells[sd_ctz32(za)]);
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
        if (b9_popc9(pm) != 3)
            continue;
        uint8_t w[20];
        int n = 0;
        for (int k = 0; k < 20; k++) {
            const int q = B9_PEERS[p][k];
            const unsigned m = s->c[q];
            if (b9_popc9(m) == 2 && (m & ~pm) == 0)
                w[n++] = (uint8_t)q;
        }
        for (int i = 0; i < n; i++) {
            const int a = w[i];
            for (int j = i + 1; j < n; j++) {
                const int b = w[j];
                if (s->c[a] == s->c[b])
                    continue;
                const int z = sd_ctz32(s->c[a] & s->c[b]);
                bb81 t = bb_and(bb_and(B9_PEER_BB[a], B9_PEER_BB[b]), B9_PEER_BB[p]);
                if (bb_any(bb_and(t, s->cells[z])))
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
        if (b9_popc9(s->c[c]) == 2)
            biv[nb++] = (uint8_t)c;
    for (int i = 0; i < nb; i++) {
        const int a = biv[i];
        const unsigned mask = s->c[a];
        for (int j = i + 1; j < nb; j++) {
            const int b = biv[j];
            if (s->c[b] != mask || b9_sees(a, b))
                continue;
            const bb81 common = bb_and(B9_PEER_BB[a], B9_PEER_BB[b]);
            for (unsigned xs = mask; xs; xs &= xs - 1) {
                const int x = sd_ctz32(xs);
                const int y = sd_ctz32(mask & ~(1u << x));
                if (!bb_any(bb_and(common, s->cells[y])))
                    continue;
                for (int h = 0; h < 27; h++) {
                    const unsigned hm = s->pos[x][h];
                    if (b9_popc9(hm) != 2)
                        continue;
                    const int e1 = B9_HOUSE[h][sd_ctz32(hm)];
                    const int e2 = B9_HOUSE[h][sd_ctz32(hm & (hm - 1))];
                    if (e1 == a || e1 == b || e2 == a || e2 == b)
                        continue;
                    if ((b9_sees(a, e1) && b9_sees(b, e2)) || (b9_sees(a, e2) && b9_sees(b, e1)))
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
        const int pc = b9_popc9(pm);
        if (pc < 2 || pc > 4)
            continue;
        uint8_t ar[20];
        int n = 0;
        for (int k = 0; k < 20; k++) {
            const int q = B9_PEERS[p][k];
            const unsigned qm = s->c[q];
            const int qc = b9_popc9(qm);
            /* every other cell must fit with the pivot into four digits */
            if (q > p && qc >= 2 && b9_popc9(pm | qm) <= 4)
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
                if (b9_popc9(u2) > 4)
                    continue;
                const unsigned l01 = b9_sees(t0, t1) ? 0u : (m0 & m1);
                for (int k = j + 1; k < n; k++) {
                    const int t2 = ar[k];
                    const unsigned m2 = s->c[t2];
                    if (b9_popc9(u2 | m2) != 4)
                        continue;
                    /* the pivot sees all three: only pairs among the others can be loose */
                    unsigned loose = l01;
                    if (!b9_sees(t0, t2))
                        loose |= m0 & m2;
                    if (!b9_sees(t1, t2))
                        loose |= m1 & m2;
                    if (b9_popc9(loose) != 1)
                        continue;
                    const unsigned zb = loose;
                    bb81 t = s->cells[sd_ctz32(zb)];
                    if (pm & zb)
                        t = bb_and(t, B9_PEER_BB[p]);
                    if (m0 & zb)
                        t = bb_and(t, B9_PEER_BB[t0]);
                    if (m1 & zb)
                        t = bb_and(t, B9_PEER_BB[t1]);
                    if (m2 & zb)
                        t = bb_and(t, B9_PEER_BB[t2]);
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
static int rp_reach_without_edge(bb81 comp, int u, int v) {
    bb81 seen = bb_cell(u);
    bb81 frontier = bb_andnot(bb_and(B9_PEER_BB[u], comp), bb_cell(v));
    seen = bb_or(seen, frontier);
    while (bb_any(frontier)) {
        bb81 next = {0, 0};
        bb81 f = frontier;
        while (bb_any(f))
            next = bb_or(next, B9_PEER_BB[bb_pop_low(&f)]);
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
static int rp_paths(bb81 comp, bb81 xy) {
    uint8_t path[81];
    bb81 rest[81];
    bb81 starts = comp;
    long budget = RP_BUDGET;
    while (bb_any(starts)) {
        const int start = bb_pop_low(&starts);
        bb81 used = bb_cell(start);
        path[0] = (uint8_t)start;
        rest[0] = bb_andnot(bb_and(B9_PEER_BB[start], comp), used);
        int len = 1;
        while (len > 0) {
            if (!bb_any(rest[len - 1])) {
                len--;
                used = bb_andnot(used, bb_cell(path[len]));
                continue;
            }
            if (--budget < 0)
                return 1;
            const int nxt = bb_pop_low(&rest[len - 1]);
            used = bb_or(used, bb_cell(nxt));
            path[len] = (uint8_t)nxt;
            rest[len] = bb_andnot(bb_and(B9_PEER_BB[nxt], comp), used);
            len++;
            if (len >= 4 && len % 2 == 0) {
                bb81 t = bb_and(bb_and(B9_PEER_BB[start], B9_PEER_BB[nxt]), xy);
                if (bb_any(bb_andnot(t, used)))
                    return 1;
            }
        }
    }
    return 0;
}

int d9_remote_pair(const d9_state *s) {
    bb81 done = {0, 0};
    for (int c0 = 0; c0 < 81; c0++) {
        const unsigned mask = s->c[c0];
        if (b9_popc9(mask) != 2 || bb_has(done, c0))
            continue;
        bb81 pool = {0, 0};
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
        const int x = sd_ctz32(mask);
        const int y = sd_ctz32(mask & (mask - 1));
        const bb81 xy = bb_or(s->cells[x], s->cells[y]);
        bb81 left = pool;
        while (bb_any(left)) {
            /* one component, coloured by the parity of its BFS layers */
            const int root = bb_first(left);
            bb81 side[2] = {bb_cell(root), {0, 0}};
            bb81 comp = side[0];
            bb81 frontier = side[0];
            int parity = 0;
            while (bb_any(frontier)) {
                bb81 next = {0, 0};
                bb81 f = frontier;
                while (bb_any(f))
                    next = bb_or(next, B9_PEER_BB[bb_pop_low(&f)]);
                next = bb_andnot(bb_and(next, pool), comp);
                parity ^= 1;
                side[parity] = bb_or(side[parity], next);
                comp = bb_or(comp, next);
                frontier = next;
            }
            left = bb_andnot(left, comp);
            int bipartite = 1;
            for (int sd = 0; sd < 2 && bipartite; sd++) {
                bb81 f = side[sd];
                while (bb_any(f)) {
                    if (bb_any(bb_and(B9_PEER_BB[bb_pop_low(&f)], side[sd]))) {
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
            bb81 us = side[0];
            while (bb_any(us)) {
                const int u = bb_pop_low(&us);
                const bb81 tu = bb_andnot(bb_and(B9_PEER_BB[u], xy), pool);
                if (!bb_any(tu))
                    continue;
                bb81 vs = side[1];
                while (bb_any(vs)) {
                    const int v = bb_pop_low(&vs);
                    if (!bb_any(bb_and(tu, B9_PEER_BB[v])))
                        continue;
                    if (!b9_sees(u, v) || rp_reach_without_edge(comp, u, v))
                        return 1;
                }
            }
        }
    }
    return 0;
}
