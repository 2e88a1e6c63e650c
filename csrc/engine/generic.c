/* Generic Sudoku solving core (see generic.h).
 *
 * State (one array of uint32 words, copied as a whole for snapshots):
 *   cand[c]        candidate digits of cell c (bit d-1 for digit d);
 *   pos[h*n + d]   positions (index within house h) where digit d+1 can still go.
 * The two views are kept consistent by every elimination.  A cell is "placed"
 * once its mask is a single bit and that bit has been removed from all its
 * peers; after a successful propagation every single-bit cell is placed.
 *
 * Propagation runs to a fixpoint:
 *   - naked singles: a queue of cells that became single; placing one removes
 *     its digit from every peer;
 *   - hidden singles: a queue of (house, digit) entries whose position mask
 *     became single; the digit is placed there.  An empty cell mask or an empty
 *     position mask is a contradiction;
 *   - locked candidates (for n >= SG_LC_MIN_N): for two houses A, B sharing at
 *     least two cells, a digit whose positions in A all lie in A∩B is removed
 *     from B\A (and symmetrically);
 *   - killer cages with a sum: the digits of the open cells must form one of the
 *     combinations of distinct digits that make the rest of the sum, drawn from
 *     their candidates, with a digit for every open cell; digits in no such
 *     combination are removed (no combination left is a contradiction).  With at
 *     most SG_CAGE_EXACT open cells the check is exact: a digit stays in a cell
 *     only if some filling of the open cells, a distinct digit of a combination
 *     each, gives it to that cell (this halves the search nodes of hard killers).
 *     The fillings of each pattern of candidates over a combination's digits are worked
 *     out once per process (fill_of) and a cage's recent answers are kept (cage_exact);
 *     after the exact check a cage rests until one of its cells changes.  A cage of the
 *     puzzle with up to SG_DEEP_CELLS open cells and at most SG_DEEP_SETS combinations
 *     left is narrowed exactly as well (cage_deep: its first cells take each digit in
 *     turn, the last four ask fill_of); on the Mathemagic killers this takes 40% of the
 *     guesses away.
 *     A digit of every combination is placed where only one open cell can take it
 *     and taken from the cells that see all its places in the cage.  A cage inside a
 *     house keeps only the combinations that hold every digit the rest of that house
 *     can no longer take;
 *   - further constraints (relations between two cells, sums, renban lines,
 *     sandwiches: rules_extra.h) keep the digits that still have a support.
 *
 * Search: depth-first with an explicit stack.  Each level keeps a snapshot of
 * the state taken before its branch, the branch cell and the digits not yet
 * tried, so sg_next can stop after a solution and resume later.  On larger
 * grids (n >= SG_PROBE_MIN_N), and on any grid with further constraints (whose
 * bounds alone can leave a wrong early branch a huge dead subtree: a sandwich
 * puzzle took 3.4 million guesses without it, 395 with it), every node first
 * runs a lookahead on the cells
 * with two candidates and on the digits with two positions left in a house: a
 * placement that propagates (singles only) to a contradiction is eliminated,
 * and the branch goes to the bivalue cell whose two placements propagated
 * furthest.  Otherwise the branch cell is the one with the most failures per
 * candidate: every cell weighs one plus the times a branch on it, or on a cell
 * or house that ran out in a failed branch, led to a contradiction (so the
 * search turns to where the puzzle pushes back), and the one with the highest
 * weight / candidates wins, ties going to the cell with the most unplaced peers.
 * Before any failure that is the cell with the fewest candidates, and always with
 * a random source (random grids), so that a seed keeps giving the grid it gave.  Weights
 * halved the nodes of 20 hard killers and took a published disjoint-groups
 * little killer from over a minute to seconds. */
#include "generic.h"
#include "constraints/rules_extra.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#ifndef SG_LC_MIN_N
#define SG_LC_MIN_N 9
#endif

#ifndef SG_PROBE_MIN_N
#define SG_PROBE_MIN_N 16
#endif

/* The branching weights halve after this many failed branches. */
#ifndef SG_DECAY_EVERY
#define SG_DECAY_EVERY (1u << 14)
#endif

/* Cages with at most this many open cells are narrowed exactly (fill_of). */
#ifndef SG_CAGE_EXACT
#define SG_CAGE_EXACT 4
#endif
#if SG_CAGE_EXACT > 4
#error "SG_CAGE_EXACT: the fill patterns hold at most four cells"
#endif

/* A cage of the puzzle (not a derived sum) with more open cells, up to SG_DEEP_CELLS, is
 * narrowed exactly too when at most SG_DEEP_SETS combinations are left for it (cage_deep):
 * more cells or combinations take guesses away but cost more than they save. */
#ifndef SG_DEEP_CELLS
#define SG_DEEP_CELLS 5
#endif
#if SG_DEEP_CELLS > 8
#error "SG_DEEP_CELLS: a cage_deep answer keeps at most eight cells"
#endif
#ifndef SG_DEEP_SETS
#define SG_DEEP_SETS 8
#endif
/* The fill patterns of k = 1..4 open cells, each k cells of k bits, one table after the
 * other: 2 + 16 + 512 + 65536 entries. */
#define SG_FILLS_LEN (2 + 16 + 512 + 65536)

/* The answers of cage_exact kept: 1 << SG_MEMO_BITS of them. */
#ifndef SG_MEMO_BITS
#define SG_MEMO_BITS 12

/* Cages of up to this many cells keep, per set of their cells a digit can still take, the
 * cells that see all of them (worked out on first use): the houses holding every one of
 * the set and the few other cells.  2^8 slots a cage. */
#define SG_SEES_CELLS 8
#endif

/* How many search nodes between two looks at the cancellation flag. */
#define SG_CANCEL_EVERY 16

enum { ST_DONE = 0, ST_DESCEND = 1, ST_BACKTRACK = 2 };

typedef struct sg_hent {
    int32_t base; /* h * n: start of the house's entries in pos */
    uint32_t bit; /* 1 << position of the cell within the house */
    int32_t h;
} sg_hent;

typedef struct sg_pair {
    int32_t a, b;     /* house indices */
    uint32_t ia, ib;  /* positions of A∩B within A, within B */
} sg_pair;

/* One answer of cage_exact: its question (the open cells' candidates key, 16 bits each;
 * tag: the fixed digits, the digits the combination must hold, the rest of the sum, the
 * number of open cells, bit 63) and the digits each cell keeps and every combination
 * holds. */
typedef struct sg_memo {
    uint64_t key;
    uint64_t tag;
    uint16_t required;
    uint16_t kept[SG_CAGE_EXACT];
} sg_memo;

/* One answer of cage_deep, as sg_memo: the open cells' candidates (16 bits each), the
 * question's tag, the digits each cell keeps and every combination holds. */
typedef struct sg_deep_memo {
    uint64_t key, key2;
    uint64_t tag;
    uint16_t required;
    uint16_t kept[SG_DEEP_CELLS];
} sg_deep_memo;

typedef struct sg_level {
    int32_t cell;     /* branch cell */
    uint32_t untried; /* digits of cell not tried yet */
    int32_t fresh;    /* 1 while the working state still equals the snapshot */
} sg_level;

struct sg_solver {
    int n, ncells, nhouses;
    uint32_t full;
    size_t swords;     /* words in a state: ncells + nhouses * n */

    /* rules */
    uint16_t *houses;  /* nhouses * n */
    int32_t *pstart;   /* ncells + 1 */
    uint16_t *peers;   /* all peers (for the branching heuristic) */
    int32_t *xstart;   /* ncells + 1 */
    uint16_t *xpeers;  /* peers that share no house with the cell */
    int32_t *hstart;   /* ncells + 1 */
    sg_hent *hent;     /* houses containing each cell */

    /* locked candidates */
    int use_lc;
    int npairs;
    sg_pair *pairs;
    uint8_t *lcd;      /* per house: changed since the last locked-candidates pass */
    uint8_t *lcd_cur;

    /* search state */
    uint32_t *cur;     /* working state */
    uint32_t *snap;    /* one snapshot per level */
    uint32_t *probe;   /* scratch state for lookahead */
    uint32_t *safe;    /* ncells: digits known not to fail a lookahead */
    uint32_t *wt;      /* ncells: how often a choice there failed (branching weight) */
    uint32_t fails;    /* failed branches since the weights were last halved */
    int fail_cell;     /* the cell left without a digit by the last failed propagation */
    int fail_house;    /* or the house left without a place for a digit (-1: neither) */
    int use_probe;
    sg_level *lv;
    int depth;
    int status;
    int random;
    uint64_t rng;
    sd_stats st;
    const volatile int *cancel;
    unsigned cancel_tick;
    uint64_t stop_at;   /* sg_next pauses (-2) once this many nodes are done; 0: never */
    uint8_t *scratch;  /* ncells: solutions sg_count does not hand out */

    /* killer cages */
    int ncages;
    int maxsum;        /* n(n+1)/2 */
    int32_t *cstart;   /* ncages + 1 */
    uint16_t *ccells;
    int32_t *csum;
    uint16_t *combo;         /* digit sets, grouped by (size, sum) */
    sg_memo *memo;           /* 1 << SG_MEMO_BITS answers of cage_exact */
    sg_deep_memo *deep_memo; /* 1 << SG_MEMO_BITS answers of cage_deep */
    int32_t *kstart;         /* ncages + 1 offsets into kcells */
    uint16_t *kcells;        /* per cage: the other cells of a house holding it (none: -) */
    uint32_t *kquiet;        /* per cage: their digits when cquiet was written */
    uint32_t *cquiet;        /* per cage cell: its mask when the cage last changed nothing */
    uint8_t *cquiet_ok;      /* per cage: cquiet holds such masks */
    uint8_t *cdeep;          /* per cage: one of the puzzle's (it shares no cell with an
                              * earlier cage; the derived sums come after them) */
    uint32_t *pbits;         /* per cell, pwords words: bit q set when cell q is a peer */
    int pwords;
    uint32_t *pacc;          /* pwords: scratch, the cells that see all places of a digit */
    int32_t *combo_start;    /* (n + 1) * (maxsum + 1) + 1 offsets into combo */
    int32_t *sees_start;     /* per cage: its first slot in sees_slot (-1: a larger cage) */
    int32_t *sees_slot;      /* per set of a cage's cells (bit i: its i-th cell): the offset
                              * of what sees them in sees (-1: not worked out yet) */
    int32_t *sees;           /* nh, nh (house base, places of the set) pairs, nx, nx cells */
    size_t nsees, capsees;

    /* further constraints */
    gx_set *gx;
    uint16_t *gx_cells;      /* what gx_narrow reports: cells and the digits they keep */
    uint32_t *gx_keep;

    /* propagation queues (empty between propagations) */
    uint16_t *nq;      /* cells that became single */
    uint32_t *hq;      /* (house*n + digit) * 32 + digit of single position masks */
    int placed;        /* cells placed by the last propagation */
};

static inline int popc(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}
static inline int ctz(uint32_t x) { return sd_ctz32(x); }

static int build_cages(sg_solver *s, const sg_rules *r);
static int cage_complements(sg_solver *s);

void sg_free(sg_solver *s) {
    if (!s) return;
    free(s->houses);
    free(s->pstart);
    free(s->peers);
    free(s->xstart);
    free(s->xpeers);
    free(s->hstart);
    free(s->hent);
    free(s->pairs);
    free(s->lcd);
    free(s->lcd_cur);
    free(s->cur);
    free(s->snap);
    free(s->probe);
    free(s->safe);
    free(s->wt);
    free(s->lv);
    free(s->scratch);
    free(s->nq);
    free(s->hq);
    free(s->cstart);
    free(s->ccells);
    free(s->csum);
    free(s->combo);
    free(s->pbits);
    free(s->sees_start);
    free(s->sees_slot);
    free(s->sees);
    free(s->pacc);
    free(s->memo);
    free(s->deep_memo);
    free(s->cquiet);
    free(s->cquiet_ok);
    free(s->cdeep);
    free(s->kstart);
    free(s->kcells);
    free(s->kquiet);
    free(s->combo_start);
    gx_free(s->gx);
    free(s->gx_cells);
    free(s->gx_keep);
    free(s);
}

/* House pairs sharing at least two (but not all) cells. */
static int build_pairs(sg_solver *s) {
    const int n = s->n, nh = s->nhouses, nc = s->ncells;
    int32_t *cnt = calloc((size_t)(nh ? nh : 1), sizeof *cnt);
    int32_t *where = malloc((size_t)nc * sizeof *where);
    int ok = 0;
    if (!cnt || !where) goto out;
    for (int c = 0; c < nc; c++) where[c] = -1;
    for (int pass = 0; pass < 2; pass++) {
        int k = 0;
        for (int a = 0; a < nh; a++) {
            const uint16_t *ha = s->houses + (size_t)a * n;
            for (int i = 0; i < n; i++) {
                int c = ha[i];
                for (int j = s->hstart[c]; j < s->hstart[c + 1]; j++)
                    if (s->hent[j].h > a) cnt[s->hent[j].h]++;
            }
            for (int b = a + 1; b < nh; b++) {
                int m = cnt[b];
                cnt[b] = 0;
                if (m < 2 || m >= n) continue;
                if (pass == 0) {
                    k++;
                    continue;
                }
                const uint16_t *hb = s->houses + (size_t)b * n;
                uint32_t ia = 0, ib = 0;
                for (int i = 0; i < n; i++) where[hb[i]] = i;
                for (int i = 0; i < n; i++)
                    if (where[ha[i]] >= 0) {
                        ia |= 1u << i;
                        ib |= 1u << where[ha[i]];
                    }
                for (int i = 0; i < n; i++) where[hb[i]] = -1;
                s->pairs[k++] = (sg_pair){a, b, ia, ib};
            }
        }
        if (pass == 0) {
            s->npairs = k;
            s->pairs = malloc((size_t)(k ? k : 1) * sizeof *s->pairs);
            if (!s->pairs) goto out;
        }
    }
    ok = 1;
out:
    free(cnt);
    free(where);
    return ok ? 0 : -1;
}

sg_solver *sg_new(const sg_rules *r) {
    if (!r || r->n < 1 || r->n > SG_MAX_N || r->ncells < 1 || r->ncells > 65535 ||
        r->nhouses < 0 || (size_t)r->nhouses * r->n > (1u << 26))
        return NULL;
    sg_solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    const int n = r->n, nc = r->ncells, nh = r->nhouses;
    s->n = n;
    s->ncells = nc;
    s->nhouses = nh;
    s->full = n == 32 ? 0xffffffffu : ((1u << n) - 1);
    const size_t hsz = (size_t)nh * n;
    const size_t npeer = (size_t)r->peer_start[nc];
    s->swords = (size_t)nc + hsz;

    s->houses = malloc((hsz ? hsz : 1) * sizeof *s->houses);
    s->pstart = malloc(((size_t)nc + 1) * sizeof *s->pstart);
    s->peers = malloc((npeer ? npeer : 1) * sizeof *s->peers);
    s->xstart = malloc(((size_t)nc + 1) * sizeof *s->xstart);
    s->xpeers = malloc((npeer ? npeer : 1) * sizeof *s->xpeers);
    s->hstart = calloc((size_t)nc + 2, sizeof *s->hstart);
    s->hent = malloc((hsz ? hsz : 1) * sizeof *s->hent);
    s->lcd = calloc(nh ? (size_t)nh : 1, 1);
    s->lcd_cur = calloc(nh ? (size_t)nh : 1, 1);
    s->cur = malloc(s->swords * sizeof *s->cur);
    s->snap = malloc(s->swords * nc * sizeof *s->snap);
    s->probe = malloc(s->swords * sizeof *s->probe);
    s->safe = malloc((size_t)nc * sizeof *s->safe);
    s->wt = malloc((size_t)nc * sizeof *s->wt);
    s->lv = malloc(((size_t)nc + 1) * sizeof *s->lv);
    s->scratch = malloc((size_t)nc);
    s->nq = malloc((size_t)nc * sizeof *s->nq);
    s->hq = malloc((hsz ? hsz : 1) * sizeof *s->hq);
    if (!s->houses || !s->pstart || !s->peers || !s->xstart || !s->xpeers || !s->hstart || !s->hent || !s->lcd ||
        !s->lcd_cur || !s->cur || !s->snap || !s->probe || !s->safe || !s->wt || !s->lv || !s->scratch || !s->nq ||
        !s->hq)
        goto fail;

    for (size_t i = 0; i < hsz; i++) s->houses[i] = (uint16_t)r->houses[i];
    for (int c = 0; c <= nc; c++) s->pstart[c] = r->peer_start[c];
    for (size_t i = 0; i < npeer; i++) s->peers[i] = (uint16_t)r->peers[i];

    /* cell -> (house, position) entries, CSR */
    for (size_t i = 0; i < hsz; i++) s->hstart[s->houses[i] + 2]++;
    for (int c = 0; c < nc; c++) s->hstart[c + 2] += s->hstart[c + 1];
    for (int h = 0; h < nh; h++)
        for (int i = 0; i < n; i++) {
            int c = s->houses[(size_t)h * n + i];
            s->hent[s->hstart[c + 1]++] = (sg_hent){h * n, 1u << i, h};
        }

    /* peers outside the cell's houses need their own elimination pass */
    {
        int32_t *mark = malloc((size_t)nc * sizeof *mark);
        if (!mark) goto fail;
        for (int c = 0; c < nc; c++) mark[c] = -1;
        int k = 0;
        for (int c = 0; c < nc; c++) {
            s->xstart[c] = k;
            for (int j = s->hstart[c]; j < s->hstart[c + 1]; j++) {
                const uint16_t *hc = s->houses + s->hent[j].base;
                for (int i = 0; i < n; i++) mark[hc[i]] = c;
            }
            for (int j = s->pstart[c]; j < s->pstart[c + 1]; j++)
                if (mark[s->peers[j]] != c) s->xpeers[k++] = s->peers[j];
        }
        s->xstart[nc] = k;
        free(mark);
    }

    if (r->ncages > 0 && build_cages(s, r) < 0) goto fail;
    if (r->nextra > 0) {
        s->gx = gx_new(n, nc, r->extra, r->nextra, NULL, 0);
        if (!s->gx || gx_use_peers(s->gx, r->peer_start, r->peers) < 0) goto fail;
        s->gx_cells = malloc(gx_capacity(s->gx) * sizeof *s->gx_cells);
        s->gx_keep = malloc(gx_capacity(s->gx) * sizeof *s->gx_keep);
        if (!s->gx_cells || !s->gx_keep) goto fail;
    }
    s->use_lc = n >= SG_LC_MIN_N;
    /* sums derived from the cages alone keep a killer's quick search without lookahead */
    s->use_probe = n >= SG_PROBE_MIN_N || (s->gx && !gx_only_bounds(s->gx));
    if (s->use_lc) {
        if (build_pairs(s) < 0) goto fail;
        if (s->npairs == 0) s->use_lc = 0;
    }
    s->status = ST_DONE;
    return s;
fail:
    sg_free(s);
    return NULL;
}

/* For each cage with a sum whose cells all lie in one house, the other cells of that
 * house (the first such house of its first cell): whatever digits they cannot take, the
 * cage's combination must hold.  -1 when memory ran out. */
static int cage_complements(sg_solver *s) {
    const int n = s->n, ng = s->ncages;
    s->kstart = malloc(((size_t)ng + 1) * sizeof *s->kstart);
    s->kquiet = calloc((size_t)ng + 1, sizeof *s->kquiet);
    s->kcells = malloc(((size_t)ng * (size_t)n + 1) * sizeof *s->kcells);
    int32_t *mark = malloc((size_t)s->ncells * sizeof *mark);
    if (!s->kstart || !s->kquiet || !s->kcells || !mark) {
        free(mark);
        return -1;
    }
    for (int c = 0; c < s->ncells; c++) mark[c] = -1;
    int32_t k = 0;
    for (int g = 0; g < ng; g++) {
        s->kstart[g] = k;
        const int32_t a = s->cstart[g], b = s->cstart[g + 1];
        if (s->csum[g] <= 0 || b <= a) continue;
        for (int32_t i = a; i < b; i++) mark[s->ccells[i]] = g;
        const int c0 = s->ccells[a];
        for (int j = s->hstart[c0]; j < s->hstart[c0 + 1]; j++) {
            const uint16_t *hc = s->houses + s->hent[j].base;
            int inside = 0;
            for (int i = 0; i < n; i++) inside += mark[hc[i]] == g;
            if (inside != b - a) continue;
            for (int i = 0; i < n; i++)
                if (mark[hc[i]] != g) s->kcells[k++] = hc[i];
            break;
        }
    }
    s->kstart[ng] = k;
    free(mark);
    return 0;
}

/* Copy the cages and tabulate every set of distinct digits by (size, sum).
 * -1 when a cage is malformed or the grid is too large for the tables. */
static int build_cages(sg_solver *s, const sg_rules *r) {
    const int n = s->n, ng = r->ncages;
    if (n > SG_CAGE_MAX_N || !r->cage_start || !r->cage_cells || !r->cage_sum) return -1;
    const int32_t total = r->cage_start[ng];
    s->maxsum = n * (n + 1) / 2;
    s->cstart = malloc(((size_t)ng + 1) * sizeof *s->cstart);
    s->ccells = malloc((total ? (size_t)total : 1) * sizeof *s->ccells);
    s->csum = malloc((size_t)ng * sizeof *s->csum);
    const size_t nidx = (size_t)(n + 1) * (size_t)(s->maxsum + 1);
    const size_t nmask = ((size_t)1 << n) - 1;
    s->combo = malloc((nmask ? nmask : 1) * sizeof *s->combo);
    s->combo_start = calloc(nidx + 1, sizeof *s->combo_start);
    if (!s->cstart || !s->ccells || !s->csum || !s->combo || !s->combo_start) return -1;
    s->ncages = ng;
    for (int g = 0; g <= ng; g++) {
        s->cstart[g] = r->cage_start[g];
        if (g && (s->cstart[g] < s->cstart[g - 1] || s->cstart[g] - s->cstart[g - 1] > n))
            return -1;
    }
    if (s->cstart[0] != 0) return -1;
    for (int32_t i = 0; i < total; i++) {
        if (r->cage_cells[i] < 0 || r->cage_cells[i] >= s->ncells) return -1;
        s->ccells[i] = (uint16_t)r->cage_cells[i];
    }
    for (int g = 0; g < ng; g++) {
        if (r->cage_sum[g] < 0 || r->cage_sum[g] > s->maxsum) return -1;
        s->csum[g] = r->cage_sum[g];
    }
    s->memo = calloc((size_t)1 << SG_MEMO_BITS, sizeof *s->memo);
    s->deep_memo = calloc((size_t)1 << SG_MEMO_BITS, sizeof *s->deep_memo);
    s->cquiet = malloc((total ? (size_t)total : 1) * sizeof *s->cquiet);
    s->cquiet_ok = calloc((size_t)ng + 1, 1);
    s->cdeep = calloc((size_t)ng + 1, 1);
    uint8_t *caged = calloc((size_t)s->ncells, 1);   /* the cells of the cages before */
    const int ok = s->memo && s->deep_memo && s->cquiet && s->cquiet_ok && s->cdeep && caged;
    for (int g = 0; ok && g < ng; g++) {
        int own = 1;
        for (int32_t i = s->cstart[g]; i < s->cstart[g + 1]; i++) own &= !caged[s->ccells[i]];
        for (int32_t i = s->cstart[g]; i < s->cstart[g + 1]; i++) caged[s->ccells[i]] = 1;
        s->cdeep[g] = (uint8_t)own;
    }
    free(caged);
    if (!ok) return -1;
    if (cage_complements(s) < 0) return -1;
    s->pwords = (s->ncells + 31) / 32;
    s->pbits = calloc((size_t)s->ncells * (size_t)s->pwords, sizeof *s->pbits);
    s->pacc = malloc((size_t)s->pwords * sizeof *s->pacc);
    if (!s->pbits || !s->pacc) return -1;
    for (int c = 0; c < s->ncells; c++)
        for (int j = s->pstart[c]; j < s->pstart[c + 1]; j++) {
            const int q = s->peers[j];
            s->pbits[(size_t)c * s->pwords + (q >> 5)] |= 1u << (q & 31);
        }
    s->sees_start = malloc(((size_t)ng + 1) * sizeof *s->sees_start);
    if (!s->sees_start) return -1;
    int32_t slots = 0;
    for (int g = 0; g < ng; g++) {
        const int32_t k = s->cstart[g + 1] - s->cstart[g];
        s->sees_start[g] = k <= SG_SEES_CELLS ? slots : -1;
        if (k <= SG_SEES_CELLS) slots += (int32_t)1 << k;
    }
    s->sees_slot = malloc((slots ? (size_t)slots : 1) * sizeof *s->sees_slot);
    if (!s->sees_slot) return -1;
    for (int32_t i = 0; i < slots; i++) s->sees_slot[i] = -1;
    /* counting sort of the digit sets by (size, sum) */
    for (uint32_t m = 1; m <= nmask; m++) {
        int sum = 0;
        for (uint32_t x = m; x; x &= x - 1) sum += ctz(x) + 1;
        s->combo_start[(size_t)popc(m) * (size_t)(s->maxsum + 1) + (size_t)sum + 1]++;
    }
    for (size_t i = 0; i < nidx; i++) s->combo_start[i + 1] += s->combo_start[i];
    int32_t *fill = malloc((nidx ? nidx : 1) * sizeof *fill);
    if (!fill) return -1;
    memcpy(fill, s->combo_start, nidx * sizeof *fill);
    for (uint32_t m = 1; m <= nmask; m++) {
        int sum = 0;
        for (uint32_t x = m; x; x &= x - 1) sum += ctz(x) + 1;
        s->combo[fill[(size_t)popc(m) * (size_t)(s->maxsum + 1) + (size_t)sum]++] = (uint16_t)m;
    }
    free(fill);
    return 0;
}

void sg_set_cancel(sg_solver *s, const volatile int *flag) { s->cancel = flag; }

void sg_get_stats(const sg_solver *s, sd_stats *st) { *st = s->st; }

void sg_set_pause(sg_solver *s, uint64_t nodes) { s->stop_at = nodes ? s->st.nodes + nodes : 0; }

/* ---------------------------------------------------------------- propagation */

/* Remove the digits M (non-empty, all present) from cell P, updating the
 * position masks and queueing new singles.  Jumps to fail on contradiction. */
#define SG_ELIM(P, M)                                                      \
    do {                                                                   \
        const int p_ = (P);                                                \
        uint32_t m_ = (M);                                                 \
        const uint32_t x_ = cand[p_] & ~m_;                                \
        cand[p_] = x_;                                                     \
        if (!x_) { s->fail_cell = p_; goto fail; }                         \
        if (!(x_ & (x_ - 1))) nq[nqt++] = (uint16_t)p_;                    \
        const sg_hent *e0_ = hent + hstart[p_], *e1_ = hent + hstart[p_ + 1]; \
        do {                                                               \
            const uint32_t d_ = (uint32_t)ctz(m_);                         \
            m_ &= m_ - 1;                                                  \
            for (const sg_hent *e_ = e0_; e_ < e1_; e_++) {                \
                const uint32_t i_ = (uint32_t)e_->base + d_;               \
                const uint32_t v_ = pos[i_] & ~e_->bit;                    \
                pos[i_] = v_;                                              \
                if (!(v_ & (v_ - 1))) {                                    \
                    if (!v_) { s->fail_house = e_->h; goto fail; }         \
                    hq[hqt++] = i_ * 32 + d_;                              \
                }                                                          \
                if (lc) lcd[e_->h] = 1;                                    \
            }                                                              \
        } while (m_);                                                      \
    } while (0)

/* The fillings of open cells i..no-1 (candidates om, no <= SG_CAGE_EXACT) with the digits
 * left of a combination, a distinct digit each: every digit of such a filling is added to
 * kept of its cell.  Returns whether one exists. */
static int fill_support(const uint32_t *om, uint32_t *kept, int no, int i, uint32_t left) {
    if (i >= no || i >= SG_CAGE_EXACT) return 1;
    int any = 0;
    for (uint32_t m = om[i] & left; m; m &= m - 1) {
        const uint32_t bit = m & -m;
        if (fill_support(om, kept, no, i + 1, left & ~bit)) {
            kept[i] |= bit;
            any = 1;
        }
    }
    return any;
}

/* The fillings of k open cells (1..SG_CAGE_EXACT) by the k digits of one combination, a
 * distinct digit each: pat holds at bits k*j .. k*j + k - 1 the cells (bit i for cell i)
 * that may take the combination's j-th digit.  Returns, in the same layout, the cells
 * that take each digit in some filling (0: no filling).  Worked out once per pattern in
 * the process and kept in FILLS (bit 31: known), shared by every solver: threads that
 * meet a new pattern at once write the same answer, one atomic word each. */
static _Atomic uint32_t FILLS[SG_FILLS_LEN];

static inline uint32_t fill_of(int k, uint32_t pat) {
    static const uint32_t at[5] = {0, 0, 2, 2 + 16, 2 + 16 + 512};
    _Atomic uint32_t *e = FILLS + at[k] + pat;
    const uint32_t known = atomic_load_explicit(e, memory_order_relaxed);
    if (known >> 31) return known & 0x7fffffffu;
    uint32_t om[SG_CAGE_EXACT] = {0}, kept[SG_CAGE_EXACT] = {0};
    const uint32_t low = (1u << k) - 1;
    for (int i = 0; i < k; i++) {
        om[i] = 0;
        for (int j = 0; j < k; j++) om[i] |= (pat >> (k * j + i) & 1) << j;
    }
    uint32_t r = 0;
    if (fill_support(om, kept, k, 0, low))
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++) r |= (kept[i] >> j & 1) << (k * j + i);
    atomic_store_explicit(e, r | 0x80000000u, memory_order_relaxed);
    return r;
}

/* The fillings of open cells i..no-1 (candidates om; holds[d]: the cells that may take
 * digit d + 1) by the digits of left, a distinct digit each, for more than SG_CAGE_EXACT
 * open cells: cell i takes each digit in turn, and the last SG_CAGE_EXACT cells ask
 * fill_of.  Adds the cells of every filling found to takes of their digit and returns
 * whether there is one (with first set: only whether there is one). */
static int fill_deep(int no, int i, const uint32_t *om, const uint32_t *holds, uint32_t left,
                     uint32_t *takes, int first) {
    const int k = no - i;
    if (k <= SG_CAGE_EXACT) {
        uint32_t pat = 0;
        int sh = 0;
        for (uint32_t sm = left; sm; sm &= sm - 1, sh += k) pat |= (holds[ctz(sm)] >> i) << sh;
        const uint32_t got = fill_of(k, pat), low = (1u << k) - 1;
        if (!got) return 0;
        if (first) return 1;
        sh = 0;
        for (uint32_t sm = left; sm; sm &= sm - 1, sh += k)
            takes[ctz(sm)] |= ((got >> sh) & low) << i;
        return 1;
    }
    int any = 0;
    for (uint32_t m = om[i] & left; m; m &= m - 1) {
        const uint32_t bit = m & -m;
        if (fill_deep(no, i + 1, om, holds, left & ~bit, takes, first)) {
            if (first) return 1;
            takes[ctz(bit)] |= 1u << i;
            any = 1;
        }
    }
    return any;
}

/* kept[i] for cells 0..ncells-1: the digits of digits whose takes (the cells that take the
 * digit in some filling) hold cell i. */
static inline void kept_of(const uint32_t *takes, uint32_t digits, int ncells, uint32_t *kept) {
    for (int i = 0; i < ncells; i++) kept[i] = 0;
    for (uint32_t dm = digits; dm; dm &= dm - 1) {
        const int d = ctz(dm);
        const uint32_t t = takes[d];
        for (int i = 0; i < ncells; i++) kept[i] |= (t >> i & 1) << d;
    }
}

/* The rest of a cage's question beside its open cells' candidates: the fixed digits, the
 * digits a combination must hold, the rest of the sum and the number of open cells (bit
 * 63: never an empty entry's tag). */
static inline uint64_t cage_tag(uint32_t fixed, uint32_t must, int rest, int no) {
    return fixed | (uint64_t)must << 16 | (uint64_t)rest << 32 | (uint64_t)no << 40 | 1ull << 63;
}

/* The memo entry of a cage's question: key (and key2) its open cells' candidates, tag the
 * rest (cage_tag). */
static inline size_t memo_slot(uint64_t key, uint64_t key2, uint64_t tag) {
    const uint64_t h = (key ^ (tag * 0x9e3779b97f4a7c15ull) ^ (key2 * 0xc2b2ae3d27d4eb4full)) *
                       0xff51afd7ed558ccdull;
    return (size_t)(h >> (64 - SG_MEMO_BITS));
}

/* The exact narrowing of a cage's no open cells (1..SG_CAGE_EXACT, candidates om, their
 * union open) that make rest with digits other than fixed, by a combination holding the
 * digits must: writes to kept the digits each cell takes in some filling (a distinct digit
 * of one such combination each; all 0 when there is none) and returns the digits every
 * such combination holds.  The answers are kept in a table (s->memo) by their question,
 * which a search asks again and again. */
static uint32_t cage_exact(sg_solver *s, int no, const uint32_t *om, int rest, uint32_t fixed,
                           uint32_t must, uint32_t open, uint32_t *kept) {
    uint64_t key = 0;
    for (int i = 0; i < no; i++) key |= (uint64_t)om[i] << (16 * i);
    const uint64_t tag = cage_tag(fixed, must, rest, no);
    sg_memo *e = &s->memo[memo_slot(key, 0, tag)];
    if (e->tag == tag && e->key == key) {
        for (int i = 0; i < no; i++) kept[i] = e->kept[i];
        return e->required;
    }
    uint32_t holds[SG_CAGE_MAX_N] = {0}, takes[SG_CAGE_MAX_N] = {0}, required = s->full;
    for (int i = 0; i < no; i++)   /* holds[d]: the open cells that may take digit d + 1 */
        for (uint32_t x = om[i]; x; x &= x - 1) holds[ctz(x)] |= 1u << i;
    const int32_t *cs = s->combo_start + (size_t)no * (size_t)(s->maxsum + 1) + (size_t)rest;
    const uint32_t low = (1u << no) - 1;
    for (int32_t j = cs[0]; j < cs[1]; j++) {
        const uint32_t set = s->combo[j];
        if ((set & fixed) || (set & ~open) || (must & ~set)) continue;
        /* the cells that may take each digit of the set: the pattern whose fillings
         * fill_of keeps */
        uint32_t pat = 0;
        int sh = 0;
        for (uint32_t sm = set; sm; sm &= sm - 1, sh += no) pat |= holds[ctz(sm)] << sh;
        const uint32_t got = fill_of(no, pat);
        if (!got) continue;
        required &= set;
        sh = 0;
        for (uint32_t sm = set; sm; sm &= sm - 1, sh += no) takes[ctz(sm)] |= (got >> sh) & low;
    }
    kept_of(takes, open, SG_CAGE_EXACT, kept);
    e->tag = tag;
    e->key = key;
    e->required = (uint16_t)required;
    for (int i = 0; i < no; i++) e->kept[i] = (uint16_t)kept[i];
    return required;
}

/* The exact narrowing of a cage's no open cells (SG_CAGE_EXACT + 1 .. SG_DEEP_CELLS,
 * candidates om, fewest first) by the nsets combinations left to it (sets): writes to kept
 * the digits each cell takes in some filling (all 0 when there is none) and returns the
 * digits every set with a filling holds.  Once every cell takes all it may of the sets'
 * digits, a set needs only one filling. */
static uint32_t cage_deep(sg_solver *s, int no, const uint32_t *om, uint64_t tag,
                          const uint32_t *sets, int nsets, uint32_t *kept) {
    uint64_t key = 0, key2 = 0;
    for (int i = 0; i < 4; i++) key |= (uint64_t)om[i] << (16 * i);
    for (int i = 4; i < no; i++) key2 |= (uint64_t)om[i] << (16 * (i - 4));
    sg_deep_memo *e = &s->deep_memo[memo_slot(key, key2, tag)];
    if (e->tag == tag && e->key == key && e->key2 == key2) {
        for (int i = 0; i < no; i++) kept[i] = e->kept[i];
        return e->required;
    }
    uint32_t holds[SG_CAGE_MAX_N] = {0}, takes[SG_CAGE_MAX_N] = {0}, required = ~0u, any = 0;
    for (int i = 0; i < no; i++)   /* holds[d]: the open cells that may take digit d + 1 */
        for (uint32_t x = om[i]; x; x &= x - 1) holds[ctz(x)] |= 1u << i;
    for (int j = 0; j < nsets; j++) any |= sets[j];
    int full = 0;
    for (int j = 0; j < nsets; j++) {
        if (!fill_deep(no, 0, om, holds, sets[j], takes, full)) continue;
        required &= sets[j];
        full = 1;
        for (int i = 0; i < no && full; i++)
            for (uint32_t x = om[i] & any; x && full; x &= x - 1)
                full = (takes[ctz(x)] >> i) & 1;
    }
    kept_of(takes, any, SG_DEEP_CELLS, kept);
    e->tag = tag;
    e->key = key;
    e->key2 = key2;
    e->required = (uint16_t)required;
    for (int i = 0; i < no; i++) e->kept[i] = (uint16_t)kept[i];
    return required;
}

/* Into acc (pwords words): the cells that see every cell of the set w (bit i: the i-th cell
 * of cc). */
static inline void peers_of_all(const sg_solver *s, const uint16_t *cc, uint32_t w,
                                uint32_t *acc) {
    const int pw = s->pwords;
    memcpy(acc, s->pbits + (size_t)cc[ctz(w)] * pw, (size_t)pw * sizeof *acc);
    for (uint32_t m = w & (w - 1); m; m &= m - 1) {
        const uint32_t *wb = s->pbits + (size_t)cc[ctz(m)] * pw;
        for (int i = 0; i < pw; i++) acc[i] &= wb[i];
    }
}

/* What sees every cell of the set w (bit i: the i-th cell) of cage g: the offset in s->sees
 * of nh, then nh pairs (the base of a house holding all of them, their places in it), then
 * nx and the nx cells outside those houses and the cage that see them all.  Worked out on
 * first use; -1 for a larger cage or when memory runs out (the caller works it out). */
static SD_NOINLINE int32_t cage_sees_make(sg_solver *s, int g, uint32_t w) {
    int32_t *slot = s->sees_slot + s->sees_start[g] + w;
    const uint16_t *cc = s->ccells + s->cstart[g];
    const int k = (int)(s->cstart[g + 1] - s->cstart[g]), pw = s->pwords;
    const size_t need = s->nsees + 2 + 2 * SG_SEES_CELLS + (size_t)s->ncells;
    if (need > s->capsees) {
        size_t cap = s->capsees ? 2 * s->capsees : 1024;
        while (cap < need) cap *= 2;
        int32_t *grown = realloc(s->sees, cap * sizeof *grown);
        if (!grown) return -1;
        s->sees = grown;
        s->capsees = cap;
    }
    int32_t *out = s->sees + s->nsees;
    uint32_t *acc = s->pacc;
    const int c0 = cc[ctz(w)];
    peers_of_all(s, cc, w, acc);
    int nh = 0;
    for (int j = s->hstart[c0]; j < s->hstart[c0 + 1]; j++) {
        const sg_hent *e = &s->hent[j];
        uint32_t places = 0;
        int all = 1;
        for (uint32_t m = w; m && all; m &= m - 1) {
            const int c = cc[ctz(m)];
            int found = 0;
            for (int t = s->hstart[c]; t < s->hstart[c + 1]; t++)
                if (s->hent[t].h == e->h) {
                    places |= s->hent[t].bit;
                    found = 1;
                }
            all = found;
        }
        if (!all || nh >= SG_SEES_CELLS) continue;
        out[1 + 2 * nh] = e->base;
        out[2 + 2 * nh] = (int32_t)places;
        nh++;
        const uint16_t *hc = s->houses + e->base;
        for (int i = 0; i < s->n; i++) acc[hc[i] >> 5] &= ~(1u << (hc[i] & 31));
    }
    out[0] = nh;
    for (int i = 0; i < k; i++) acc[cc[i] >> 5] &= ~(1u << (cc[i] & 31));
    int32_t *xs = out + 1 + 2 * nh;
    int nx = 0;
    for (int i = 0; i < pw; i++)
        for (uint32_t m = acc[i]; m; m &= m - 1) xs[1 + nx++] = 32 * i + ctz(m);
    xs[0] = nx;
    *slot = (int32_t)s->nsees;
    s->nsees += (size_t)(2 + 2 * nh + nx);
    return *slot;
}

#ifdef SG_CHECK_SEES
/* The sanitizer build's check of the table: the cells with digit d that the entry e
 * names (its houses' places of d, its other cells) are those of the peer sets' meet.
 * Aborts when they differ. */
static void sees_check(sg_solver *s, const uint32_t *cand, const uint32_t *pos,
                       const uint16_t *cc, uint32_t w, uint32_t d, const int32_t *e) {
    const int pw = s->pwords, nh = e[0];
    uint32_t *meet = calloc((size_t)pw, sizeof *meet), *named = calloc((size_t)pw, sizeof *named);
    if (!meet || !named) abort();
    peers_of_all(s, cc, w, meet);
    for (int i = 0; i < pw; i++)
        for (uint32_t m = meet[i]; m; m &= m - 1)
            if (!(cand[32 * i + ctz(m)] >> d & 1)) meet[i] &= ~(m & -m);
    for (int j = 0; j < nh; j++) {
        const uint16_t *hc = s->houses + e[1 + 2 * j];
        for (uint32_t m = pos[(uint32_t)e[1 + 2 * j] + d] & ~(uint32_t)e[2 + 2 * j]; m; m &= m - 1)
            named[hc[ctz(m)] >> 5] |= 1u << (hc[ctz(m)] & 31);
    }
    const int32_t *xs = e + 1 + 2 * nh;
    for (int j = 1; j <= xs[0]; j++)
        if (cand[xs[j]] >> d & 1) named[xs[j] >> 5] |= 1u << (xs[j] & 31);
    for (int i = 0; i < pw; i++)
        if (meet[i] != named[i]) abort();
    free(meet);
    free(named);
}
#endif

static inline int32_t cage_sees(sg_solver *s, int g, uint32_t w) {
    const int32_t first = s->sees_start[g];
    if (first < 0) return -1;
    const int32_t at = s->sees_slot[first + w];
    return at >= 0 ? at : cage_sees_make(s, g, w);
}

/* Run the deductions on state st to a fixpoint, after first setting the
 * givens (if non-NULL) or placing digit bit d0 in cell c0 (if c0 >= 0).
 * lc: also apply locked candidates (and track the houses it must look at).
 * Returns 0 ok, -1 on contradiction. */
static SD_ALWAYS_INLINE int propagate_impl(sg_solver *s, uint32_t *st, const uint8_t *givens,
                                           int c0, uint32_t d0, const int lc) {
    uint32_t *restrict cand = st;
    uint32_t *restrict pos = st + s->ncells;
    uint16_t *restrict nq = s->nq;
    uint32_t *restrict hq = s->hq;
    uint8_t *restrict lcd = s->lcd;
    const uint16_t *restrict xpeers = s->xpeers;
    const int32_t *restrict xstart = s->xstart;
    const int32_t *restrict hstart = s->hstart;
    const sg_hent *restrict hent = s->hent;
    const uint16_t *restrict houses = s->houses;
    int nqh = 0, nqt = 0, hqh = 0, hqt = 0;

    if (givens) {
        const int nc = s->ncells;
        for (int c = 0; c < nc; c++) {
            int v = givens[c];
            if (!v) continue;
            uint32_t bit = 1u << (v - 1);
            if (v > s->n || !(cand[c] & bit)) goto fail;
            if (cand[c] != bit) SG_ELIM(c, cand[c] & ~bit);
        }
    }
    if (c0 >= 0 && cand[c0] != d0) SG_ELIM(c0, cand[c0] & ~d0);

    for (;;) {
        for (;;) {
            /* naked singles: place every queued cell */
            while (nqh < nqt) {
                const int c = nq[nqh++];
                const uint32_t bit = cand[c];
                const uint32_t d = (uint32_t)ctz(bit);
                /* house-mates that still have the digit, from the position masks */
                for (int j = hstart[c]; j < hstart[c + 1]; j++) {
                    const uint32_t i = (uint32_t)hent[j].base + d, own = hent[j].bit;
                    const uint16_t *hc = houses + hent[j].base;
                    uint32_t m;
                    while ((m = pos[i] & ~own) != 0) SG_ELIM(hc[ctz(m)], bit);
                }
                const uint16_t *pp = xpeers + xstart[c];
                const uint16_t *pe = xpeers + xstart[c + 1];
                for (; pp < pe; pp++) {
                    const int p = *pp;
                    if (cand[p] & bit) SG_ELIM(p, bit);
                }
            }
            if (hqh == hqt) break;
            /* hidden singles */
            while (hqh < hqt) {
                const uint32_t e = hq[hqh++];
                const uint32_t i = e >> 5, d = e & 31;
                const uint32_t v = pos[i];
                const int c = houses[i - d + (uint32_t)ctz(v)];
                const uint32_t bit = 1u << d;
                if (cand[c] != bit) SG_ELIM(c, cand[c] & ~bit);
            }
        }
        if (s->ncages) {
            /* killer cages: keep the digits of some combination that completes the sum */
            int caged = 0;
            const int stride = s->maxsum + 1;
            for (int g = 0; g < s->ncages; g++) {
                const int32_t total = s->csum[g];
                if (total <= 0) continue;   /* no sum: the cells are peers of one another */
                const uint16_t *cc = s->ccells + s->cstart[g];
                const uint16_t *ce = s->ccells + s->cstart[g + 1];
                uint32_t *quiet = s->cquiet + s->cstart[g];
                /* the digits the rest of a house holding the cage can take */
                uint32_t beside = s->full;
                if (s->kstart[g] < s->kstart[g + 1]) {
                    beside = 0;
                    for (int32_t j = s->kstart[g]; j < s->kstart[g + 1]; j++)
                        beside |= cand[s->kcells[j]];
                }
                if (s->cquiet_ok[g] && beside == s->kquiet[g]) {
                    /* the masks it last found nothing to do in */
                    const uint16_t *p = cc;
                    while (p < ce && cand[*p] == quiet[p - cc]) p++;
                    if (p == ce) continue;
                }
                const int caged_before = caged;
                caged = 0;
                uint32_t fixed = 0, open = 0;
                uint32_t om[SG_CAGE_MAX_N];   /* the open cells' candidates, and the cells */
                int oc[SG_CAGE_MAX_N];
                int rest = total, k = 0;
                for (const uint16_t *p = cc; p < ce; p++) {
                    const uint32_t m = cand[*p];
                    if (!(m & (m - 1))) {
                        rest -= ctz(m) + 1;
                        fixed |= m;
                    } else {
                        open |= m;
                        om[k] = m;
                        oc[k++] = *p;
                    }
                }
                if (k == 0) {
                    if (rest != 0) goto fail;
                    caged = caged_before;
                    continue;
                }
                if (rest <= 0 || rest > s->maxsum) goto fail;
                /* what the rest of the house cannot take, the open cells must */
                const uint32_t must = s->full & ~fixed & ~beside;
                int exact = k <= SG_CAGE_EXACT;   /* narrowed to the cage's fixpoint */
                uint32_t allowed = 0, required = s->full;
                const int32_t *cs = s->combo_start + (size_t)k * (size_t)stride + (size_t)rest;
                if (k <= SG_CAGE_EXACT) {
                    /* few open cells: a digit stays where some filling of the open cells
                     * with a combination, a distinct digit each, gives it to that cell */
                    uint32_t kept[SG_CAGE_EXACT];
                    const int no = k;
                    required = cage_exact(s, no, om, rest, fixed, must, open, kept);
                    for (int i = 0; i < no; i++) {
                        if (!kept[i]) goto fail;
                        if (cand[oc[i]] & ~kept[i]) {
                            SG_ELIM(oc[i], cand[oc[i]] & ~kept[i]);
                            caged = 1;
                        }
                    }
                } else {
                    uint32_t sets[SG_DEEP_SETS];
                    int nsets = 0;
                    for (int32_t j = cs[0]; j < cs[1]; j++) {
                        const uint32_t set = s->combo[j];
                        if ((set & fixed) || (set & ~open) || (must & ~set)) continue;
                        int every = 1;   /* a digit of the set for every open cell */
                        for (int i = 0; i < k && every; i++) every = (om[i] & set) != 0;
                        if (every) {
                            allowed |= set;
                            required &= set;
                            if (nsets < SG_DEEP_SETS) sets[nsets] = set;
                            nsets++;
                        }
                    }
                    if (!allowed) goto fail;
                    if (k <= SG_DEEP_CELLS && nsets <= SG_DEEP_SETS && s->cdeep[g]) {
                        /* few combinations left: a digit stays where one of their fillings
                         * gives it */
                        uint32_t dm[SG_DEEP_CELLS], kept[SG_DEEP_CELLS];
                        int dc[SG_DEEP_CELLS], no = 0;
                        for (int j = 0; j < k; j++) {   /* fewest candidates first: fewer
                                                         * fillings */
                            int i = no++;
                            for (; i > 0 && popc(dm[i - 1]) > popc(om[j]); i--) {
                                dm[i] = dm[i - 1];
                                dc[i] = dc[i - 1];
                            }
                            dm[i] = om[j];
                            dc[i] = oc[j];
                        }
                        required = cage_deep(s, no, dm, cage_tag(fixed, must, rest, no), sets,
                                             nsets, kept);
                        exact = 1;
                        for (int i = 0; i < no; i++) {
                            if (!kept[i]) goto fail;
                            if (cand[dc[i]] & ~kept[i]) {
                                SG_ELIM(dc[i], cand[dc[i]] & ~kept[i]);
                                caged = 1;
                            }
                        }
                    }
                    if (!exact)   /* the digits of no combination left */
                        for (const uint16_t *p = cc; p < ce; p++) {
                            const uint32_t m = cand[*p];
                            if ((m & (m - 1)) && (m & ~allowed)) {
                                SG_ELIM(*p, m & ~allowed);
                                caged = 1;
                            }
                        }
                }
                /* a digit of every combination: placed where only one open cell can take
                 * it, and taken from the cells outside the cage that see all its places */
                if (required) {
                    uint32_t where[SG_MAX_N];   /* per digit: its places, bit i the i-th cell */
                    for (uint32_t dm = required; dm; dm &= dm - 1) where[ctz(dm)] = 0;
                    for (const uint16_t *p = cc; p < ce; p++)
                        for (uint32_t m = cand[*p] & required; m; m &= m - 1)
                            where[ctz(m)] |= 1u << (p - cc);
                    for (uint32_t dm = required; dm; dm &= dm - 1) {
                        const uint32_t d = (uint32_t)ctz(dm), bit = 1u << d, w = where[d];
                        if (!w) goto fail;
                        if (!(w & (w - 1))) {
                            const int c = cc[ctz(w)];
                            if (cand[c] != bit) {
                                SG_ELIM(c, cand[c] & ~bit);
                                caged = 1;
                            }
                            continue;
                        }
                        const int32_t at = cage_sees(s, g, w);
                        if (at >= 0) {
                            const int32_t *e = s->sees + at;
                            const int nh = e[0];
#ifdef SG_CHECK_SEES
                            sees_check(s, cand, pos, cc, w, d, e);
#endif
                            for (int j = 0; j < nh; j++) {
                                const uint32_t i = (uint32_t)e[1 + 2 * j] + d;
                                const uint32_t own = (uint32_t)e[2 + 2 * j];
                                const uint16_t *hc = houses + e[1 + 2 * j];
                                uint32_t m;
                                while ((m = pos[i] & ~own) != 0) {
                                    SG_ELIM(hc[ctz(m)], bit);
                                    caged = 1;
                                }
                            }
                            const int32_t *xs = e + 1 + 2 * nh;
                            for (int j = 1; j <= xs[0]; j++)
                                if (cand[xs[j]] & bit) {
                                    SG_ELIM(xs[j], bit);
                                    caged = 1;
                                }
                            continue;
                        }
                        const int pw = s->pwords;
                        uint32_t *acc = s->pacc;
                        peers_of_all(s, cc, w, acc);
                        for (int i = 0; i < pw; i++)
                            for (uint32_t m = acc[i]; m; m &= m - 1) {
                                const int q = 32 * i + ctz(m);
                                if (cand[q] & bit) {
                                    SG_ELIM(q, bit);
                                    caged = 1;
                                }
                            }
                    }
                }
                /* the exact narrowing leaves the cage at its fixpoint: it has nothing more
                 * to do until one of its cells changes */
                s->cquiet_ok[g] = !caged || exact;
                if (s->cquiet_ok[g]) {
                    for (const uint16_t *p = cc; p < ce; p++) quiet[p - cc] = cand[*p];
                    s->kquiet[g] = beside;
                }
                caged |= caged_before;
            }
            if (caged) continue;   /* back to the singles */
        }
        if (s->gx) {
            const int k = gx_narrow(s->gx, cand, s->gx_cells, s->gx_keep);
            if (k < 0) goto fail;
            for (int i = 0; i < k; i++) {
                const int c = s->gx_cells[i];
                const uint32_t drop = cand[c] & ~s->gx_keep[i];
                if (drop) SG_ELIM(c, drop);
            }
            if (k) continue;   /* back to the singles */
        }
        if (!lc) break;

        /* locked candidates on the house pairs touched since the last pass */
        const int nh = s->nhouses, n = s->n;
        uint8_t *restrict lcur = s->lcd_cur;
        memcpy(lcur, lcd, (size_t)nh);
        memset(lcd, 0, (size_t)nh);
        int changed = 0;
        for (int k = 0; k < s->npairs; k++) {
            const sg_pair *pr = &s->pairs[k];
            if (!(lcur[pr->a] | lcur[pr->b])) continue;
            const uint32_t *pa = pos + (size_t)pr->a * n;
            const uint32_t *pb = pos + (size_t)pr->b * n;
            const uint32_t ia = pr->ia, ib = pr->ib;
            /* za/zb: digits with no position outside A∩B in A / in B */
            uint32_t za = 0, zb = 0;
            for (int d = 0; d < n; d++) {
                za |= (uint32_t)((pa[d] & ~ia) == 0) << d;
                zb |= (uint32_t)((pb[d] & ~ib) == 0) << d;
            }
            const uint32_t fromb = za & ~zb, froma = zb & ~za;
            if (!(fromb | froma)) continue;
            changed = 1;
            for (int side = 0; side < 2; side++) {
                const int h = side ? pr->a : pr->b;
                const uint32_t keep = side ? ia : ib;
                const uint16_t *hc = houses + (size_t)h * n;
                for (uint32_t dm = side ? froma : fromb; dm; dm &= dm - 1) {
                    const int d = ctz(dm);
                    for (uint32_t m = pos[(size_t)h * n + d] & ~keep; m; m &= m - 1)
                        SG_ELIM(hc[ctz(m)], 1u << d);
                }
            }
        }
        if (!changed && nqh == nqt && hqh == hqt) break;
    }
    s->placed = nqt;
    return 0;
fail:
    if (lc) memset(lcd, 0, (size_t)s->nhouses);
    return -1;
}

static int propagate_lc(sg_solver *s, uint32_t *st, const uint8_t *givens, int c0, uint32_t d0) {
    return propagate_impl(s, st, givens, c0, d0, 1);
}

static int propagate_plain(sg_solver *s, uint32_t *st, const uint8_t *givens, int c0, uint32_t d0) {
    return propagate_impl(s, st, givens, c0, d0, 0);
}

/* Full propagation of the working state (with locked candidates if enabled). */
static int propagate(sg_solver *s, uint32_t *st, const uint8_t *givens, int c0, uint32_t d0) {
    return s->use_lc ? propagate_lc(s, st, givens, c0, d0) : propagate_plain(s, st, givens, c0, d0);
}

/* ---------------------------------------------------------------- search */

int sg_start(sg_solver *s, const uint8_t *givens, const uint64_t *rng) {
    const int nc = s->ncells, n = s->n, nh = s->nhouses;
    s->st.guesses = s->st.nodes = 0;
    s->depth = 0;
    s->random = rng != NULL;
    if (rng) s->rng = *rng ? *rng : sd_seed(0);
    uint32_t *cand = s->cur, *pos = s->cur + nc;
    for (int c = 0; c < nc; c++) cand[c] = s->full;
    for (size_t i = 0; i < (size_t)nh * n; i++) pos[i] = s->full;
    s->status = ST_DONE;
    memset(s->wt, 0, (size_t)nc * sizeof *s->wt);
    s->fails = 0;
    if (s->use_lc) memset(s->lcd, 1, (size_t)nh);
    /* the root is narrowed with the derived sums exact: one pass that can settle what a
     * search would guess at for thousands of nodes (a killer-X's diagonals) */
    if (s->gx) gx_deep(s->gx, 1);
    const int root = propagate(s, s->cur, givens, -1, 0);
    if (s->gx) gx_deep(s->gx, 0);
    if (root < 0) return -1;
    s->status = ST_DESCEND;
    return 0;
}

/* Unplaced cell with the highest (failure weight + 1) / candidates, ties going to
 * the one with the most unplaced peers; -1 if every cell is placed. */
/* A cell's branching weight: one plus its failures (one with a random source). */
static inline uint64_t cell_weight(const sg_solver *s, int c) {
    return s->random ? 1 : (uint64_t)s->wt[c] + 1;
}

static int pick_cell(const sg_solver *s) {
    const uint32_t *cand = s->cur;
    const int nc = s->ncells;
    int best = -1;
    uint64_t bnum = 0, bden = 1;   /* best (weight + 1) / candidates so far */
    for (int c = 0; c < nc; c++) {
        uint32_t x = cand[c];
        if (!(x & (x - 1))) continue;
        uint64_t num = cell_weight(s, c), den = (uint64_t)popc(x);
        if (num * bden > bnum * den) {
            bnum = num;
            bden = den;
            best = c;
        }
    }
    if (best < 0) return -1;
    int bscore = -1, pick = best;
    for (int c = best; c < nc; c++) {
        uint32_t x = cand[c];
        if (!(x & (x - 1))) continue;
        if (cell_weight(s, c) * bden != bnum * (uint64_t)popc(x)) continue;
        int sc = 0;
        for (int j = s->pstart[c]; j < s->pstart[c + 1]; j++) {
            uint32_t y = cand[s->peers[j]];
            sc += (y & (y - 1)) != 0;
        }
        if (sc > bscore) {
            bscore = sc;
            pick = c;
        }
    }
    return pick;
}

/* Lookahead on the cells with two candidates, then on the digits with two
 * positions left in a house: a placement that leads to a contradiction by
 * singles propagation is eliminated (and the working state propagated again).
 * Sets *branch to the bivalue cell whose two placements placed the most cells
 * (-1 if none).  Returns -1 on contradiction. */
/* After a successful lookahead in state pb: every digit it placed would
 * propagate to a subset of the same consequences, so it cannot fail either
 * (as long as the working state does not change). */
static inline void mark_safe(sg_solver *s, const uint32_t *pb) {
    for (int k = 0; k < s->placed; k++) {
        int c = s->nq[k];
        s->safe[c] |= pb[c];
    }
}

static int probe(sg_solver *s, int *branch) {
    const int nc = s->ncells;
    const size_t bytes = s->swords * sizeof *s->cur;
    uint32_t *cur = s->cur, *pb = s->probe;
    int best = -1, changed = 0;
    long bscore = -1;
    memset(s->safe, 0, (size_t)nc * sizeof *s->safe);
    for (int c = 0; c < nc; c++) {
        const uint32_t x = cur[c], y = x & (x - 1);
        if (!y || (y & (y - 1))) continue; /* not exactly two candidates */
        long sc = 1;
        for (uint32_t m = x; m; m &= m - 1) {
            uint32_t d = m & -m;
            memcpy(pb, cur, bytes);
            if (propagate_plain(s, pb, NULL, c, d) < 0) {
                if (propagate_plain(s, cur, NULL, c, x & ~d) < 0) return -1;
                memset(s->safe, 0, (size_t)nc * sizeof *s->safe);
                changed = 1;
                sc = -1;
                break;
            }
            sc *= s->placed + 1;
            mark_safe(s, pb);
        }
        if (sc > bscore) {
            bscore = sc;
            best = c;
        }
    }
    /* digits with exactly two positions left in a house: probe both places */
    const int n = s->n;
    const uint32_t *pos = cur + nc;
    for (int h = 0; h < s->nhouses; h++) {
        const uint16_t *hc = s->houses + (size_t)h * n;
        for (int d = 0; d < n; d++) {
            const uint32_t v = pos[(size_t)h * n + d], y = v & (v - 1);
            if (!y || (y & (y - 1))) continue;
            for (uint32_t m = v; m; m &= m - 1) {
                const int c = hc[ctz(m)];
                const uint32_t bit = 1u << d, x = cur[c];
                if (!(x & bit) || x == bit || (s->safe[c] & bit)) continue;
                memcpy(pb, cur, bytes);
                if (propagate_plain(s, pb, NULL, c, bit) < 0) {
                    if (propagate_plain(s, cur, NULL, c, x & ~bit) < 0) return -1;
                    memset(s->safe, 0, (size_t)nc * sizeof *s->safe);
                    changed = 1;
                    break;
                }
                mark_safe(s, pb);
            }
        }
    }
    if (changed && s->use_lc) {
        /* the eliminations above were not tracked for locked candidates */
        memset(s->lcd, 1, (size_t)s->nhouses);
        if (propagate_lc(s, cur, NULL, -1, 0) < 0) return -1;
    }
    /* an elimination after the best cell was scored may have placed it */
    if (best >= 0 && !(cur[best] & (cur[best] - 1))) best = -1;
    *branch = best;
    return 0;
}

static inline uint32_t pick_digit(sg_solver *s, uint32_t m) {
    if (!s->random) return m & -m;
    uint32_t k = sd_below(&s->rng, (uint32_t)popc(m));
    while (k--) m &= m - 1;
    return m & -m;
}

int sg_next(sg_solver *s, uint8_t *out) {
    const int nc = s->ncells;
    const size_t bytes = s->swords * sizeof *s->cur;
    for (;;) {
        if (s->status == ST_DONE) return 0;
        if (s->stop_at && s->st.nodes >= s->stop_at) return -2;
        if (s->cancel && ++s->cancel_tick >= SG_CANCEL_EVERY) {
            s->cancel_tick = 0;
            if (*s->cancel) return -2;
        }
        if (s->status == ST_DESCEND) {
            /* working state is propagated and consistent */
            int c = -1;
            if (s->gx) gx_light(s->gx, 1);
            const int pr = s->use_probe ? probe(s, &c) : 0;
            if (s->gx) gx_light(s->gx, 0);
            if (pr < 0) {
                s->status = ST_BACKTRACK;
                continue;
            }
            if (c < 0) c = pick_cell(s);
            if (c < 0) {
                for (int i = 0; i < nc; i++) out[i] = (uint8_t)(ctz(s->cur[i]) + 1);
                s->status = ST_BACKTRACK;
                return 1;
            }
            sg_level *L = &s->lv[s->depth];
            L->cell = c;
            L->untried = s->cur[c];
            L->fresh = 1;
            memcpy(s->snap + s->swords * s->depth, s->cur, bytes);
            s->depth++;
            s->st.guesses++;
        } else if (s->depth == 0) {
            /* ST_BACKTRACK with nothing left to resume */
            s->status = ST_DONE;
            return 0;
        }

        /* try the next digit of the innermost level */
        sg_level *L = &s->lv[s->depth - 1];
        const int c = L->cell;
        const uint32_t d = pick_digit(s, L->untried);
        L->untried &= ~d;
        if (!L->fresh) memcpy(s->cur, s->snap + s->swords * (s->depth - 1), bytes);
        L->fresh = 0;
        if (!L->untried) s->depth--; /* last alternative: no need to come back */
        s->st.nodes++;
        s->fail_cell = s->fail_house = -1;
        s->status = propagate(s, s->cur, NULL, c, d) < 0 ? ST_BACKTRACK : ST_DESCEND;
        if (s->status == ST_BACKTRACK) {
            s->wt[c]++;
            if (s->fail_cell >= 0) s->wt[s->fail_cell]++;
            if (s->fail_house >= 0) {
                const uint16_t *hc = s->houses + (size_t)s->fail_house * s->n;
                for (int i = 0; i < s->n; i++) s->wt[hc[i]]++;
            }
            if (++s->fails >= SG_DECAY_EVERY) {   /* the recent failures count most */
                s->fails = 0;
                for (int i = 0; i < nc; i++) s->wt[i] >>= 1;
            }
        }
    }
}

int sg_count(sg_solver *s, const uint8_t *givens, int limit, uint8_t *first_out,
             const uint64_t *rng, sd_stats *st) {
    int count = 0;
    if (limit < 1) limit = 1;
    if (sg_start(s, givens, rng) == 0) {
        while (count < limit) {
            uint8_t *buf = (count == 0 && first_out) ? first_out : s->scratch;
            int r = sg_next(s, buf);
            if (r == -2) {
                count = -2;
                break;
            }
            if (r == 0) break;
            count++;
        }
    }
    if (st) {
        st->guesses += s->st.guesses;
        st->nodes += s->st.nodes;
    }
    return count;
}

/* ---------------------------------------------------------------- nested refutation */

/* The work a nested refutation may still do: propagations left, and who may stop it. */
typedef struct {
    long left;
    int (*tick)(void *ctx); /* nonzero: stop now (looked at every NESTED_TICK propagations) */
    void *ctx;
    int stopped;
} nested_work;

#define NESTED_TICK 64

/* What a nested refutation answers once its work ends: -2 when stopped, else its hits,
 * or -3 when the budget ran out before any. */
static int nested_end(const nested_work *w, int nhits) {
    return w->stopped ? -2 : nhits ? nhits : w->left <= 0 ? -3 : 0;
}

/* Propagate state st with the digits m kept in cell c (all of them when m is the cell's
 * mask), counting one propagation against the work left. */
static int refute_step(sg_solver *s, uint32_t *st, int c, uint32_t m, nested_work *w) {
    if (--w->left % NESTED_TICK == 0 && w->tick && w->tick(w->ctx)) {
        w->stopped = 1;
        w->left = 0;
    }
    return propagate(s, st, NULL, c, m);
}

/* Open candidates of state st (cells with two or more), the strength of an assumption's
 * state: the fewer, the more likely its trials break it, and the cheaper they are. */
static int open_candidates(const uint32_t *st, int nc) {
    int open = 0;
    for (int c = 0; c < nc; c++)
        if (st[c] & (st[c] - 1)) open += sd_popc32(st[c]);
    return open;
}

/* Order of the assumptions: key (open candidates << 16 | index), ascending. */
static int by_key(const void *x, const void *y) {
    const int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

int sg_nested_refute(sg_solver *s, const uint32_t *masks, long budget, int max_hits,
                     int32_t *hits, int32_t *ninner, int32_t *inner, int max_inner,
                     int *nhits, int (*tick)(void *ctx), void *ctx) {
    const int nc = s->ncells, n = s->n, nh = s->nhouses;
    const size_t bytes = s->swords * sizeof *s->cur;
    uint32_t *root = s->snap, *a = s->snap + s->swords, *b = s->probe;
    uint32_t *pos = root + nc;
    int used = 0;   /* inner entries written */
    *nhits = 0;
    s->status = ST_DONE;   /* the search state is gone */
    for (int c = 0; c < nc; c++) root[c] = masks[c] & s->full;
    memset(pos, 0, (size_t)nh * (size_t)n * sizeof *pos);
    for (int h = 0; h < nh; h++)
        for (int i = 0; i < n; i++) {
            const int c = s->houses[(size_t)h * n + i];
            for (uint32_t m = root[c]; m; m &= m - 1) pos[(size_t)h * n + ctz(m)] |= 1u << i;
        }
    for (int c = 0; c < nc; c++)
        if (!root[c]) return -1;
    for (size_t i = 0; i < (size_t)nh * n; i++)
        if (!pos[i]) return -1;
    if (max_hits < 1) return 0;
    if (s->use_lc) memset(s->lcd, 1, (size_t)nh);
    nested_work w = {budget, tick, ctx, 0};
    if (refute_step(s, root, -1, 0, &w) < 0) return w.stopped ? -2 : -1;
    /* the assumptions, strongest state first (index: cell * 32 + digit - 1) */
    int64_t *order = malloc((size_t)nc * (size_t)n * sizeof *order);
    if (!order) return -4;
    int na = 0;
    for (int c = 0; c < nc; c++) {
        const uint32_t x = masks[c] & s->full;
        if (!(x & (x - 1))) continue;
        for (uint32_t m = x; m; m &= m - 1) {
            const uint32_t bit = m & -m;
            int open = 0;   /* the state's own propagation removes it: first of all */
            if (root[c] & bit) {
                if (root[c] == bit) continue;   /* the state's propagation places it */
                if (w.left <= 0) break;
                memcpy(a, root, bytes);
                open = refute_step(s, a, c, bit, &w) < 0 ? 0 : 1 + open_candidates(a, nc);
            }
            order[na++] = (int64_t)open << 16 | (c * 32 + ctz(bit));
        }
    }
    qsort(order, (size_t)na, sizeof *order, by_key);
    for (int k = 0; k < na && *nhits < max_hits && used < max_inner; k++) {
        const int c = (int)(order[k] & 0xFFFF) / 32;
        const uint32_t bit = 1u << (order[k] & 31);
        int found = 0, broken = order[k] >> 16 == 0;
        if (!broken) {
            if (w.left <= 0) break;
            memcpy(a, root, bytes);
            broken = refute_step(s, a, c, bit, &w) < 0;
        }
        /* A stands: try every open candidate of its state, removing those that break */
        for (int more = 1; more && !broken;) {
            more = 0;
            for (int c2 = 0; c2 < nc && !broken && w.left > 0; c2++)
                for (uint32_t m2 = a[c2]; m2 && !broken && w.left > 0; m2 &= m2 - 1) {
                    const uint32_t b2 = m2 & -m2;
                    if (!(a[c2] & b2) || !(a[c2] & (a[c2] - 1))) continue;
                    memcpy(b, a, bytes);
                    if (refute_step(s, b, c2, b2, &w) >= 0) continue;
                    if (used + found < max_inner) inner[used + found] = c2 * 32 + ctz(b2);
                    found++;
                    more = 1;
                    broken = refute_step(s, a, c2, a[c2] & ~b2, &w) < 0;
                }
        }
        if (broken) {
            const int h = (*nhits)++;
            hits[h] = c * 32 + ctz(bit);
            ninner[h] = found;
            used += found;
        }
    }
    free(order);
    return nested_end(&w, *nhits);
}
