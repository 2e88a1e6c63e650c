/* Detectors of the colour family (see detect9.h): Simple Colors (trap, wrap),
 * Multi-Colors 1 and 2, 3D Medusa, X-Chain and XY-Chain.
 *
 * Each one mirrors its Python finder (shudu.logic.colouring, shudu.logic.chains):
 * the colouring ones rebuild the same two-coloured clusters; the chain ones rebuild the
 * same link graph and replay the breadth-first path search of ChainGraph.path (same
 * visiting order, same retries when a path repeats a node), so they accept exactly the
 * chains the finder accepts. */
#include "detect9.h"

#include <string.h>

/* Cells that see at least one of cells. */
static bb81 bb_sees(bb81 cells) {
    bb81 r = {0, 0};
    while (bb_any(cells)) r = bb_or(r, B9_PEER_BB[bb_pop_low(&cells)]);
    return r;
}

/* ------------------------------------------------------------------ simple colouring */

/* Conjugate-pair clusters of digit d (two-coloured, odd cycles dropped) as in
 * colouring._clusters, with the cells each colour sees. */
typedef struct clusters {
    int n;
    bb81 col[41][2];
    bb81 seen[41][2];
} clusters;

static void build_clusters(const d9_state *s, int d, clusters *cl) {
    bb81 adj[81];
    bb81 linked = {0, 0};
    memset(adj, 0, sizeof adj);
    for (int h = 0; h < 27; h++) {
        unsigned m = s->pos[d][h];
        if (sd_popc32(m) != 2) continue;
        int a = B9_HOUSE[h][sd_ctz32(m)];
        m &= m - 1;
        int b = B9_HOUSE[h][sd_ctz32(m)];
        bb_set(&adj[a], b);
        bb_set(&adj[b], a);
        bb_set(&linked, a);
        bb_set(&linked, b);
    }
    cl->n = 0;
    bb81 todo = linked;
    while (bb_any(todo)) {
        int start = bb_pop_low(&todo);
        bb81 colour[2] = {bb_cell(start), {0, 0}};
        bb81 frontier = colour[0];
        int side = 0, broken = 0;
        while (bb_any(frontier)) {
            bb81 nxt = {0, 0};
            while (bb_any(frontier)) nxt = bb_or(nxt, adj[bb_pop_low(&frontier)]);
            side ^= 1;
            if (bb_any(bb_and(nxt, colour[1 - side]))) broken = 1;
            nxt = bb_andnot(nxt, bb_or(colour[0], colour[1]));
            colour[side] = bb_or(colour[side], nxt);
            frontier = nxt;
        }
        todo = bb_andnot(todo, bb_or(colour[0], colour[1]));
        if (broken) continue;
        int k = cl->n++;
        cl->col[k][0] = colour[0];
        cl->col[k][1] = colour[1];
        cl->seen[k][0] = bb_sees(colour[0]);
        cl->seen[k][1] = bb_sees(colour[1]);
    }
}

int d9_simple_colors(const d9_state *s, int wrap) {
    clusters cl;
    for (int d = 0; d < 9; d++) {
        bb81 dm = s->cells[d];
        if (!bb_any(dm)) continue;
        build_clusters(s, d, &cl);
        for (int k = 0; k < cl.n; k++) {
            bb81 c0 = cl.col[k][0], c1 = cl.col[k][1];
            if (wrap) {
                if (bb_any(bb_and(cl.seen[k][0], c0)) || bb_any(bb_and(cl.seen[k][1], c1)))
                    return 1;
            } else {
                bb81 both = bb_or(c0, c1);
                if (bb_count(both) < 4) continue;
                bb81 e = bb_and(bb_and(cl.seen[k][0], cl.seen[k][1]), bb_andnot(dm, both));
                if (bb_any(e)) return 1;
            }
        }
    }
    return 0;
}

int d9_multi_colors(const d9_state *s, int type) {
    clusters cl;
    for (int d = 0; d < 9; d++) {
        bb81 dm = s->cells[d];
        if (!bb_any(dm)) continue;
        build_clusters(s, d, &cl);
        if (cl.n < 2) continue;
        for (int i = 0; i < cl.n; i++) {
            for (int j = 0; j < cl.n; j++) {
                if (i == j) continue;
                if (type == 1) {
                    if (j < i) continue;
                    for (int x = 0; x < 2; x++) {
                        for (int y = 0; y < 2; y++) {
                            if (!bb_any(bb_and(cl.seen[i][x], cl.col[j][y]))) continue;
                            bb81 x2 = cl.col[i][1 - x], y2 = cl.col[j][1 - y];
                            bb81 e = bb_and(bb_and(cl.seen[i][1 - x], cl.seen[j][1 - y]),
                                           bb_andnot(dm, bb_or(x2, y2)));
                            if (bb_any(e)) return 1;
                        }
                    }
                } else {
                    for (int x = 0; x < 2; x++) {
                        bb81 seen = cl.seen[i][x];
                        if (bb_any(bb_and(seen, cl.col[j][0])) &&
                            bb_any(bb_and(seen, cl.col[j][1])))
                            return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ 3D Medusa */

/* Nodes are cell * 9 + digit; links are conjugate pairs and bivalue cells.  Every
 * component of two colours (no odd cycle, four candidates or more) is checked as
 * colouring.find_medusa does: a false colour, else candidates seeing both colours. */
int d9_medusa(const d9_state *s) {
    uint16_t nbr[729][4];
    uint8_t deg[729];
    int8_t col[729];
    uint16_t stack[729], comp[729];
    uint16_t cellcol[81][2];
    memset(deg, 0, sizeof deg);
    for (int d = 0; d < 9; d++) {
        for (int h = 0; h < 27; h++) {
            unsigned m = s->pos[d][h];
            if (sd_popc32(m) != 2) continue;
            int a = B9_HOUSE[h][sd_ctz32(m)] * 9 + d;
            m &= m - 1;
            int b = B9_HOUSE[h][sd_ctz32(m)] * 9 + d;
            nbr[a][deg[a]++] = (uint16_t)b;
            nbr[b][deg[b]++] = (uint16_t)a;
        }
    }
    bb81 open = {0, 0};
    bb81 dm[9];
    for (int d = 0; d < 9; d++) {
        dm[d] = s->cells[d];
        open = bb_or(open, dm[d]);
    }
    for (int c = 0; c < 81; c++) {
        unsigned m = s->c[c];
        if (sd_popc32(m) != 2) continue;
        int a = c * 9 + sd_ctz32(m);
        m &= m - 1;
        int b = c * 9 + sd_ctz32(m);
        nbr[a][deg[a]++] = (uint16_t)b;
        nbr[b][deg[b]++] = (uint16_t)a;
    }
    memset(col, -1, sizeof col);
    memset(cellcol, 0, sizeof cellcol);
    for (int start = 0; start < 729; start++) {
        if (!deg[start] || col[start] >= 0) continue;
        int sp = 0, nc = 0, broken = 0;
        col[start] = 0;
        stack[sp++] = (uint16_t)start;
        while (sp) {
            int u = stack[--sp];
            comp[nc++] = (uint16_t)u;
            for (int k = 0; k < deg[u]; k++) {
                int v = nbr[u][k];
                if (col[v] < 0) {
                    col[v] = (int8_t)(1 - col[u]);
                    stack[sp++] = (uint16_t)v;
                } else if (col[v] == col[u]) {
                    broken = 1;
                }
            }
        }
        if (broken || nc < 4) continue;
        bb81 cells_of[2][9], seen[2][9], ccells = {0, 0};
        memset(cells_of, 0, sizeof cells_of);
        for (int k = 0; k < nc; k++) {
            int c = comp[k] / 9, d = comp[k] % 9, o = col[comp[k]];
            bb_set(&cells_of[o][d], c);
            bb_set(&ccells, c);
            cellcol[c][o] |= (uint16_t)(1u << d);
        }
        int found = 0;
        for (int o = 0; o < 2 && !found; o++) {
            bb81 t = ccells;
            while (bb_any(t)) {
                int c = bb_pop_low(&t);
                if (cellcol[c][o] & (cellcol[c][o] - 1)) {
                    found = 1;
                    break;
                }
            }
            if (found) break;
            for (int d = 0; d < 9; d++) {
                seen[o][d] = bb_sees(cells_of[o][d]);
                if (bb_any(bb_and(seen[o][d], cells_of[o][d]))) found = 1;
            }
            if (found) break;
            /* an uncoloured open cell whose every candidate sees this colour */
            bb81 bad = ccells;
            for (int d = 0; d < 9; d++) bad = bb_or(bad, bb_andnot(dm[d], seen[o][d]));
            if (bb_any(bb_andnot(open, bad))) found = 1;
        }
        if (!found) {
            for (int d = 0; d < 9 && !found; d++) {
                bb81 e = bb_andnot(bb_and(bb_and(seen[0][d], seen[1][d]), dm[d]),
                                  bb_or(cells_of[0][d], cells_of[1][d]));
                if (bb_any(e)) found = 1;
            }
            bb81 t = ccells;
            while (!found && bb_any(t)) {
                int c = bb_pop_low(&t);
                unsigned m0 = cellcol[c][0], m1 = cellcol[c][1];
                unsigned rest = s->c[c] & ~(m0 | m1);
                if (m0 && m1) {
                    if (rest) found = 1;
                    continue;
                }
                const bb81 *other = m0 ? seen[1] : seen[0];
                while (rest) {
                    int d = sd_ctz32(rest);
                    rest &= rest - 1;
                    if (bb_has(other[d], c)) {
                        found = 1;
                        break;
                    }
                }
            }
        }
        if (found) return 1;
        for (int k = 0; k < nc; k++) cellcol[comp[k] / 9][0] = cellcol[comp[k] / 9][1] = 0;
    }
    return 0;
}

/* ------------------------------------------------------------------ chains */

/* A link graph of at most 192 nodes (bitsets of three words), as links.ChainGraph
 * with node indices in the order of the universal indices. */
#define CW 3
#define CMAX (64 * CW)

typedef struct cgraph {
    int n;
    uint64_t strong[CMAX][CW];
    uint64_t weak[CMAX][CW];
} cgraph;

/* ChainGraph.parents(2 * start, banned): breadth-first parents of the literals reached
 * from "start is false" (literal 2 * node + truth); -2 = not reached, -1 = the root. */
static void cg_parents(const cgraph *g, int start, const uint64_t *banned, int16_t *par) {
    int16_t queue[2 * CMAX];
    uint64_t T[CW], F[CW];
    int head = 0, tail = 0;
    for (int i = 0; i < 2 * g->n; i++) par[i] = -2;
    for (int w = 0; w < CW; w++) T[w] = F[w] = banned[w];
    par[2 * start] = -1;
    queue[tail++] = (int16_t)(2 * start);
    while (head < tail) {
        int x = queue[head++], node = x >> 1, truth;
        const uint64_t *src;
        uint64_t *set;
        if (x & 1) {
            src = g->weak[node];
            set = F;
            truth = 0;
        } else {
            src = g->strong[node];
            set = T;
            truth = 1;
        }
        for (int w = 0; w < CW; w++) {
            uint64_t nw = src[w] & ~set[w];
            set[w] |= nw;
            while (nw) {
                int j = w * 64 + sd_ctz64(nw);
                nw &= nw - 1;
                int y = 2 * j + truth;
                if (par[y] == -2) {
                    par[y] = (int16_t)x;
                    if (j != start) queue[tail++] = (int16_t)y;
                }
            }
        }
    }
}

/* Whether ChainGraph.path(2a, 2b + 1) gives a chain _aic_found keeps (at least four
 * literals, no node twice); par = parents of 2a without bans. */
static int cg_path_ok(const cgraph *g, int a, int b, const int16_t *par0) {
    uint64_t banned[CW] = {0};
    int16_t parb[2 * CMAX];
    int16_t path[2 * CMAX + 1];
    const int16_t *par = par0;
    int target = 2 * b + 1;
    for (int attempt = 0; attempt < 4; attempt++) {
        if (attempt) {
            cg_parents(g, a, banned, parb);
            par = parb;
        }
        if (par[target] == -2) return 0;
        int len = 0;
        for (int x = target; x >= 0; x = par[x]) path[len++] = (int16_t)x;
        /* forward from the start: the first node met a second time */
        uint64_t seen[CW] = {0};
        int repeat = -1;
        for (int k = len - 1; k >= 0; k--) {
            int node = path[k] >> 1;
            if ((seen[node >> 6] >> (node & 63)) & 1) {
                repeat = node;
                break;
            }
            seen[node >> 6] |= (uint64_t)1 << (node & 63);
        }
        if (repeat < 0) return len >= 4;
        banned[repeat >> 6] |= (uint64_t)1 << (repeat & 63);
    }
    return 0;
}

static inline void cg_set(uint64_t *m, int i) { m[i >> 6] |= (uint64_t)1 << (i & 63); }

/* X-Chain: one digit at a time, conjugate pairs strong, same-digit peers weak; a pair
 * of ends (a < b, b true when a is false) with a common peer holding the digit, whose
 * shortest chain has three links or more and repeats no node. */
int d9_x_chain(const d9_state *s) {
    cgraph g;
    int16_t par[2 * CMAX];
    g.n = 81;
    for (int d = 0; d < 9; d++) {
        bb81 dm = s->cells[d];
        if (bb_count(dm) < 4) continue;
        memset(g.strong, 0, sizeof g.strong);
        memset(g.weak, 0, sizeof g.weak);
        bb81 linked = {0, 0};
        for (int h = 0; h < 27; h++) {
            unsigned m = s->pos[d][h];
            if (sd_popc32(m) != 2) continue;
            int a = B9_HOUSE[h][sd_ctz32(m)];
            m &= m - 1;
            int b = B9_HOUSE[h][sd_ctz32(m)];
            cg_set(g.strong[a], b);
            cg_set(g.strong[b], a);
            bb_set(&linked, a);
            bb_set(&linked, b);
        }
        if (bb_count(linked) < 4) continue;
        bb81 t = dm;
        while (bb_any(t)) {
            int c = bb_pop_low(&t);
            bb81 w = bb_and(B9_PEER_BB[c], dm);
            g.weak[c][0] = w.lo;
            g.weak[c][1] = w.hi;
        }
        /* both ends are true or false through a conjugate pair: linked cells */
        bb81 ta = linked;
        while (bb_any(ta)) {
            int a = bb_pop_low(&ta);
            int parsed = 0;
            bb81 tb = ta; /* linked cells after a */
            while (bb_any(tb)) {
                int b = bb_pop_low(&tb);
                if (!bb_any(bb_and(bb_and(B9_PEER_BB[a], B9_PEER_BB[b]), dm))) continue;
                if (!parsed) {
                    uint64_t none[CW] = {0};
                    cg_parents(&g, a, none, par);
                    parsed = 1;
                }
                if (par[2 * b + 1] == -2) continue;
                if (cg_path_ok(&g, a, b, par)) return 1;
            }
        }
    }
    return 0;
}

/* XY-Chain: nodes are the candidates of bivalue cells (digit-major order), strong
 * inside a cell, weak between peers on one digit; both ends on the same digit. */
int d9_xy_chain(const d9_state *s) {
    cgraph g;
    int16_t par[2 * CMAX];
    int16_t idx[81][9];
    uint8_t ncell[CMAX], ndig[CMAX];
    bb81 biv = {0, 0};
    for (int c = 0; c < 81; c++)
        if (sd_popc32(s->c[c]) == 2) bb_set(&biv, c);
    if (bb_count(biv) < 2) return 0;
    int n = 0;
    for (int d = 0; d < 9; d++) {
        bb81 t = bb_and(s->cells[d], biv);
        while (bb_any(t)) {
            int c = bb_pop_low(&t);
            idx[c][d] = (int16_t)n;
            ncell[n] = (uint8_t)c;
            ndig[n] = (uint8_t)d;
            n++;
        }
    }
    g.n = n;
    memset(g.strong, 0, sizeof(g.strong[0]) * (size_t)n);
    memset(g.weak, 0, sizeof(g.weak[0]) * (size_t)n);
    for (int i = 0; i < n; i++) {
        int c = ncell[i], d = ndig[i];
        unsigned other = s->c[c] & ~(1u << d);
        cg_set(g.strong[i], idx[c][sd_ctz32(other)]);
        bb81 p = bb_and(bb_and(B9_PEER_BB[c], biv), s->cells[d]);
        while (bb_any(p)) cg_set(g.weak[i], idx[bb_pop_low(&p)][d]);
    }
    for (int a = 0; a < n; a++) {
        int d = ndig[a], ca = ncell[a];
        bb81 dm = s->cells[d];
        int parsed = 0;
        for (int b = a + 1; b < n && ndig[b] == d; b++) {
            if (!bb_any(bb_and(bb_and(B9_PEER_BB[ca], B9_PEER_BB[ncell[b]]), dm))) continue;
            if (!parsed) {
                uint64_t none[CW] = {0};
                cg_parents(&g, a, none, par);
                parsed = 1;
            }
            if (par[2 * b + 1] == -2) continue;
            if (cg_path_ok(&g, a, b, par)) return 1;
        }
    }
    return 0;
}
