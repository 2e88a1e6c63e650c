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
#include "detect9.h"

/* The search for one digit, one orientation and one fin box (band bi, stack bj). */
typedef struct {
    const uint16_t *g;   /* line-space masks of the digit */
    unsigned r[9];       /* per line: positions that must be covered (outside the box) */
    int lines[9];        /* candidate base lines */
    int n;
    unsigned band, stack;
    int size, sashimi;
} fish_ctx;

/* A base set is chosen (bit set `base`, required cover positions `req`): try the
 * optional cover positions inside the stack. */
static int fish_leaf(const fish_ctx *x, unsigned base, unsigned req) {
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
                if (nfins > 0 && nfins <= 5 && sash == x->sashimi) return 1;
            }
        }
        if (!sub) break;
        sub = (sub - 1) & optional;
    }
    return 0;
}

static int fish_dfs(const fish_ctx *x, int start, int need, unsigned base, unsigned req) {
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

/* Whether digit d has a finned (sashimi) fish of the size that removes something. */
static int fish_digit(const d9_state *s, int d, int size, int sashimi) {
    fish_ctx x;
    x.size = size;
    x.sashimi = sashimi ? 1 : 0;
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
                if (fish_dfs(&x, 0, size, 0, 0)) return 1;
            }
        }
    }
    return 0;
}

int d9_finned_fish(const d9_state *s, int size, int sashimi) {
    for (int d = 0; d < 9; d++)
        if (fish_digit(s, d, size, sashimi)) return 1;
    return 0;
}

unsigned d9_finned_fish_digits(const d9_state *s, int size, int sashimi) {
    unsigned out = 0;
    for (int d = 0; d < 9; d++)
        if (fish_digit(s, d, size, sashimi)) out |= 1u << d;
    return out;
}
