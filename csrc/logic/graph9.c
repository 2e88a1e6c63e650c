/* The strong/weak link graph of a 9x9 pencilmark state (see graph9.h).  It follows
 * shudu.logic.links.ChainGraph.build step for step; the tests compare the two. */
#include "graph9.h"

#include <string.h>

/* The intersections and cuts of ChainGraph's _group_tables over the first 27 houses. */
static void make_inters(const bb81 *house, g9_inters *t) {
    int at[9][18]; /* the intersection of a box and a line, or -1 */
    int k = 0;
    for (int b = 0; b < 9; b++) {
        for (int ln = 0; ln < 18; ln++) {
            bb81 m = bb_and(house[18 + b], house[ln]);
            at[b][ln] = -1;
            if (bb_count(m) < 2) continue;
            t->cells[k] = m;
            at[b][ln] = k++;
        }
    }
    t->count = k;
    for (int h = 0; h < 27; h++) {
        for (int cut = 0; cut < 2; cut++) {
            int n = 0;
            t->nseg[h][cut] = 0;
            if (h < 18 && cut == 1) continue; /* a line has one cut: by boxes */
            for (int x = 0; x < 9; x++) {
                /* a line meets box x; a box meets row x, or column x */
                int b = h < 18 ? x : h - 18, ln = h < 18 ? h : 9 * cut + x;
                bb81 m = bb_and(house[h], house[h < 18 ? 18 + x : ln]);
                if (!bb_any(m)) continue;
                t->seg[h][cut][n] = m;
                t->seg_inter[h][cut][n] = (int16_t)at[b][ln];
                n++;
            }
            t->nseg[h][cut] = (uint8_t)n;
        }
    }
}

static inline void set_bit(uint64_t *row, int k) { row[k >> 6] |= UINT64_C(1) << (k & 63); }
static inline int get_bit(const uint64_t *row, int k) { return (int)(row[k >> 6] >> (k & 63)) & 1; }

/* Sets, in row, digit d's bits of the cells of m (candidate nodes d * 81 + cell): the 81
 * bits shifted into place a word at a time.  A word is written only when it receives a
 * bit, and every bit (below 729) lies inside the row. */
static void set_cells(uint64_t *row, int d, bb81 m) {
    int at = d * 81, w = at >> 6, sh = at & 63;
    uint64_t v[3];
    v[0] = m.lo << sh;
    v[1] = (sh ? m.lo >> (64 - sh) : 0) | m.hi << sh;
    v[2] = sh ? m.hi >> (64 - sh) : 0;
    for (int k = 0; k < 3; k++)
        if (v[k]) row[w + k] |= v[k];
}

static inline int lowest_cell(bb81 m) {
    return m.lo ? sd_ctz64(m.lo) : 64 + sd_ctz64(m.hi);
}

/* The cells that see every cell of m. */
static bb81 common_peers(const bb81 *peer, bb81 m) {
    bb81 seen = bb_make(~UINT64_C(0), BB81_HI_ALL);
    while (m.lo) {
        seen = bb_and(seen, peer[sd_ctz64(m.lo)]);
        m.lo &= m.lo - 1;
    }
    while (m.hi) {
        seen = bb_and(seen, peer[64 + sd_ctz64(m.hi)]);
        m.hi &= m.hi - 1;
    }
    return seen;
}

/* Sets bit `bit` in the row of digit d's candidate node of every cell of m. */
static void set_in_rows(uint64_t *rows, int W, int d, bb81 m, int bit) {
    while (m.lo) {
        set_bit(rows + (size_t)(d * 81 + sd_ctz64(m.lo)) * W, bit);
        m.lo &= m.lo - 1;
    }
    while (m.hi) {
        set_bit(rows + (size_t)(d * 81 + 64 + sd_ctz64(m.hi)) * W, bit);
        m.hi &= m.hi - 1;
    }
}

/* Strong links between the two parts of digit d's places m in house h when one cut of
 * the house (a line by boxes; a box by rows or by columns) splits them in two and one
 * part at least is a group (ChainGraph._add_groups). */
static void split_links(g9_graph *g, const g9_inters *t, const int *gidx, int d, int h,
                        bb81 m) {
    for (int cut = 0; cut < 2; cut++) {
        int parts[2], np = 0, nseg = t->nseg[h][cut];
        for (int s = 0; s < nseg; s++) {
            if (!bb_meets(m, t->seg[h][cut][s])) continue;
            if (np == 2) {
                np = 3;
                break;
            }
            parts[np++] = s;
        }
        if (np != 2) continue;
        int ids[2], multi = 0;
        for (int p = 0; p < 2; p++) {
            bb81 part = bb_and(m, t->seg[h][cut][parts[p]]);
            int inter = t->seg_inter[h][cut][parts[p]];
            if (bb_count(part) > 1) {
                /* two places or more lie in a segment of two cells or more */
                ids[p] = inter >= 0 ? gidx[d * G9_MAX_INTERS + inter] : -1;
                multi = 1;
            } else {
                ids[p] = d * 81 + lowest_cell(part);
            }
        }
        if (!multi || ids[0] < 0 || ids[1] < 0) continue;
        if (!get_bit(g->nodes, ids[0]) || !get_bit(g->nodes, ids[1])) continue;
        set_bit(g->strong + (size_t)ids[0] * g->words, ids[1]);
        set_bit(g->strong + (size_t)ids[1] * g->words, ids[0]);
    }
}

void g9_layout(const uint16_t masks[81], int flags, const g9_geo *geo, g9_graph *g) {
    g->flags = flags;
    g->nh = geo ? geo->nh : 27;
    if (g->nh > G9_MAX_HOUSES) g->nh = G9_MAX_HOUSES;
    if (g->nh < 27) g->nh = 27; /* never with checked input: classic houses stand in */
    for (int h = 0; h < g->nh; h++)
        g->house[h] = geo && geo->nh >= 27 ? geo->house[h] : B9_HOUSE_BB[h];
    for (int c = 0; c < 81; c++) {
        g->peer[c] = geo ? geo->peer[c] : B9_PEER_BB[c];
        int n = 0;
        for (int h = 0; h < g->nh; h++)
            if (bb_has(g->house[h], c)) g->cell_houses[c][n++] = (uint8_t)h;
        g->ncell_houses[c] = (uint8_t)n;
    }
    make_inters(g->house, &g->inters);
    bb81 *dm = g->dm;
    g->bival = bb_make(0, 0);
    for (int d = 0; d < 9; d++) dm[d] = bb_make(0, 0);
    for (int c = 0; c < 81; c++) {
        unsigned m = masks[c] & 0x1FFu;
        if (b9_popc(m) == 2) g->bival = bb_or(g->bival, bb_cell(c));
        for (int d = 0; d < 9; d++)
            if (m >> d & 1) dm[d] = bb_or(dm[d], bb_cell(c));
    }
    /* the groups fix the row width */
    g->ngroups = 0;
    for (int d = 0; d < 9; d++) {
        for (int k = 0; k < G9_MAX_INTERS; k++) {
            g->gidx[d * G9_MAX_INTERS + k] = -1;
            if (!(flags & G9_GROUPED) || k >= g->inters.count) continue;
            bb81 cells = bb_and(dm[d], g->inters.cells[k]);
            if (bb_count(cells) < 2) continue;
            g->gidx[d * G9_MAX_INTERS + k] = G9_BASE + g->ngroups;
            g->group_cells[g->ngroups] = cells;
            g->group_digit[g->ngroups] = (uint8_t)d;
            g->ngroups++;
        }
    }
    g->size = G9_BASE + g->ngroups;
    g->words = (g->size + 63) / 64;
    g->strong = g->weak = g->conf = NULL;
    g->extra_weak = NULL;
}

void g9_links(const uint16_t masks[81], g9_graph *g) {
    const int flags = g->flags;
    const g9_inters *t = &g->inters;
    const bb81 *dm = g->dm, bival = g->bival;
    const int *gidx = g->gidx;
    int W = g->words;
    memset(g->nodes, 0, sizeof g->nodes);
    for (int d = 0; d < 9; d++)
        set_cells(g->nodes, d, (flags & G9_ONLY_BIVALUE) ? bb_and(dm[d], bival) : dm[d]);
    for (int k = 0; k < g->ngroups; k++) set_bit(g->nodes, G9_BASE + k);
    /* the cells of each digit's candidate nodes */
    bb81 dnodes[9];
    for (int d = 0; d < 9; d++)
        dnodes[d] = (flags & G9_ONLY_BIVALUE) ? bb_and(dm[d], bival) : dm[d];
    /* candidate nodes */
    for (int d = 0; d < 9; d++) {
        for (int cell = 0; cell < 81; cell++) {
            int i = d * 81 + cell;
            if (!get_bit(g->nodes, i)) continue;
            uint64_t *w = g->weak + (size_t)i * W;
            uint64_t *s = g->strong + (size_t)i * W;
            uint64_t *cf = g->conf + (size_t)i * W;
            set_cells(w, d, bb_and(g->peer[cell], dnodes[d]));
            set_cells(cf, d, bb_and(g->peer[cell], dm[d]));
            int biv = bb_meets(bival, bb_cell(cell));
            for (int e = 0; e < 9; e++) {
                if (e == d) continue;
                int j = e * 81 + cell;
                if (masks[cell] >> e & 1) set_bit(cf, j);
                if (!get_bit(g->nodes, j)) continue;
                if (flags & G9_CELL_WEAK) set_bit(w, j);
                if ((flags & G9_BIVALUE) && biv) set_bit(s, j);
            }
            if (flags & G9_CONJUGATE) {
                for (int x = 0; x < g->ncell_houses[cell]; x++) {
                    bb81 other = bb_andnot(bb_and(dm[d], g->house[g->cell_houses[cell][x]]),
                                           bb_cell(cell));
                    if (bb_count(other) != 1) continue;
                    int j = d * 81 + lowest_cell(other);
                    if (get_bit(g->nodes, j)) set_bit(s, j);
                }
            }
        }
    }
    /* constraint weak links between candidate nodes (ChainGraph._add_constraint_links) */
    if (g->extra_weak) {
        uint64_t keep[G9_CAND_WORDS];
        memcpy(keep, g->nodes, sizeof keep);
        keep[G9_CAND_WORDS - 1] &= (UINT64_C(1) << (G9_BASE - 64 * (G9_CAND_WORDS - 1))) - 1;
        for (int i = 0; i < G9_BASE; i++) {
            if (!get_bit(g->nodes, i)) continue;
            uint64_t *w = g->weak + (size_t)i * W;
            const unsigned char *row = g->extra_weak + (size_t)i * G9_CAND_WORDS * 8;
            for (int k = 0; k < G9_CAND_WORDS; k++) {
                uint64_t x;
                memcpy(&x, row + 8 * k, sizeof x);
                w[k] |= x & keep[k];
            }
        }
    }
    /* groups: weak links with the candidates and groups of their digit that see all their
     * cells; strong links across the cuts of a house */
    bb81 seen[G9_MAX_GROUPS];
    for (int k = 0; k < g->ngroups; k++) seen[k] = common_peers(g->peer, g->group_cells[k]);
    /* the groups come digit by digit: those of digit d are first[d] .. first[d + 1] - 1 */
    int first[10], k0 = 0;
    for (int d = 0; d < 9; d++) {
        first[d] = k0;
        while (k0 < g->ngroups && g->group_digit[k0] == d) k0++;
    }
    first[9] = k0;
    for (int k = 0; k < g->ngroups; k++) {
        int d = g->group_digit[k], gi = G9_BASE + k;
        uint64_t *w = g->weak + (size_t)gi * W;
        bb81 reach = bb_and(seen[k], dnodes[d]);
        set_cells(w, d, reach);
        set_cells(g->conf + (size_t)gi * W, d, bb_and(seen[k], dm[d]));
        for (int j = first[d]; j < first[d + 1]; j++) {
            bb81 c2 = g->group_cells[j];
            if (!bb_meets(c2, g->group_cells[k]) && bb_subset(c2, seen[k]))
                set_bit(w, G9_BASE + j);
        }
        set_in_rows(g->weak, W, d, reach, gi);
    }
    if (flags & G9_GROUPED) {
        for (int d = 0; d < 9; d++) {
            for (int h = 0; h < 27; h++) {
                bb81 m = bb_and(dm[d], g->house[h]);
                if (bb_count(m) < 2) continue;
                split_links(g, t, gidx, d, h, m);
            }
        }
    }
}
