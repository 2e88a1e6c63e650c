/* Detectors of the fish family (see detect9.h): finned and sashimi X-Wing, Swordfish and
 * Jellyfish, as found by shudu.logic.fish (_search_basic_finned and _classify).
 *
 * Work in "line space": for rows as base, line i = row i and position j = column j; for
 * columns as base, line i = column i and position j = row j.  Peers and boxes look the
 * same in both (a box is band i / 3 by stack j / 3), so one search serves both.
 *
 * The Python search, for `size` base lines (each holding the digit), a box b (band bi,
 * stack bj) holding base cells, and cover lines = the required ones (positions of base
 * cells outside b) plus `size - nreq` optional touched positions: fins are the uncovered
 * base cells (all in b), 1..5 of them; the eliminations are cells of covered positions,
 * outside the base lines, that see every fin, i.e. (fins all in box b) the cells of box b
 * in a covered position and a non-base line of band bi.  The fish is sashimi when some
 * base line has at most one non-fin candidate (= candidate in a cover position), finned
 * otherwise.  Siamese pairs add no new detection (each half already yields a step of its
 * own kind with eliminations).  Every elimination is of a present candidate, so a fish
 * with eliminations changes the state. */
#include <string.h>

#include "detect9.h"

/* The search for one digit, one orientation and one fin box (band bi, stack bj). */
typedef struct {
    const uint16_t *g;   /* line-space masks of the digit */
    unsigned r[9];       /* per line: positions that must be covered (outside the box) */
    int lines[9];        /* candidate base lines */
    int n;
    unsigned band, stack;
    int size;
    unsigned want;       /* the kinds looked for: bit 0 finned, bit 1 sashimi */
    unsigned found;      /* the kinds met so far */
} fish_ctx;

/* A base set is chosen (bit set `base`, required cover positions `req`): try the
 * optional cover positions inside the stack, noting the kinds of fish met in x->found;
 * 1 once a wanted kind is met. */
static int fish_leaf(fish_ctx *x, unsigned base, unsigned req) {
    const uint16_t *g = x->g;
    unsigned finbase = 0, e = 0, touched = req;
    for (int i = 0; i < 9; i++) {
        if (!(x->band >> i & 1u)) continue;
        unsigned in = (unsigned)g[i] & x->stack;
        if (base >> i & 1u) {
            finbase |= in;
            touched |= in;
        } else {
            e |= in;
        }
    }
    if (!finbase || !e) return 0;
    int nreq = b9_popc9(req);
    int k = x->size - nreq;
    unsigned optional = touched & ~req; /* within the stack */
    if (b9_popc9(optional) < k) return 0;
    unsigned sub = optional;
    for (;;) {
        if (b9_popc9(sub) == k) {
            unsigned cv = req | sub;
            if (e & cv) {
                int nfins = 0, sash = 0;
                for (int i = 0; i < 9; i++) {
                    if (!(base >> i & 1u)) continue;
                    nfins += b9_popc9((unsigned)g[i] & ~cv);
                    if (b9_popc9((unsigned)g[i] & cv) <= 1) sash = 1;
                }
                if (nfins > 0 && nfins <= 5) {
                    x->found |= 1u << sash;
                    if (x->found & x->want) return 1;
                }
            }
        }
        if (!sub) break;
        sub = (sub - 1) & optional;
    }
    return 0;
}

static int fish_dfs(fish_ctx *x, int start, int need, unsigned base, unsigned req) {
    for (int t = start; t <= x->n - need; t++) {
        int i = x->lines[t];
        unsigned r2 = req | x->r[i];
        if (b9_popc9(r2) > x->size) continue;
        if (need == 1) {
            if (fish_leaf(x, base | 1u << i, r2)) return 1;
        } else if (fish_dfs(x, t + 1, need - 1, base | 1u << i, r2)) {
            return 1;
        }
    }
    return 0;
}

/* The kinds (bit 0 finned, bit 1 sashimi) of fish of the size that digit d has and that
 * remove something, the search stopping at the first kind of `want`: every kind is
 * found when the answer has no bit of want. */
static unsigned fish_kinds(const d9_state *s, int d, int size, unsigned want) {
    fish_ctx x;
    x.size = size;
    x.want = want;
    x.found = 0;
    for (int o = 0; o < 2; o++) {
        const uint16_t *g = &s->pos[d][9 * o];
        x.g = g;
        int nz = 0;
        for (int i = 0; i < 9; i++) nz += g[i] != 0;
        if (nz < size) continue;
        for (int bi = 0; bi < 3; bi++) {
            for (int bj = 0; bj < 3; bj++) {
                x.band = 7u << (3 * bi);
                x.stack = 7u << (3 * bj);
                /* the box needs the digit in two lines: a fin and an elimination */
                int inbox = 0;
                for (int i = 3 * bi; i < 3 * bi + 3; i++) inbox += (g[i] & x.stack) != 0;
                if (inbox < 2) continue;
                x.n = 0;
                for (int i = 0; i < 9; i++) {
                    if (!g[i]) continue;
                    unsigned r = (x.band >> i & 1u) ? (unsigned)g[i] & ~x.stack
                                                    : (unsigned)g[i];
                    if (b9_popc9(r) > size) continue;
                    x.r[i] = r;
                    x.lines[x.n++] = i;
                }
                if (x.n < size) continue;
                if (fish_dfs(&x, 0, size, 0, 0)) return x.found;
            }
        }
    }
    return x.found;
}

/* Whether digit d has a finned (sashimi) fish of the size that removes something. */
static int fish_digit(const d9_state *s, int d, int size, int sashimi) {
    return fish_kinds(s, d, size, 1u << (sashimi ? 1 : 0)) != 0;
}

int d9_finned_fish(const d9_state *s, int size, int sashimi) {
    int kind = sashimi ? 1 : 0;
    if (!s->rects || size < 2 || size > 4) {
        for (int d = 0; d < 9; d++)
            if (fish_digit(s, d, size, sashimi)) return 1;
        return 0;
    }
    signed char *known = s->rects->fish[size - 2];
    if (known[kind] < 0) {
        /* both kinds at once: a search that ends without the asked kind answers both */
        unsigned found = 0;
        int d = 0;
        for (; d < 9 && !(found & 1u << kind); d++) found |= fish_kinds(s, d, size, 1u << kind);
        for (int k = 0; k < 2; k++)
            if (found >> k & 1u) known[k] = 1;
            else if (d == 9 && !(found & 1u << kind)) known[k] = 0;
        if (known[kind] < 0) known[kind] = 0;
    }
    return known[kind];
}

unsigned d9_finned_fish_digits(const d9_state *s, int size, int sashimi) {
    unsigned out = 0;
    for (int d = 0; d < 9; d++)
        if (fish_digit(s, d, size, sashimi)) out |= 1u << d;
    return out;
}

/* ---- the fish themselves: shudu.logic.fish._search_basic_finned, in C ----
 *
 * For `size` base lines of one orientation holding the digit (rows, or columns), in the
 * order of itertools.combinations over the lines that hold it: the cover positions the
 * base cells touch; for each box the base cells meet (lowest first), the positions of
 * base cells outside the box are required covers, and every choice of the missing covers
 * among the other touched positions (again in combinations order) makes a fish when its
 * uncovered base cells (the fins, 1..5, all in that box) see a covered cell outside the
 * base lines that holds the digit.  Houses are B9_HOUSE_BB's: rows 0-8, columns 9-17,
 * boxes 18-26. */
typedef struct {
    bb81 cover[9];          /* the digit's cells in each cover line */
    bb81 dm;
    int size, cover_off;
    int nu;                 /* lines holding the digit */
    int uh[9];              /* their house index */
    bb81 um[9];             /* their cells of the digit */
    unsigned ucov[9];       /* the cover positions they touch */
    unsigned uboxes[9];     /* the boxes they touch */
    unsigned uinbox[9][9];  /* per box: the cover positions touched inside it */
    d9_fish_sink sink;
    void *ctx;
    int stop;
} f9_search;

/* A base set is chosen (unit indices u[0..size-1]). */
static void f9_base(f9_search *f, const int *u) {
    const int size = f->size;
    bb81 bcells = bb_make(0, 0), lines = bcells, open = bcells;
    unsigned touched = 0, boxes = 0;
    for (int k = 0; k < size; k++) {
        bcells = bb_or(bcells, f->um[u[k]]);
        touched |= f->ucov[u[k]];
        boxes |= f->uboxes[u[k]];
        lines = bb_or(lines, B9_HOUSE_BB[f->uh[u[k]]]);
    }
    if (b9_popc(touched) <= size) return; /* every base cell covered: no fin */
    for (unsigned t = touched; t; t &= t - 1) open = bb_or(open, f->cover[b9_ctz(t)]);
    open = bb_andnot(open, lines);
    for (unsigned bx = boxes; bx && !f->stop; bx &= bx - 1) {
        const int b = b9_ctz(bx);
        if (!bb_meets(open, B9_HOUSE_BB[18 + b])) continue;
        unsigned req = 0;
        for (int k = 0; k < size; k++) req |= f->ucov[u[k]] & ~f->uinbox[u[k]][b];
        const int nreq = b9_popc(req);
        if (nreq > size) continue;
        bb81 covreq = bb_make(0, 0);
        for (unsigned t = req; t; t &= t - 1) covreq = bb_or(covreq, f->cover[b9_ctz(t)]);
        int opt[9], nopt = 0;
        for (unsigned t = touched & ~req; t; t &= t - 1) opt[nopt++] = b9_ctz(t);
        const int k = size - nreq;
        if (k > nopt) continue;
        int pick[4];
        for (int i = 0; i < k; i++) pick[i] = i;
        for (;;) {
            bb81 covered = covreq;
            unsigned more = 0;
            for (int i = 0; i < k; i++) {
                covered = bb_or(covered, f->cover[opt[pick[i]]]);
                more |= 1u << opt[pick[i]];
            }
            const bb81 fins = bb_andnot(bcells, covered);
            const int nf = bb_count(fins);
            if (nf > 0 && nf <= 5) {
                bb81 fp = f->dm;
                for (bb81 t = fins; bb_any(t);) fp = bb_and(fp, B9_PEER_BB[bb_pop_low(&t)]);
                const bb81 elim = bb_and(bb_andnot(covered, bcells), fp);
                if (bb_any(elim)) {
                    int base[4], cover[4], nc = 0;
                    for (int i = 0; i < size; i++) base[i] = f->uh[u[i]];
                    for (unsigned t = req | more; t; t &= t - 1) cover[nc++] = f->cover_off + b9_ctz(t);
                    if (f->sink(f->ctx, base, cover, size, bcells, fins, elim) < 0) {
                        f->stop = 1;
                        return;
                    }
                }
            }
            /* next combination of k among nopt */
            int i = k - 1;
            while (i >= 0 && pick[i] == nopt - k + i) i--;
            if (i < 0) break;
            pick[i]++;
            for (int j = i + 1; j < k; j++) pick[j] = pick[j - 1] + 1;
        }
    }
}

int d9_finned_fish_list(bb81 dm, int size, int base_kind, d9_fish_sink sink, void *ctx) {
    if (size < 2 || size > 4 || (base_kind != 0 && base_kind != 1)) return -1;
    f9_search f;
    memset(&f, 0, sizeof f);
    f.dm = bb_make(dm.lo, dm.hi & BB81_HI_ALL);
    f.size = size;
    f.cover_off = base_kind ? 0 : 9;
    f.sink = sink;
    f.ctx = ctx;
    const int base_off = base_kind * 9;
    for (int j = 0; j < 9; j++) f.cover[j] = bb_and(B9_HOUSE_BB[f.cover_off + j], f.dm);
    for (int i = 0; i < 9; i++) {
        const bb81 m = bb_and(B9_HOUSE_BB[base_off + i], f.dm);
        if (!bb_any(m)) continue;
        const int n = f.nu++;
        f.uh[n] = base_off + i;
        f.um[n] = m;
        for (bb81 t = m; bb_any(t);) {
            const int c = bb_pop_low(&t);
            const unsigned bit = 1u << (base_kind ? b9_row(c) : b9_col(c));
            const int b = b9_box(c);
            f.ucov[n] |= bit;
            f.uboxes[n] |= 1u << b;
            f.uinbox[n][b] |= bit;
        }
    }
    if (f.nu < size) return 0;
    int u[4];
    for (int i = 0; i < size; i++) u[i] = i;
    for (;;) {
        f9_base(&f, u);
        if (f.stop) return -1;
        int i = size - 1;
        while (i >= 0 && u[i] == f.nu - size + i) i--;
        if (i < 0) break;
        u[i]++;
        for (int j = i + 1; j < size; j++) u[j] = u[j - 1] + 1;
    }
    return 0;
}
