/* Sudoku Explainer's static forcing chains and cycles on a working grid (sestatic9.h).
 *
 * A search from one assumption is SE's breadth first walk ("on" potentials before "off"
 * ones): an "on" potential makes the cell's other candidates (when the cell's rule is
 * on) and the digit's other places in its box, row and column "off"; an "off" potential
 * makes the other candidate of a bivalue cell (the cell's rule) and the other place of a
 * digit with two places in a house "on".  X-Chains follow houses only, Y-Chains cells
 * and cycles of both kinds of link; a forcing chain meets the negation of its assumption
 * and a cycle comes back to it, after four links at least. */
#include "logic/sestatic9.h"

#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "engine/board9.h"
#include "logic/gridcache.h"

#define MAXN 48000 /* potentials of one search: on ones once, off ones once per maker */

typedef struct {
    double diff;
    int cx, sort, seq;
    uint64_t hash;
    sestatic_hint h;
} raw_t;

typedef struct {
    uint64_t hash;
    int at, n, cycle, cx;
} chain_t;

typedef struct {
    uint16_t key;
    int8_t cause;
} nb_t;

struct sestatic {
    int uncached; /* 1: searches neither read nor keep the grid cache (gridcache.h) */
    uint16_t cm[81];
    uint16_t pos[9][27];
    /* what each candidate makes "off" when "on" (the cell's first, on_c of them) and "on"
     * when "off" (the cell's first, off_c: 0 or 1), each potential once */
    nb_t on_adj[729][28], off_adj[729][4];
    uint8_t on_n[729], on_c[729], off_n[729], off_c[729];
    uint8_t peer[81][20], peer_house[81][20]; /* each cell's peers in SE's order, and where met */
    /* one search */
    uint16_t nkey[MAXN];
    int32_t npar[MAXN];
    int8_t ncause[MAXN];
    uint8_t ncloser[MAXN]; /* cycles: made again, to be followed only back to the start */
    int32_t pend_on[MAXN], pend_off[MAXN], cyc[MAXN];
    int nn, ncyc, target;
    uint32_t on_mark[729], off_mark[729], close_mark[729], fmark[729], bmark[729], gen;
    uint32_t adj_mark[729], adj_gen; /* the lists above are made when first needed */
    /* which searches can find anything (reachable), over the candidates (digit * 81 +
     * cell, 729-bit sets): sees[i], the candidates i makes "off" when "on" (any grid);
     * over this grid, strong[i] the ones i makes "on" when "off"; the "on" candidates
     * reached from i through an "off" one, their strongly connected components and what
     * each component reaches in one step or more */
    uint64_t sees[729][12];
    uint16_t strong[729][4];
    uint8_t strong_n[729];
    uint16_t succ[729 * 112]; /* 28 seen, 4 partners each */
    int32_t succ_at[730];
    int16_t comp[729], rank[729]; /* rank: a strong candidate's place among them */
    uint64_t reach[729][12];
    uint8_t may_cycle[729], may_on[729], may_off[729];
    /* the hints found, their chains and removals */
    raw_t *raw;
    int n_raw, cap_raw;
    sestatic_hint *out;
    int n_out, cap_out;
    int32_t *order;
    int cap_order;
    uint16_t *keys;
    int8_t *causes;
    int n_keys, cap_keys, cap_causes;
    uint16_t *rems;
    int n_rems, cap_rems;
    uint64_t *kept; /* hashes of the kept hints' removals (open addressing, 0: empty) */
    int32_t *kept_at;
    int cap_kept;
    /* every chain interned */
    chain_t *chains;
    int n_chains, cap_chains;
    uint16_t *ckeys;
    int n_ckeys, cap_ckeys;
    int32_t *ctab;
    int cap_ctab;
    int oom;
};

/* Makes room for need elements of size elt in *p (capacity *cap); 0 when out of memory. */
static int grow(void **p, int *cap, int need, size_t elt) {
    if (need <= *cap) return 1;
    int c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * elt);
    if (!q) return 0;
    *p = q;
    *cap = c;
    return 1;
}

static inline int key_of(int cell, int d, int on) { return 2 * (d * 81 + cell) + on; }

/* The houses of a cell in SE's order: box, row, column. */
static inline void houses(int cell, int hs[3]) {
    hs[0] = 18 + b9_box(cell);
    hs[1] = b9_row(cell);
    hs[2] = 9 + b9_col(cell);
}

sestatic_t *sestatic9_new(void) {
    sestatic_t *s = calloc(1, sizeof(sestatic_t));
    if (!s) return NULL;
    for (int cell = 0, hs[3]; cell < 81; cell++) {
        houses(cell, hs);
        int n = 0;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 9; i++) {
                int x = B9_HOUSE[hs[j]][i];
                if (x == cell || (j > 0 && b9_box(x) == b9_box(cell))) continue; /* met in the box */
                s->peer[cell][n] = (uint8_t)x;
                s->peer_house[cell][n++] = (uint8_t)hs[j];
            }
    }
    for (int i = 0; i < 729; i++) {   /* the cell's other digits, the digit in its peers */
        int cell = i % 81, d = i / 81;
        for (int v = 0; v < 9; v++)
            if (v != d) s->sees[i][(v * 81 + cell) >> 6] |= UINT64_C(1) << ((v * 81 + cell) & 63);
        for (int t = 0; t < 20; t++) {
            int j = d * 81 + s->peer[cell][t];
            s->sees[i][j >> 6] |= UINT64_C(1) << (j & 63);
        }
    }
    return s;
}

void sestatic9_free(sestatic_t *s) {
    if (!s) return;
    free(s->raw);
    free(s->out);
    free(s->order);
    free(s->keys);
    free(s->causes);
    free(s->rems);
    free(s->kept);
    free(s->kept_at);
    free(s->chains);
    free(s->ckeys);
    free(s->ctab);
    free(s);
}

/* What an "on" potential makes "off", each once (its first cause). */
static int on_to_off(const sestatic_t *s, int k, int y, nb_t out[28]) {
    int cell = (k >> 1) % 81, d = (k >> 1) / 81, n = 0;
    if (y)
        for (unsigned m = s->cm[cell] & ~(1u << d); m; m &= m - 1)
            out[n++] = (nb_t){(uint16_t)key_of(cell, b9_ctz(m), 0), SESTATIC_CAUSE_CELL};
    for (int i = 0; i < 20; i++) {
        int x = s->peer[cell][i];
        if (s->cm[x] >> d & 1)
            out[n++] = (nb_t){(uint16_t)key_of(x, d, 0), (int8_t)s->peer_house[cell][i]};
    }
    return n;
}

/* What an "off" potential makes "on", each once (its first cause). */
static int off_to_on(const sestatic_t *s, int k, int y, int x, nb_t out[4]) {
    int cell = (k >> 1) % 81, d = (k >> 1) / 81, n = 0, hs[3];
    unsigned m = s->cm[cell];
    if (y && b9_popc(m) == 2) {
        int v = b9_ctz(m);
        if (v == d) v = b9_ctz(m & (m - 1));
        out[n++] = (nb_t){(uint16_t)key_of(cell, v, 1), SESTATIC_CAUSE_CELL};
    }
    houses(cell, hs);
    for (int j = 0; j < 3 && x; j++) {
        unsigned p = s->pos[d][hs[j]];
        if (b9_popc(p) != 2) continue;
        int o = B9_HOUSE[hs[j]][b9_ctz(p)];
        if (o == cell) o = B9_HOUSE[hs[j]][b9_ctz(p & (p - 1))];
        uint16_t kk = (uint16_t)key_of(o, d, 1);
        int seen = 0;
        for (int t = 0; t < n; t++) seen |= out[t].key == kk;
        if (!seen) out[n++] = (nb_t){kk, (int8_t)hs[j]};
    }
    return n;
}

/* The lists of what candidate i makes, made when first needed in a search. */
static inline void adjacency(sestatic_t *s, int i) {
    if (s->adj_mark[i] == s->adj_gen) return;
    s->adj_mark[i] = s->adj_gen;
    int n = on_to_off(s, 2 * i + 1, 1, s->on_adj[i]);
    s->on_n[i] = (uint8_t)n;
    s->on_c[i] = (uint8_t)(b9_popc(s->cm[i % 81]) - 1);
    n = off_to_on(s, 2 * i, 1, 1, s->off_adj[i]);
    s->off_n[i] = (uint8_t)n;
    s->off_c[i] = (uint8_t)(n && s->off_adj[i][0].cause == SESTATIC_CAUSE_CELL);
}

/* Tarjan's components of the graph of the strong candidates (iterative), numbered in the
 * order they close: a component reaches only components closed before it. */
static int components(sestatic_t *s, const uint16_t *nodes, int n) {
    int16_t low[729], num[729], stack[729], call[729];
    int32_t edge[729];
    int n_comp = 0, next = 0, sp = 0;
    for (int t = 0; t < n; t++) num[nodes[t]] = -1;
    for (int t = 0; t < n; t++) {
        int root = nodes[t];
        if (num[root] >= 0) continue;
        int depth = 0;
        call[depth] = (int16_t)root;
        edge[root] = s->succ_at[t];
        num[root] = low[root] = (int16_t)next++;
        stack[sp++] = (int16_t)root;
        s->comp[root] = -1;
        while (depth >= 0) {
            int v = call[depth];
            if (edge[v] < s->succ_at[s->rank[v] + 1]) {
                int u = s->succ[edge[v]++];
                if (num[u] < 0) {
                    num[u] = low[u] = (int16_t)next++;
                    stack[sp++] = (int16_t)u;
                    s->comp[u] = -1;
                    edge[u] = s->succ_at[s->rank[u]];
                    call[++depth] = (int16_t)u;
                } else if (s->comp[u] == -1 && num[u] < low[v]) {
                    low[v] = num[u];   /* u is on the stack */
                }
                continue;
            }
            if (low[v] == num[v]) {
                int u;
                do {
                    u = stack[--sp];
                    s->comp[u] = (int16_t)(-2 - n_comp);   /* closed */
                } while (u != v);
                n_comp++;
            }
            if (--depth >= 0 && low[v] < low[call[depth]]) low[call[depth]] = low[v];
        }
    }
    return n_comp;
}

static inline int has(const uint64_t *set, int i) { return (int)(set[i >> 6] >> (i & 63) & 1); }

/* Notes, for each candidate, whether its searches may find anything.  The "on" candidates
 * reachable from "i on" are those made "on" by an "off" that i makes: the strong partners
 * of the candidates i sees, and what they reach in turn.  A cycle through "i on" needs i
 * in a component with another candidate; a forcing chain from "i on" a candidate reached
 * that sees i; from "i off" a strong partner of i that reaches i.  Every kind of search
 * follows links of this graph only, so a search it rules out finds nothing. */
static void reachable(sestatic_t *s) {
    const uint64_t one = 1;
    uint64_t strong_set[12] = {0};
    uint16_t nodes[729];
    int n = 0;
    for (int i = 0; i < 729; i++) s->strong_n[i] = 0;
    for (int cell = 0; cell < 81; cell++) {   /* bivalue cells */
        unsigned m = s->cm[cell];
        if (b9_popc(m) != 2) continue;
        int a = b9_ctz(m) * 81 + cell, b = b9_ctz(m & (m - 1)) * 81 + cell;
        s->strong[a][s->strong_n[a]++] = (uint16_t)b;
        s->strong[b][s->strong_n[b]++] = (uint16_t)a;
    }
    for (int h = 0; h < 27; h++)   /* a digit's two places in a house */
        for (int d = 0; d < 9; d++) {
            unsigned p = s->pos[d][h];
            if (b9_popc(p) != 2) continue;
            int a = d * 81 + B9_HOUSE[h][b9_ctz(p)], b = d * 81 + B9_HOUSE[h][b9_ctz(p & (p - 1))];
            int seen = 0;
            for (int t = 0; t < s->strong_n[a]; t++) seen |= s->strong[a][t] == b;
            if (seen) continue;   /* the same two places in a line and a box */
            s->strong[a][s->strong_n[a]++] = (uint16_t)b;
            s->strong[b][s->strong_n[b]++] = (uint16_t)a;
        }
    for (int i = 0; i < 729; i++)
        if (s->strong_n[i]) {
            strong_set[i >> 6] |= one << (i & 63);
            s->rank[i] = (int16_t)n;
            nodes[n++] = (uint16_t)i;
        }
    /* the graph over the strong candidates: i => j when i sees a strong partner x of j */
    int ne = 0;
    for (int t = 0; t < n; t++) {
        int i = nodes[t];
        s->succ_at[t] = ne;
        for (int w = 0; w < 12; w++)
            for (uint64_t m = s->sees[i][w] & strong_set[w]; m; m &= m - 1) {
                int x = 64 * w + sd_ctz64(m);
                for (int k = 0; k < s->strong_n[x]; k++)
                    if (s->strong[x][k] != i) s->succ[ne++] = s->strong[x][k];
            }
    }
    s->succ_at[n] = ne;
    int n_comp = components(s, nodes, n);
    /* components in closing order: members (when two or more), then what edges reach */
    int16_t size[729] = {0};
    for (int t = 0; t < n; t++) {
        int i = nodes[t];
        s->comp[i] = (int16_t)(-2 - s->comp[i]);
        size[s->comp[i]]++;
    }
    for (int c = 0; c < n_comp; c++) memset(s->reach[c], 0, sizeof s->reach[c]);
    uint16_t order[729];
    int at[730] = {0}, fill[730];
    for (int t = 0; t < n; t++) at[s->comp[nodes[t]] + 1]++;
    for (int c = 0; c < n_comp; c++) at[c + 1] += at[c];
    memcpy(fill, at, sizeof fill);
    for (int t = 0; t < n; t++) order[fill[s->comp[nodes[t]]]++] = (uint16_t)t;
    for (int c = 0; c < n_comp; c++) {
        uint64_t *r = s->reach[c];
        if (size[c] > 1)
            for (int m = at[c]; m < at[c + 1]; m++) r[nodes[order[m]] >> 6] |= one << (nodes[order[m]] & 63);
        for (int m = at[c]; m < at[c + 1]; m++) {
            int t = order[m];
            for (int e = s->succ_at[t]; e < s->succ_at[t + 1]; e++) {
                int u = s->succ[e], d = s->comp[u];
                if (d == c || has(r, u)) continue;   /* reached before: so was all it reaches */
                r[u >> 6] |= one << (u & 63);
                for (int w = 0; w < 12; w++) r[w] |= s->reach[d][w];
            }
        }
    }
    for (int i = 0; i < 729; i++) {
        s->may_cycle[i] = s->may_on[i] = s->may_off[i] = 0;
        if (!(s->cm[i % 81] >> (i / 81) & 1)) continue;
        uint64_t got[12] = {0};
        const uint64_t *r = got;
        if (s->strong_n[i]) {
            r = s->reach[s->comp[i]];
            s->may_cycle[i] = size[s->comp[i]] > 1;
            for (int k = 0; k < s->strong_n[i] && !s->may_off[i]; k++)
                s->may_off[i] = (uint8_t)has(s->reach[s->comp[s->strong[i][k]]], i);
        } else {   /* no edge comes in: what its own edges reach */
            for (int w = 0; w < 12; w++)
                for (uint64_t m = s->sees[i][w] & strong_set[w]; m; m &= m - 1) {
                    int x = 64 * w + sd_ctz64(m);
                    for (int k = 0; k < s->strong_n[x]; k++) {
                        int u = s->strong[x][k];
                        got[u >> 6] |= one << (u & 63);
                        for (int v = 0; v < 12; v++) got[v] |= s->reach[s->comp[u]][v];
                    }
                }
        }
        for (int w = 0; w < 12 && !s->may_on[i]; w++) s->may_on[i] = (r[w] & s->sees[i][w]) != 0;
    }
}

static inline const nb_t *on_list(sestatic_t *s, int k, int y, int *n) {
    int i = k >> 1;
    adjacency(s, i);
    int skip = y ? 0 : s->on_c[i];
    *n = s->on_n[i] - skip;
    return s->on_adj[i] + skip;
}

static inline const nb_t *off_list(sestatic_t *s, int k, int y, int x, int *n) {
    int i = k >> 1;
    adjacency(s, i);
    int c = s->off_c[i], lo = y ? 0 : c, hi = x ? s->off_n[i] : c;
    *n = hi - lo;
    return s->off_adj[i] + lo;
}

/* A new generation of the search marks (all cleared when the count wraps around). */
static void next_gen(sestatic_t *s) {
    if (++s->gen) return;
    memset(s->on_mark, 0, sizeof s->on_mark);
    memset(s->off_mark, 0, sizeof s->off_mark);
    memset(s->close_mark, 0, sizeof s->close_mark);
    memset(s->fmark, 0, sizeof s->fmark);
    memset(s->bmark, 0, sizeof s->bmark);
    s->gen = 1;
}

static int node(sestatic_t *s, int key, int par, int cause) {
    if (s->nn >= MAXN) return -1;
    s->ncloser[s->nn] = 0;
    s->ncloser[s->nn] = 0;
    s->nkey[s->nn] = (uint16_t)key;
    s->npar[s->nn] = par;
    s->ncause[s->nn] = (int8_t)cause;
    return s->nn++;
}

/* The target of SE's forcing chain from src (the negation of src), -1: none. */
static int forcing(sestatic_t *s, int src, int y) {
    next_gen(s);
    s->nn = 0;
    int root = node(s, src, -1, SESTATIC_CAUSE_NONE);
    int n_on = 0, n_off = 0, i_on = 0, i_off = 0;
    if (src & 1) {
        s->on_mark[src >> 1] = s->gen;
        s->pend_on[n_on++] = root;
    } else {
        s->off_mark[src >> 1] = s->gen;
        s->pend_off[n_off++] = root;
    }
    while (i_on < n_on || i_off < n_off) {
        while (i_on < n_on) {
            int p = s->pend_on[i_on++], n;
            const nb_t *nb = on_list(s, s->nkey[p], y, &n);
            for (int t = 0; t < n; t++) {
                if ((src & 1) && nb[t].key == src - 1) return node(s, nb[t].key, p, nb[t].cause);
                if (s->off_mark[nb[t].key >> 1] == s->gen) continue;
                s->off_mark[nb[t].key >> 1] = s->gen;
                int j = node(s, nb[t].key, p, nb[t].cause);
                if (j < 0) return -1;
                s->pend_off[n_off++] = j;
            }
        }
        while (i_off < n_off) {
            int p = s->pend_off[i_off++], n;
            const nb_t *nb = off_list(s, s->nkey[p], y, 1, &n);
            for (int t = 0; t < n; t++) {
                if (!(src & 1) && nb[t].key == src + 1) return node(s, nb[t].key, p, nb[t].cause);
                if (s->on_mark[nb[t].key >> 1] == s->gen) continue;
                s->on_mark[nb[t].key >> 1] = s->gen;
                int j = node(s, nb[t].key, p, nb[t].cause);
                if (j < 0) return -1;
                s->pend_on[n_on++] = j;
            }
        }
    }
    return -1;
}

static int is_parent(const sestatic_t *s, int p, int key) {
    for (int j = s->npar[p]; j >= 0; j = s->npar[j])
        if (s->nkey[j] == key) return 1;
    return 0;
}

/* SE's cycles from the "on" potential src: the potentials that close one, in s->cyc,
 * and (x) the target of its forcing chain from src, s->target (-1: none).  SE makes an
 * "off" potential again each time an "on" one meets it (unless it is among that one's
 * ancestors), but only its first making can make anything new "on": a later one (a
 * "closer") matters only where it leads back to src.  The first makings are those of
 * SE's forcing chain from src, in the same order. */
static void cycles(sestatic_t *s, int src, int y, int x) {
    next_gen(s);
    s->nn = s->ncyc = 0;
    s->target = -1;
    int root = node(s, src, -1, SESTATIC_CAUSE_NONE);
    s->on_mark[src >> 1] = s->gen;
    int n_on = 0, n_off = 0, i_on = 0, i_off = 0, length = 0, n;
    s->pend_on[n_on++] = root;
    const nb_t *back = off_list(s, src - 1, y, x, &n); /* what leads back to src */
    for (int t = 0; t < n; t++) s->close_mark[back[t].key >> 1] = s->gen;
    while (i_on < n_on || i_off < n_off) {
        length++;
        while (i_on < n_on) {
            int p = s->pend_on[i_on++];
            const nb_t *nb = on_list(s, s->nkey[p], y, &n);
            for (int t = 0; t < n; t++) {
                int k = nb[t].key, again = s->off_mark[k >> 1] == s->gen;
                if (again && (s->close_mark[k >> 1] != s->gen || is_parent(s, p, k))) continue;
                s->off_mark[k >> 1] = s->gen;
                int j = node(s, k, p, nb[t].cause);
                if (j < 0) return;
                s->ncloser[j] = (uint8_t)again;
                if (!again && k == src - 1 && x) s->target = j;
                s->pend_off[n_off++] = j;
            }
        }
        length++;
        while (i_off < n_off) {
            int p = s->pend_off[i_off++], closer = s->ncloser[p];
            const nb_t *nb = off_list(s, s->nkey[p], y, x, &n);
            for (int t = 0; t < n; t++) {
                if (length >= 4 && nb[t].key == src) {
                    int j = node(s, nb[t].key, p, nb[t].cause);
                    if (j < 0) return;
                    s->cyc[s->ncyc++] = j;
                }
                if (closer || s->on_mark[nb[t].key >> 1] == s->gen) continue;
                s->on_mark[nb[t].key >> 1] = s->gen;
                int j = node(s, nb[t].key, p, nb[t].cause);
                if (j < 0) return;
                s->pend_on[n_on++] = j;
            }
        }
    }
}

static double length_diff(int cx) {
    double added = 0.0;
    int ceil = 4, odd = 0, length = cx - 2;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

static int cmp_u16(const void *a, const void *b) {
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* Records a hint of the chain from node t back to the assumption (a cycle: without it)
 * and the removals rem[0..n_rem-1]; 0 when out of memory. */
static int record(sestatic_t *s, int t, int cycle, int y, int x, uint16_t *rem, int n_rem) {
    int n = 0;
    for (int j = t; j >= 0 && !(cycle && s->npar[j] < 0); j = s->npar[j]) n++;
    if (!grow((void **)&s->raw, &s->cap_raw, s->n_raw + 1, sizeof *s->raw) ||
        !grow((void **)&s->keys, &s->cap_keys, s->n_keys + n, sizeof *s->keys) ||
        !grow((void **)&s->causes, &s->cap_causes, s->n_keys + n, sizeof *s->causes) ||
        !grow((void **)&s->rems, &s->cap_rems, s->n_rems + n_rem, sizeof *s->rems))
        return 0;
    raw_t *r = &s->raw[s->n_raw];
    r->h.chain = s->n_keys;
    r->h.n = n;
    r->h.cycle = cycle;
    r->cx = n;
    for (int j = t, i = 0; i < n; j = s->npar[j], i++) {
        s->keys[s->n_keys] = s->nkey[j];
        s->causes[s->n_keys++] = s->ncause[j];
    }
    qsort(rem, (size_t)n_rem, sizeof *rem, cmp_u16);
    r->h.rem = s->n_rems;
    r->h.n_rem = n_rem;
    uint64_t hash = 1469598103934665603ULL;
    for (int i = 0; i < n_rem; i++) {
        s->rems[s->n_rems++] = rem[i];
        hash = (hash ^ rem[i]) * 1099511628211ULL;
    }
    r->hash = hash | 1;
    r->sort = r->h.links = y && x ? 4 : y ? 3 : 2;
    r->diff = r->h.diff = (y && x ? 7.0 : cycle ? 6.5 : 6.6) + length_diff(n);
    r->seq = s->n_raw++;
    return 1;
}

/* The removals of the cycle closed at node t: the candidates outside the cycle's cells
 * that see one of its "on" potentials and one of its "off" ones of the same digit. */
static int cycle_removals(sestatic_t *s, int t, uint16_t *rem) {
    uint8_t in[81] = {0};
    for (int j = t; s->npar[j] >= 0; j = s->npar[j]) in[(s->nkey[j] >> 1) % 81] = 1;
    next_gen(s);
    int n = 0;
    uint16_t forw[729];
    for (int j = t; s->npar[j] >= 0; j = s->npar[j]) {
        int k = s->nkey[j], c = (k >> 1) % 81, v = (k >> 1) / 81, hs[3];
        houses(c, hs);
        for (int h = 0; h < 3; h++)
            for (int i = 0; i < 9; i++) {
                int x = B9_HOUSE[hs[h]][i], cand = v * 81 + x;
                if (in[x] || !(s->cm[x] >> v & 1)) continue;
                if (k & 1) {
                    if (s->fmark[cand] != s->gen) forw[n++] = (uint16_t)cand;
                    s->fmark[cand] = s->gen;
                } else {
                    s->bmark[cand] = s->gen;
                }
            }
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (s->bmark[forw[i]] == s->gen) rem[m++] = forw[i];
    return m;
}

/* SE's unary chaining from one candidate: its cycles, then its forcing chains. */
static int unary(sestatic_t *s, int cell, int d, int y, int x) {
    uint16_t rem[729];
    int src = key_of(cell, d, 1), i = d * 81 + cell;
    if (s->may_cycle[i] || (x && s->may_on[i])) {
        cycles(s, src, y, x);
    } else {   /* no cycle and no forcing chain from "on" (reachable) */
        s->ncyc = 0;
        s->target = -1;
    }
    for (int i = 0; i < s->ncyc; i++) {
        int n = cycle_removals(s, s->cyc[i], rem);
        if (n && !record(s, s->cyc[i], 1, y, x, rem, n)) return 0;
    }
    if (!x) return 1;
    for (int on = 1; on >= 0; on--) {
        int t = on ? s->target : s->may_off[i] ? forcing(s, key_of(cell, d, on), y) : -1;
        if (t < 0) continue;
        int n = 0;
        if (on)
            rem[n++] = (uint16_t)(d * 81 + cell);
        else
            for (unsigned m = s->cm[cell] & ~(1u << d); m; m &= m - 1)
                rem[n++] = (uint16_t)(b9_ctz(m) * 81 + cell);
        if (n && !record(s, t, 0, y, x, rem, n)) return 0;
    }
    return 1;
}

/* Whether hint a comes after hint b in SE's order (rating, complexity, sort key). */
static int after(const raw_t *a, const raw_t *b) {
    if (a->diff != b->diff) return a->diff > b->diff;
    if (a->cx != b->cx) return a->cx > b->cx;
    return a->sort > b->sort;
}

/* Sorts v[0..n-1] (hint indices) stably by SE's order, tmp as scratch. */
static void merge_sort(const raw_t *raw, int32_t *v, int32_t *tmp, int n) {
    if (n < 2) return;
    int h = n / 2;
    merge_sort(raw, v, tmp, h);
    merge_sort(raw, v + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = after(&raw[v[i]], &raw[v[j]]) ? v[j++] : v[i++];
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, (size_t)n * sizeof *v);
}

static int same_removals(const sestatic_t *s, const raw_t *a, const raw_t *b) {
    return a->h.n_rem == b->h.n_rem &&
           !memcmp(s->rems + a->h.rem, s->rems + b->h.rem, (size_t)a->h.n_rem * sizeof *s->rems);
}

/* Keeps the hints in SE's order, each set of removals once. */
static int sort_and_keep(sestatic_t *s) {
    if (!grow((void **)&s->order, &s->cap_order, 2 * s->n_raw, sizeof *s->order) ||
        !grow((void **)&s->out, &s->cap_out, s->n_raw, sizeof *s->out))
        return 0;
    for (int i = 0; i < s->n_raw; i++) s->order[i] = i;
    merge_sort(s->raw, s->order, s->order + s->n_raw, s->n_raw);
    int cap = 16;
    while (cap < 2 * s->n_raw) cap *= 2;
    if (cap > s->cap_kept) {
        free(s->kept);
        free(s->kept_at);
        s->kept = malloc((size_t)cap * sizeof *s->kept);
        s->kept_at = malloc((size_t)cap * sizeof *s->kept_at);
        s->cap_kept = s->kept && s->kept_at ? cap : 0;
        if (!s->cap_kept) return 0;
    }
    memset(s->kept, 0, (size_t)cap * sizeof *s->kept);
    s->n_out = 0;
    for (int i = 0; i < s->n_raw; i++) {
        const raw_t *r = &s->raw[s->order[i]];
        int slot = (int)(r->hash & (uint64_t)(cap - 1)), dup = 0;
        while (s->kept[slot] && !dup) {
            dup = s->kept[slot] == r->hash && same_removals(s, &s->raw[s->kept_at[slot]], r);
            slot = (slot + 1) & (cap - 1);
        }
        if (dup) continue;
        s->kept[slot] = r->hash;
        s->kept_at[slot] = s->order[i];
        s->out[s->n_out++] = r->h;
    }
    return 1;
}

/* Copies n bytes from src to dst and returns the end of what it wrote (nothing when n is
 * 0: an empty array may be NULL). */
static char *put(char *dst, const void *src, size_t n) {
    if (n) memcpy(dst, src, n);
    return dst + n;
}

static const char *get(void *dst, const char *src, size_t n) {
    if (n) memcpy(dst, src, n);
    return src + n;
}

/* The hints of a grid met before (gridcache.h, tag 2): 1 when found (s holds them),
 * 0 when not, -1 when memory ran out. */
static int from_cache(sestatic_t *s, const uint16_t cm[81]) {
    size_t size;
    const int *head = gridcache_get(2, cm, &size);
    if (!head) return 0;
    int n_out = head[0], n_keys = head[1], n_rems = head[2];
    if (!grow((void **)&s->out, &s->cap_out, n_out, sizeof *s->out) ||
        !grow((void **)&s->keys, &s->cap_keys, n_keys, sizeof *s->keys) ||
        !grow((void **)&s->causes, &s->cap_causes, n_keys, sizeof *s->causes) ||
        !grow((void **)&s->rems, &s->cap_rems, n_rems, sizeof *s->rems))
        return -1;
    const char *at = (const char *)(head + 3);
    at = get(s->out, at, (size_t)n_out * sizeof *s->out);
    at = get(s->keys, at, (size_t)n_keys * sizeof *s->keys);
    at = get(s->rems, at, (size_t)n_rems * sizeof *s->rems);
    get(s->causes, at, (size_t)n_keys * sizeof *s->causes);
    s->n_out = n_out;
    s->n_keys = n_keys;
    s->n_rems = n_rems;
    return 1;
}

/* Keeps the hints of the last search for the grid cm (nothing when out of memory). */
static void to_cache(const sestatic_t *s, const uint16_t cm[81]) {
    size_t size = 3 * sizeof(int) + (size_t)s->n_out * sizeof *s->out +
                  (size_t)s->n_keys * (sizeof *s->keys + sizeof *s->causes) +
                  (size_t)s->n_rems * sizeof *s->rems;
    int *head = malloc(size);
    if (!head) return;
    head[0] = s->n_out;
    head[1] = s->n_keys;
    head[2] = s->n_rems;
    char *at = (char *)(head + 3);
    at = put(at, s->out, (size_t)s->n_out * sizeof *s->out);
    at = put(at, s->keys, (size_t)s->n_keys * sizeof *s->keys);
    at = put(at, s->rems, (size_t)s->n_rems * sizeof *s->rems);
    put(at, s->causes, (size_t)s->n_keys * sizeof *s->causes);
    gridcache_put(2, cm, head, size);
    free(head);
}

int sestatic9(sestatic_t *s, const uint16_t cm[81]) {
    int cached = s->uncached ? 0 : from_cache(s, cm);
    if (cached) return cached < 0 ? -1 : s->n_out;
    memcpy(s->cm, cm, sizeof s->cm);
    memset(s->pos, 0, sizeof s->pos);
    for (int h = 0; h < 27; h++)
        for (int i = 0; i < 9; i++)
            for (unsigned m = cm[B9_HOUSE[h][i]]; m; m &= m - 1)
                s->pos[b9_ctz(m)][h] |= (uint16_t)(1u << i);
    if (++s->adj_gen == 0) {   /* the marks wrap around: none is current */
        memset(s->adj_mark, 0, sizeof s->adj_mark);
        s->adj_gen = 1;
    }
    reachable(s);
    s->n_raw = s->n_keys = s->n_rems = s->n_out = 0;
    static const int modes[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* X, Y, both */
    for (int mode = 0; mode < 3; mode++) {
        int y = modes[mode][0], x = modes[mode][1];
        for (int cell = 0; cell < 81; cell++) {
            int card = b9_popc(cm[cell]);
            if (card < 2 || (card > 2 && !x)) continue;
            for (unsigned m = cm[cell]; m; m &= m - 1)
                if (!unary(s, cell, b9_ctz(m), y, x)) return -1;
        }
    }
    if (!sort_and_keep(s)) return -1;
    if (!s->uncached) to_cache(s, cm);
    return s->n_out;
}

const sestatic_hint *sestatic9_hint(const sestatic_t *s, int i) { return &s->out[i]; }
const uint16_t *sestatic9_keys(const sestatic_t *s) { return s->keys; }
const int8_t *sestatic9_causes(const sestatic_t *s) { return s->causes; }
const uint16_t *sestatic9_removals(const sestatic_t *s) { return s->rems; }
int sestatic9_count(const sestatic_t *s) { return s->n_chains; }
int sestatic9_complexity(const sestatic_t *s, int id) { return s->chains[id].cx; }

static uint64_t chain_hash(const uint16_t *keys, int n, int cycle) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)cycle;
    for (int i = 0; i < n; i++) h = (h ^ keys[i]) * 1099511628211ULL;
    return h;
}

/* The id of the chain of n keys (kind: 0 or 1 a static chain or cycle, 2 another
 * rule's chain) of the given complexity, interned when new; -1: out of memory. */
static int intern(sestatic_t *s, const uint16_t *keys, int n, int kind, int cx) {
    uint64_t hash = chain_hash(keys, n, kind);
    if (2 * (s->n_chains + 1) > s->cap_ctab) { /* rebuild the table twice as large */
        int cap = s->cap_ctab ? 2 * s->cap_ctab : 256;
        int32_t *t = malloc((size_t)cap * sizeof *t);
        if (!t) return -1;
        memset(t, 0xff, (size_t)cap * sizeof *t);
        for (int id = 0; id < s->n_chains; id++) {
            int slot = (int)(s->chains[id].hash & (uint64_t)(cap - 1));
            while (t[slot] >= 0) slot = (slot + 1) & (cap - 1);
            t[slot] = id;
        }
        free(s->ctab);
        s->ctab = t;
        s->cap_ctab = cap;
    }
    int slot = (int)(hash & (uint64_t)(s->cap_ctab - 1));
    for (; s->ctab[slot] >= 0; slot = (slot + 1) & (s->cap_ctab - 1)) {
        const chain_t *c = &s->chains[s->ctab[slot]];
        if (c->hash == hash && c->n == n && c->cycle == kind &&
            !memcmp(s->ckeys + c->at, keys, (size_t)n * sizeof *keys))
            return s->ctab[slot];
    }
    if (!grow((void **)&s->chains, &s->cap_chains, s->n_chains + 1, sizeof *s->chains) ||
        !grow((void **)&s->ckeys, &s->cap_ckeys, s->n_ckeys + n, sizeof *s->ckeys))
        return -1;
    chain_t *c = &s->chains[s->n_chains];
    c->hash = hash;
    c->n = n;
    c->cycle = kind;
    c->cx = cx;
    c->at = s->n_ckeys;
    memcpy(s->ckeys + s->n_ckeys, keys, (size_t)n * sizeof *keys);
    s->n_ckeys += n;
    s->ctab[slot] = s->n_chains;
    return s->n_chains++;
}

static SD_THREAD_LOCAL sestatic_t *MINE;

sestatic_t *sestatic9_mine(void) {
    if (!MINE && (MINE = sestatic9_new())) MINE->uncached = 1;
    return MINE;
}

void sestatic9_release(void) {
    sestatic9_free(MINE);
    MINE = NULL;
}

void sestatic9_forget_chains(sestatic_t *s) {
    s->n_chains = s->n_ckeys = 0;
    if (s->ctab) memset(s->ctab, 0xff, (size_t)s->cap_ctab * sizeof *s->ctab);
}

int sestatic9_intern(sestatic_t *s, int i) {
    const sestatic_hint *h = &s->out[i];
    return intern(s, s->keys + h->chain, h->n, h->cycle, h->n);
}

int sestatic9_intern_keys(sestatic_t *s, const uint16_t *keys, int n, int complexity) {
    return intern(s, keys, n, 2, complexity);
}
