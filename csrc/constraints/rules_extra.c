/* Constraints beyond houses, peers and killer cages (see rules_extra.h). */
#include "rules_extra.h"
#include "cliques.h"
#include "outside.h"
#include "sums.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gx_rec {
    int32_t kind;
    int32_t at;      /* offset of the record's data in gx_set.data */
    uint64_t quiet;  /* exact sums: a hash of the masks the last check found nothing in */
    uint64_t dquiet; /* the same for the check with digits differing (distinct_linear) */
    int32_t view, nviews;   /* sums of cells some of which see each other: its views */
} gx_rec;

/* A view of a sum whose cells see each other: its cells split into groups of cells that
 * all see each other, the groups one after the other (order[i]: the term at place i),
 * with only cells of one group linked (links[i], by place).  The walk of such a view is
 * quick (what a group leaves for the next is only its sum) and sound (it drops links);
 * the views of a sum together use every link (a diagonal's box groups and its disjoint
 * groups). */
typedef struct gx_view {
    int32_t order[SUMS_MAX_CELLS];
    uint32_t links[SUMS_MAX_CELLS];
} gx_view;

struct gx_set {
    int n, ncells;
    uint32_t full;
    int nrec;
    gx_rec *rec;
    /* data per record:
     *   PAIR     a b fwd[n] bwd[n]
     *   MASK     c m
     *   LINEAR   k total (c w)*k
     *   RENBAN   k c*k
     *   SANDWICH total k c*k
     *   BETWEEN  k gap out a b c*k */
    int32_t *data;
    gx_view *views;    /* see gx_rec.view (gx_use_peers) */
    sums_scratch *scratch;   /* their walks' memory */
    int light;         /* gx_light */
    int deep;          /* gx_deep */
    uint32_t *work;    /* ncells: the narrowed masks during one gx_narrow */
    uint8_t *touched;  /* ncells */
    uint8_t *reach;    /* scratch of the exact sum check: (k + 1) sets of span bytes, twice */
    size_t reach_size;
    /* Only records with a cell that changed are looked at again: the cells' records
     * (cstart[c] .. cstart[c + 1] in crec), the masks of the last state every record
     * was narrowed to a fixpoint in (valid once one call succeeded), and a queue of
     * the records to look at (each at most once: queued[r]). */
    int32_t *cstart, *crec;
    uint32_t *seen;
    int valid;
    int32_t *queue;
    int qhead, qlen;
    uint8_t *queued;
    gx_outside *outside;   /* the scratch of the records of outside.h, when there are some */
};

/* Weighted sums of at most this many terms, whose sums span at most GX_SPAN values, are
 * narrowed exactly (every digit kept has a way to make the total with the other cells'
 * candidates, digits free to repeat); larger ones by bounds only. */
#define GX_EXACT_TERMS 16
#define GX_SPAN 2048

/* The views a sum whose cells see each other may have (distinct_linear). */
#define GX_VIEWS 4

static inline int lo_digit(uint32_t m) { return sd_ctz32(m) + 1; }
static inline int hi_digit(uint32_t m) { return 32 - sd_clz32(m); }

void gx_free(gx_set *g) {
    if (!g) return;
    free(g->rec);
    free(g->data);
    free(g->views);
    sums_scratch_free(g->scratch);
    free(g->work);
    free(g->touched);
    free(g->reach);
    free(g->cstart);
    free(g->crec);
    free(g->seen);
    free(g->queue);
    free(g->queued);
    gx_outside_free(g->outside);
    free(g);
}

/* The cells of record r, written to out (at most ncells); returns how many. */
static int rec_cells(const gx_set *g, int r, int32_t *out) {
    const int32_t *o = g->data + g->rec[r].at;
    switch (g->rec[r].kind) {
    case GX_PAIR: out[0] = o[0]; out[1] = o[1]; return 2;
    case GX_MASK: out[0] = o[0]; return 1;
    case GX_LINEAR:
    case GX_BOUND:
        for (int32_t j = 0; j < o[0]; j++) out[j] = o[2 + 2 * j];
        return o[0];
    case GX_RENBAN:
        for (int32_t j = 0; j < o[0]; j++) out[j] = o[1 + j];
        return o[0];
    case GX_SANDWICH:
        for (int32_t j = 0; j < o[1]; j++) out[j] = o[2 + j];
        return o[1];
    case GX_BETWEEN:
        for (int32_t j = 0; j < o[0] + 2; j++) out[j] = o[3 + j];
        return o[0] + 2;
    default: return gx_outside_kind(g->rec[r].kind) ? gx_outside_cells(g->rec[r].kind, o, out) : 0;
    }
}

/* The cell-to-records index; 0, or -1 when memory runs out. */
static int index_cells(gx_set *g) {
    const int nc = g->ncells;
    int32_t *tmp = malloc((size_t)nc * sizeof *tmp);
    g->cstart = calloc((size_t)nc + 1, sizeof *g->cstart);
    g->seen = calloc((size_t)nc, sizeof *g->seen);
    g->queue = malloc((size_t)(g->nrec ? g->nrec : 1) * sizeof *g->queue);
    g->queued = calloc((size_t)(g->nrec ? g->nrec : 1), 1);
    if (!tmp || !g->cstart || !g->seen || !g->queue || !g->queued) {
        free(tmp);
        return -1;
    }
    size_t total = 0;
    for (int r = 0; r < g->nrec; r++) {
        const int k = rec_cells(g, r, tmp);
        for (int j = 0; j < k; j++) g->cstart[tmp[j] + 1]++;
        total += (size_t)k;
    }
    for (int c = 0; c < nc; c++) g->cstart[c + 1] += g->cstart[c];
    g->crec = malloc((total ? total : 1) * sizeof *g->crec);
    int32_t *fill = malloc((size_t)nc * sizeof *fill);
    if (!g->crec || !fill) {
        free(tmp);
        free(fill);
        return -1;
    }
    memcpy(fill, g->cstart, (size_t)nc * sizeof *fill);
    for (int r = 0; r < g->nrec; r++) {
        const int k = rec_cells(g, r, tmp);
        for (int j = 0; j < k; j++) g->crec[fill[tmp[j]]++] = r;
    }
    free(tmp);
    free(fill);
    return 0;
}

static inline void enqueue_cell(gx_set *g, int c) {
    for (int32_t i = g->cstart[c]; i < g->cstart[c + 1]; i++) {
        const int32_t r = g->crec[i];
        if (g->queued[r]) continue;
        g->queued[r] = 1;
        int at = g->qhead + g->qlen;
        if (at >= g->nrec) at -= g->nrec;
        g->queue[at] = r;
        g->qlen++;
    }
}

size_t gx_capacity(const gx_set *g) { return (size_t)g->ncells; }

#define BAD(...)                                  \
    do {                                          \
        if (err && errlen) snprintf(err, errlen, __VA_ARGS__); \
        goto fail;                                \
    } while (0)

/* Cells prog[at .. at+k*step) (every step-th value) are in range and distinct. */
static int cells_ok(const int32_t *prog, size_t at, int32_t k, int step, int ncells, uint32_t *stamp,
                    uint32_t mark) {
    for (int32_t i = 0; i < k; i++) {
        const int32_t c = prog[at + (size_t)i * (size_t)step];
        if (c < 0 || c >= ncells || stamp[c] == mark) return 0;
        stamp[c] = mark;
    }
    return 1;
}

gx_set *gx_new(int n, int ncells, const int32_t *prog, size_t len, char *err, size_t errlen) {
    gx_set *g = NULL;
    uint32_t *stamp = NULL;
    if (n < 1 || n > 32 || ncells < 1 || ncells > 65535) BAD("grid size out of range");
    g = calloc(1, sizeof *g);
    stamp = calloc((size_t)ncells, sizeof *stamp);
    if (!g || !stamp) BAD("out of memory");
    g->n = n;
    g->ncells = ncells;
    g->full = n == 32 ? 0xffffffffu : ((1u << n) - 1);
    /* pass 0 checks and sizes, pass 1 copies */
    size_t ndata = 0, ndata_reach = 0;
    for (int pass = 0; pass < 2; pass++) {
        size_t i = 0;
        int r = 0;
        size_t out = 0;
        while (i < len) {
            const int32_t kind = prog[i];
            const size_t at = i + 1;
            size_t used = 0;    /* program values after the kind */
            size_t stored = 0;  /* data values kept */
            const uint32_t mark = (uint32_t)r + 1 + (pass ? 0x40000000u : 0); /* fresh per record */
            switch (kind) {
            case GX_PAIR: {
                used = 2 + (size_t)n;
                if (at + used > len) BAD("record %d: a relation needs 2 cells and %d masks", r, n);
                const int32_t a = prog[at], b = prog[at + 1];
                if (a < 0 || a >= ncells || b < 0 || b >= ncells || a == b)
                    BAD("record %d: a relation needs two different cells of the grid", r);
                for (int d = 0; d < n; d++)
                    if ((uint32_t)prog[at + 2 + d] & ~g->full)
                        BAD("record %d: a relation mask holds a digit above %d", r, n);
                stored = 2 + 2 * (size_t)n;
                if (pass) {
                    int32_t *o = g->data + out;
                    o[0] = a;
                    o[1] = b;
                    uint32_t *fwd = (uint32_t *)(o + 2), *bwd = fwd + n;
                    memset(bwd, 0, (size_t)n * sizeof *bwd);
                    for (int d = 0; d < n; d++) {
                        fwd[d] = (uint32_t)prog[at + 2 + d];
                        for (uint32_t m = fwd[d]; m; m &= m - 1) bwd[sd_ctz32(m)] |= 1u << d;
                    }
                }
                break;
            }
            case GX_MASK:
                used = stored = 2;
                if (at + used > len) BAD("record %d: a digit mask needs a cell and a mask", r);
                if (prog[at] < 0 || prog[at] >= ncells) BAD("record %d: the cell is off the grid", r);
                if ((uint32_t)prog[at + 1] & ~g->full) BAD("record %d: the mask holds a digit above %d", r, n);
                if (pass) memcpy(g->data + out, prog + at, 2 * sizeof *prog);
                break;
            case GX_LINEAR:
            case GX_BOUND: {
                if (at + 2 > len) BAD("record %d: a sum needs a count and a total", r);
                const int32_t k = prog[at], total = prog[at + 1];
                if (k < 1 || k > ncells || at + 2 + 2 * (size_t)k > len)
                    BAD("record %d: a sum needs 1..%d (cell, weight) pairs", r, ncells);
                if (total < -(1 << 28) || total > (1 << 28)) BAD("record %d: the total is out of range", r);
                if (!cells_ok(prog, at + 2, k, 2, ncells, stamp, mark))
                    BAD("record %d: a sum's cells must lie on the grid and differ", r);
                int64_t reach = 0;
                for (int32_t j = 0; j < k; j++) {
                    const int32_t w = prog[at + 3 + 2 * (size_t)j];
                    if (w == 0 || w < -100000 || w > 100000)
                        BAD("record %d: a weight must be non-zero and at most 100000", r);
                    reach += (int64_t)(w < 0 ? -w : w) * n;
                }
                if (reach > (1 << 28)) BAD("record %d: the sum can grow too large", r);
                if (k <= GX_EXACT_TERMS && reach < GX_SPAN) {
                    const size_t need = 2 * (size_t)(k + 1) * (size_t)(reach + 1);
                    if (need > ndata_reach) ndata_reach = need;
                }
                used = stored = 2 + 2 * (size_t)k;
                if (pass) memcpy(g->data + out, prog + at, used * sizeof *prog);
                break;
            }
            case GX_RENBAN: {
                if (at + 1 > len) BAD("record %d: a renban needs a count", r);
                const int32_t k = prog[at];
                if (k < 1 || k > n || at + 1 + (size_t)k > len) BAD("record %d: a renban holds 1..%d cells", r, n);
                if (!cells_ok(prog, at + 1, k, 1, ncells, stamp, mark))
                    BAD("record %d: a renban's cells must lie on the grid and differ", r);
                used = stored = 1 + (size_t)k;
                if (pass) memcpy(g->data + out, prog + at, used * sizeof *prog);
                break;
            }
            case GX_SANDWICH: {
                if (at + 2 > len) BAD("record %d: a sandwich needs a total and a count", r);
                const int32_t total = prog[at], k = prog[at + 1];
                if (n < 2) BAD("record %d: a sandwich needs digits 1 and n >= 2", r);
                if (k < 2 || k > ncells || at + 2 + (size_t)k > len) BAD("record %d: a sandwich needs 2..%d cells", r, ncells);
                if (total < 0 || total > n * n * 32) BAD("record %d: the sandwich total is out of range", r);
                if (!cells_ok(prog, at + 2, k, 1, ncells, stamp, mark))
                    BAD("record %d: a sandwich's cells must lie on the grid and differ", r);
                used = stored = 2 + (size_t)k;
                if (pass) memcpy(g->data + out, prog + at, used * sizeof *prog);
                break;
            }
            case GX_BETWEEN: {
                if (at + 3 > len) BAD("record %d: a between line needs a count, a gap and a side", r);
                const int32_t k = prog[at], gap = prog[at + 1], outside = prog[at + 2];
                if (k < 0 || k > ncells - 2 || at + 5 + (size_t)k > len)
                    BAD("record %d: a between line needs 2 ends and 0..%d cells", r, ncells - 2);
                if (gap < 0 || gap > n || (outside != 0 && outside != 1))
                    BAD("record %d: a between line's gap is 0..%d and its side 0 or 1", r, n);
                if (!cells_ok(prog, at + 3, k + 2, 1, ncells, stamp, mark))
                    BAD("record %d: a between line's cells must lie on the grid and differ", r);
                used = stored = 5 + (size_t)k;
                if (pass) memcpy(g->data + out, prog + at, used * sizeof *prog);
                break;
            }
            default:
                if (!gx_outside_kind(kind)) BAD("record %d: unknown kind %d", r, (int)kind);
                used = stored = gx_outside_size(kind, n, ncells, prog + at, len - at, stamp, mark,
                                                r, err, errlen);
                if (!used) goto fail;
                if (pass) memcpy(g->data + out, prog + at, used * sizeof *prog);
                else if (!g->outside && !(g->outside = gx_outside_new(n))) BAD("out of memory");
                break;
            }
            if (pass) g->rec[r] = (gx_rec){.kind = kind, .at = (int32_t)out};
            out += stored;
            i = at + used;
            r++;
        }
        if (!pass) {
            g->nrec = r;
            ndata = out;
            if (ndata > (size_t)INT32_MAX) BAD("the program is too large");
            g->rec = malloc((size_t)(r ? r : 1) * sizeof *g->rec);
            g->data = malloc((ndata ? ndata : 1) * sizeof *g->data);
            g->work = malloc((size_t)ncells * sizeof *g->work);
            g->touched = calloc((size_t)ncells, 1);
            g->reach_size = ndata_reach;
            g->reach = ndata_reach ? malloc(ndata_reach) : NULL;
            if (!g->rec || !g->data || !g->work || !g->touched || (ndata_reach && !g->reach))
                BAD("out of memory");
        }
    }
    if (index_cells(g) < 0) BAD("out of memory");
    free(stamp);
    return g;
fail:
    free(stamp);
    gx_free(g);
    return NULL;
}

/* Keep only the digits m of cell c; 1 when that removed something, -1 when nothing is
 * left. */
static inline int keep(gx_set *g, int c, uint32_t m) {
    const uint32_t old = g->work[c], now = old & m;
    if (now == old) return 0;
    if (!now) return -1;
    g->work[c] = now;
    g->touched[c] = 1;
    enqueue_cell(g, c);
    return 1;
}

static int narrow_pair(gx_set *g, const int32_t *o) {
    const int n = g->n, a = o[0], b = o[1];
    const uint32_t *fwd = (const uint32_t *)(o + 2), *bwd = fwd + n;
    uint32_t sb = 0, sa = 0;
    for (uint32_t m = g->work[a]; m; m &= m - 1) sb |= fwd[sd_ctz32(m)];
    for (uint32_t m = g->work[b]; m; m &= m - 1) sa |= bwd[sd_ctz32(m)];
    const int x = keep(g, a, sa);
    if (x < 0) return -1;
    const int y = keep(g, b, sb);
    if (y < 0) return -1;
    return x | y;
}

/* Bounds of a weighted sum: every term keeps the digits whose value leaves the rest
 * able to make the total. */
static int narrow_linear(gx_set *g, const int32_t *o) {
    const int32_t k = o[0], total = o[1];
    const int32_t *t = o + 2;
    int64_t lo = 0, hi = 0;
    for (int32_t j = 0; j < k; j++) {
        const uint32_t m = g->work[t[2 * j]];
        const int64_t w = t[2 * j + 1], a = w * lo_digit(m), b = w * hi_digit(m);
        lo += a < b ? a : b;
        hi += a < b ? b : a;
    }
    if (total < lo || total > hi) return -1;
    int changed = 0;
    for (int32_t j = 0; j < k; j++) {
        const int c = t[2 * j];
        const uint32_t m = g->work[c];
        const int64_t w = t[2 * j + 1], a = w * lo_digit(m), b = w * hi_digit(m);
        const int64_t own_lo = a < b ? a : b, own_hi = a < b ? b : a;
        const int64_t min = total - (hi - own_hi), max = total - (lo - own_lo);
        if (own_lo >= min && own_hi <= max) continue;
        uint32_t ok = 0;
        for (uint32_t x = m; x; x &= x - 1) {
            const int64_t v = w * lo_digit(x);
            if (v >= min && v <= max) ok |= x & -x;
        }
        const int r = keep(g, c, ok);
        if (r < 0) return -1;
        changed |= r;
    }
    return changed;
}

#if SD_HAVE_INT128
/* exact_linear for sums spanning fewer than 128 values: the prefix sets, and the suffix
 * sets reversed (bit i: the suffix can make its largest sum less i), are bits of one
 * 128-bit word (where the compiler has 128-bit integers; elsewhere the general path below
 * finds the same).  A digit of term j stays when the prefix set, shifted by what the
 * digit leaves, meets the reversed suffix set: one shift and one test per digit. */
typedef unsigned __int128 gx_u128;

static inline gx_u128 shift128(gx_u128 x, int64_t by) {
    if (by >= 128 || by <= -128) return 0;
    return by >= 0 ? x << by : x >> -by;
}

static int exact_linear_small(gx_set *g, const int32_t *o, int64_t span) {
    const int32_t k = o[0], total = o[1];
    const int32_t *t = o + 2;
    const int n = g->n;
    const gx_u128 all = span >= 127 ? ~(gx_u128)0 : (((gx_u128)1 << (span + 1)) - 1);
    gx_u128 pre[GX_EXACT_TERMS + 1], rsuf[GX_EXACT_TERMS + 1];
    int64_t low_pre[GX_EXACT_TERMS + 1], low_suf[GX_EXACT_TERMS + 1];
    int64_t wide_suf[GX_EXACT_TERMS + 1];   /* largest suffix sum, offset by its least */
    pre[0] = 1;
    low_pre[0] = 0;
    for (int32_t j = 0; j < k; j++) {
        const int64_t w = t[2 * j + 1], least = w < 0 ? w * n : w;
        gx_u128 to = 0;
        for (uint32_t x = g->work[t[2 * j]]; x; x &= x - 1)
            to |= pre[j] << (w * lo_digit(x) - least);
        pre[j + 1] = to & all;
        low_pre[j + 1] = low_pre[j] + least;
    }
    rsuf[k] = 1;
    low_suf[k] = 0;
    wide_suf[k] = 0;
    for (int32_t j = k - 1; j >= 0; j--) {
        const int64_t w = t[2 * j + 1], least = w < 0 ? w * n : w;
        const int64_t wide = (w < 0 ? -w : w) * (n - 1);
        gx_u128 to = 0;
        for (uint32_t x = g->work[t[2 * j]]; x; x &= x - 1)
            to |= rsuf[j + 1] << (wide - (w * lo_digit(x) - least));
        rsuf[j] = to & all;
        low_suf[j] = low_suf[j + 1] + least;
        wide_suf[j] = wide_suf[j + 1] + wide;
    }
    const int64_t at = total - low_pre[k];
    if (at < 0 || at > span || !((pre[k] >> at) & 1)) return -1;
    int changed = 0;
    for (int32_t j = 0; j < k; j++) {
        const int64_t w = t[2 * j + 1];
        const int c = t[2 * j];
        uint32_t ok = 0;
        for (uint32_t x = g->work[c]; x; x &= x - 1) {
            /* a prefix sum a and a suffix sum s with a + s = need: bit a + wide - need of
             * the reversed suffix set */
            const int64_t need = total - w * lo_digit(x) - low_pre[j] - low_suf[j + 1];
            if (shift128(pre[j], wide_suf[j + 1] - need) & rsuf[j + 1]) ok |= x & -x;
        }
        const int r = keep(g, c, ok);
        if (r < 0) return -1;
        changed |= r;
    }
    return changed;
}
#endif

/* Exact support of a weighted sum of few terms: prefix and suffix sets of the sums the
 * terms can make (offset by the least sum), then a digit of term j stays when some prefix
 * sum and some suffix sum complete it to the total. */
static int exact_linear(gx_set *g, const int32_t *o, uint64_t *quiet) {
    const int32_t k = o[0], total = o[1];
    const int32_t *t = o + 2;
    const int n = g->n;
    /* the same masks as the last check that found nothing: nothing again (a clash of
     * hashes only skips a narrowing; a full assignment is still checked by bounds) */
    uint64_t h = 1469598103934665603ULL;
    int open = 0;
    for (int32_t j = 0; j < k; j++) {
        const uint32_t m = g->work[t[2 * j]];
        open += (m & (m - 1)) != 0;
        h = (h ^ m) * 1099511628211ULL;
    }
    if (open < 2 || h == *quiet) return 0;
    int64_t span = 0;
    for (int32_t j = 0; j < k; j++) {
        const int64_t w = t[2 * j + 1];
        span += (w < 0 ? -w : w) * (n - 1);
    }
#if SD_HAVE_INT128
    if (k <= GX_EXACT_TERMS && span < 128) {
        const int x = exact_linear_small(g, o, span);
        if (x == 0) *quiet = h;
        return x;
    }
#endif
    if (k > GX_EXACT_TERMS || span >= GX_SPAN ||
        2 * (size_t)(k + 1) * (size_t)(span + 1) > g->reach_size)
        return 0;
    const size_t width = (size_t)span + 1;
    uint8_t *pre = g->reach, *suf = g->reach + (size_t)(k + 1) * width;
    /* pre[j]: sums of terms 0..j-1 (offset by their least); suf[j]: of terms j..k-1 */
    int64_t low_pre[GX_EXACT_TERMS + 1], low_suf[GX_EXACT_TERMS + 1];
    memset(pre, 0, width);
    pre[0] = 1;
    low_pre[0] = 0;
    for (int32_t j = 0; j < k; j++) {
        const int64_t w = t[2 * j + 1];
        const uint32_t m = g->work[t[2 * j]];
        uint8_t *from = pre + (size_t)j * width, *to = from + width;
        low_pre[j + 1] = low_pre[j] + (w < 0 ? w * n : w);
        memset(to, 0, width);
        for (size_t a = 0; a < width; a++) {
            if (!from[a]) continue;
            for (uint32_t x = m; x; x &= x - 1) {
                const int64_t v = (int64_t)a + low_pre[j] + w * lo_digit(x) - low_pre[j + 1];
                if (v >= 0 && v < (int64_t)width) to[v] = 1;
            }
        }
    }
    memset(suf + (size_t)k * width, 0, width);
    suf[(size_t)k * width] = 1;
    low_suf[k] = 0;
    for (int32_t j = k - 1; j >= 0; j--) {
        const int64_t w = t[2 * j + 1];
        const uint32_t m = g->work[t[2 * j]];
        uint8_t *from = suf + (size_t)(j + 1) * width, *to = suf + (size_t)j * width;
        low_suf[j] = low_suf[j + 1] + (w < 0 ? w * n : w);
        memset(to, 0, width);
        for (size_t a = 0; a < width; a++) {
            if (!from[a]) continue;
            for (uint32_t x = m; x; x &= x - 1) {
                const int64_t v = (int64_t)a + low_suf[j + 1] + w * lo_digit(x) - low_suf[j];
                if (v >= 0 && v < (int64_t)width) to[v] = 1;
            }
        }
    }
    if (total - low_pre[k] < 0 || total - low_pre[k] >= (int64_t)width ||
        !pre[(size_t)k * width + (size_t)(total - low_pre[k])])
        return -1;
    int changed = 0;
    for (int32_t j = 0; j < k; j++) {
        const int64_t w = t[2 * j + 1];
        const int c = t[2 * j];
        const uint8_t *p = pre + (size_t)j * width, *s = suf + (size_t)(j + 1) * width;
        uint32_t ok = 0;
        for (uint32_t x = g->work[c]; x; x &= x - 1) {
            const int64_t need = total - w * lo_digit(x);   /* what the others must make */
            int found = 0;
            for (size_t a = 0; a < width && !found; a++) {
                if (!p[a]) continue;
                const int64_t b = need - ((int64_t)a + low_pre[j]) - low_suf[j + 1];
                found = b >= 0 && b < (int64_t)width && s[b];
            }
            if (found) ok |= x & -x;
        }
        const int r = keep(g, c, ok);
        if (r < 0) return -1;
        changed |= r;
    }
    if (!changed) *quiet = h;
    return changed;
}

#if SD_HAVE_INT128
/* Fillings of the groups of a view (see gx_view) of few small groups, by sums: each group's
 * fillings (digits differ inside it) are listed, the sums the groups before and after it
 * can make are bits of one 128-bit word (offset by their least), and a filling of the
 * group stays when a sum before and a sum after complete it to the total. */
#define GX_GROUP_CELLS 4

typedef struct gx_fill {
    const uint32_t *masks;
    const int8_t *signs;
    int n, a, b;          /* the group's places a..b-1 */
    int mode;             /* 0: collect the group's sums; 1: keep its fillings that fit */
    gx_u128 sums;         /* mode 0: the sums of the group's fillings */
    gx_u128 others;       /* mode 1: the sums the other groups can make together */
    int at;               /* mode 1: the total, offset like the sums */
    uint32_t *out;
    uint8_t dig[GX_GROUP_CELLS];
} gx_fill;

static void group_fill(gx_fill *f, int i, uint32_t used, int sum) {
    if (i == f->b) {
        const int rest = f->at - sum;
        if (!f->mode)
            f->sums |= (gx_u128)1 << sum;
        else if (rest >= 0 && rest < 128 && ((f->others >> rest) & 1))
            for (int j = f->a; j < f->b; j++) f->out[j] |= 1u << f->dig[j - f->a];
        return;
    }
    for (uint32_t m = f->masks[i] & ~used; m; m &= m - 1) {
        const int d = sd_ctz32(m);   /* digit d + 1, its value less the least */
        f->dig[i - f->a] = (uint8_t)d;
        group_fill(f, i + 1, used | (m & -m), sum + (f->signs[i] > 0 ? d : f->n - 1 - d));
    }
}

/* sums_supports for a view; -2 when its groups are too large or its sums span 128
 * values or more (the walk does those). */
static int view_supports(int n, int k, int total, const uint32_t *masks, const int8_t *signs,
                         const uint32_t *links, uint32_t *out) {
    if ((int64_t)k * (n - 1) >= 128) return -2;
    int start[SUMS_MAX_CELLS + 1], ng = 0, least = 0;
    for (int i = 0; i < k; i++) {
        if (i == 0 || !(links[i] >> (i - 1) & 1)) start[ng++] = i;
        least += signs[i] > 0 ? 1 : -n;
    }
    start[ng] = k;
    for (int gi = 0; gi < ng; gi++)
        if (start[gi + 1] - start[gi] > GX_GROUP_CELLS) return -2;
    gx_fill f = {.masks = masks, .signs = signs, .n = n, .out = out};
    gx_u128 sums[SUMS_MAX_CELLS], pre[SUMS_MAX_CELLS + 1], suf[SUMS_MAX_CELLS + 1];
    pre[0] = 1;
    for (int gi = 0; gi < ng; gi++) {
        f.a = start[gi];
        f.b = start[gi + 1];
        f.sums = 0;
        group_fill(&f, f.a, 0, 0);
        sums[gi] = f.sums;
        pre[gi + 1] = cliques_add(pre[gi], f.sums);
    }
    memset(out, 0, (size_t)k * sizeof *out);
    f.at = total - least;
    if (f.at < 0 || f.at >= 128 || !((pre[ng] >> f.at) & 1)) return 0;
    suf[ng] = 1;
    for (int gi = ng - 1; gi >= 0; gi--) suf[gi] = cliques_add(suf[gi + 1], sums[gi]);
    f.mode = 1;
    for (int gi = 0; gi < ng; gi++) {
        f.a = start[gi];
        f.b = start[gi + 1];
        f.others = cliques_add(pre[gi], suf[gi + 1]);
        group_fill(&f, f.a, 0, 0);
    }
    return 1;
}
#else
/* Without 128-bit integers the walk of sums_supports narrows every view. */
static int view_supports(int n, int k, int total, const uint32_t *masks, const int8_t *signs,
                         const uint32_t *links, uint32_t *out) {
    (void)n, (void)k, (void)total, (void)masks, (void)signs, (void)links, (void)out;
    return -2;
}
#endif

/* Narrow a sum of +1/-1 terms some of whose cells see each other (so differ) over each of
 * its views: by view_supports, or by the walk of sums_supports where that cannot. */
static int distinct_linear(gx_set *g, gx_rec *rec) {
    const int32_t *o = g->data + rec->at;
    const int32_t k = o[0], total = o[1];
    const int32_t *t = o + 2;
    int open = 0;
    uint64_t h = 1469598103934665603ULL;
    for (int32_t j = 0; j < k; j++) {
        const uint32_t m = g->work[t[2 * j]];
        open += (m & (m - 1)) != 0;
        h = (h ^ m) * 1099511628211ULL;
    }
    if (open < 2) return 0;   /* the bounds are exact then; peers are the search's */
    if (h == rec->dquiet) return 0;
    int changed = 0;
    for (int32_t v = rec->view; v < rec->view + rec->nviews; v++) {
        const gx_view *view = &g->views[v];
        uint32_t masks[SUMS_MAX_CELLS], out[SUMS_MAX_CELLS];
        int8_t signs[SUMS_MAX_CELLS];
        for (int32_t i = 0; i < k; i++) {
            const int32_t j = view->order[i];
            masks[i] = g->work[t[2 * j]];
            signs[i] = (int8_t)(t[2 * j + 1] > 0 ? 1 : -1);
        }
        int found = cliques_supports(g->n, k, total, masks, signs, view->links, out);
        if (found == -2) found = view_supports(g->n, k, total, masks, signs, view->links, out);
        if (found == -2)
            found = sums_supports_with(g->scratch, total, k, masks, view->links, signs, out);
        if (found < 0) return 0;   /* out of memory: the bounds stand */
        if (!found) return -1;
        for (int32_t i = 0; i < k; i++) {
            const int r = keep(g, t[2 * view->order[i]], out[i]);
            if (r < 0) return -1;
            changed |= r;
        }
    }
    if (!changed) rec->dquiet = h;
    return changed;
}

/* A renban's digits are one window of k consecutive values: a window counts when every
 * cell has a digit in it and together they hold all of it. */
static int narrow_renban(gx_set *g, const int32_t *o) {
    const int32_t k = o[0];
    const int32_t *cells = o + 1;
    const int n = g->n;
    const uint32_t span = k == 32 ? 0xffffffffu : ((1u << k) - 1);
    uint32_t valid = 0;   /* union of the valid windows */
    for (int s = 0; s + k <= n; s++) {
        const uint32_t win = span << s;
        uint32_t seen = 0;
        int every = 1;
        for (int32_t j = 0; j < k && every; j++) {
            const uint32_t m = g->work[cells[j]] & win;
            every = m != 0;
            seen |= m;
        }
        if (every && seen == win) valid |= win;
    }
    if (!valid) return -1;
    int changed = 0;
    for (int32_t j = 0; j < k; j++) {
        const int r = keep(g, cells[j], valid);
        if (r < 0) return -1;
        changed |= r;
    }
    return changed;
}

/* The digits strictly between x and y (outside = 0), or below and above both of them
 * and every digit between (outside = 1), as a mask of n digits. */
static inline uint32_t between_mask(int n, int x, int y, int outside) {
    const int lo = x < y ? x : y, hi = x < y ? y : x;
    const uint64_t full = n == 32 ? 0xffffffffull : ((1ull << n) - 1);
    if (!outside) return (uint32_t)(((1ull << (hi - 1)) - 1) & ~((1ull << lo) - 1));
    return (uint32_t)((((1ull << (lo - 1)) - 1) | ~((1ull << hi) - 1)) & full);
}

/* A between or lockout line: a pair of digits (x, y) of its ends supports the line when
 * they differ by at least the gap and every middle cell has a candidate the pair allows;
 * the ends keep the digits of such pairs, the middle cells the digits some pair allows. */
static int narrow_between(gx_set *g, const int32_t *o) {
    const int32_t k = o[0], gap = o[1], outside = o[2], a = o[3], b = o[4];
    const int32_t *mid = o + 5;
    uint32_t sa = 0, sb = 0, inner = 0;
    for (uint32_t ma = g->work[a]; ma; ma &= ma - 1) {
        const int x = sd_ctz32(ma) + 1;
        for (uint32_t mb = g->work[b]; mb; mb &= mb - 1) {
            const int y = sd_ctz32(mb) + 1;
            if ((x > y ? x - y : y - x) < gap) continue;
            const uint32_t allow = between_mask(g->n, x, y, outside);
            int every = 1;
            for (int32_t j = 0; j < k && every; j++) every = (g->work[mid[j]] & allow) != 0;
            if (!every) continue;
            sa |= 1u << (x - 1);
            sb |= 1u << (y - 1);
            inner |= allow;
        }
    }
    if (!sa) return -1;
    int changed = 0;
    int x = keep(g, a, sa);
    if (x < 0) return -1;
    changed |= x;
    if ((x = keep(g, b, sb)) < 0) return -1;
    changed |= x;
    for (int32_t j = 0; j < k; j++) {
        if ((x = keep(g, mid[j], inner)) < 0) return -1;
        changed |= x;
    }
    return changed;
}

/* Sum of the k smallest (low = 1) or largest digits of the set m (-1: fewer than k). */
static int extreme_sum(uint32_t m, int k, int low) {
    int sum = 0;
    while (k-- > 0) {
        if (!m) return -1;
        const int d = low ? lo_digit(m) : hi_digit(m);
        sum += d;
        m &= ~(1u << (d - 1));
    }
    return sum;
}

/* A sandwich: for every placement of 1 and n that leaves the cells between them able to
 * make the total (by bounds, per cell and for different digits, as the line is a house),
 * collect the digits each cell may then hold. */
static int narrow_sandwich(gx_set *g, const int32_t *o) {
    const int32_t total = o[0], k = o[1];
    const int32_t *cells = o + 2;
    const uint32_t one = 1u, top = 1u << (g->n - 1), ends = one | top;
    uint32_t allowed[64];
    uint32_t *al = allowed;
    uint32_t *heap = NULL;
    if (k > 64) {
        heap = calloc((size_t)k, sizeof *heap);
        if (!heap) return 0;   /* no narrowing, still sound */
        al = heap;
    } else {
        memset(allowed, 0, sizeof allowed);
    }
    int any = 0;
    for (int32_t p = 0; p < k; p++) {
        if (!(g->work[cells[p]] & one)) continue;
        for (int32_t q = 0; q < k; q++) {
            if (q == p || !(g->work[cells[q]] & top)) continue;
            const int32_t a = p < q ? p : q, b = p < q ? q : p;
            int64_t lo = 0, hi = 0;
            uint32_t inner = 0;   /* the digits the cells between can hold */
            const int len = b - a - 1;
            int ok = 1;
            for (int32_t j = a + 1; j < b && ok; j++) {
                const uint32_t m = g->work[cells[j]] & ~ends;
                ok = m != 0;
                if (ok) {
                    lo += lo_digit(m);
                    hi += hi_digit(m);
                    inner |= m;
                }
            }
            for (int32_t j = 0; j < k && ok; j++)
                if ((j < a || j > b) && !(g->work[cells[j]] & ~ends)) ok = 0;
            if (!ok || total < lo || total > hi) continue;
            if (len > 0 && (extreme_sum(inner, len, 1) < 0 || total < extreme_sum(inner, len, 1) ||
                            total > extreme_sum(inner, len, 0)))
                continue;
            any = 1;
            al[p] |= one;
            al[q] |= top;
            for (int32_t j = 0; j < k; j++) {
                if (j == p || j == q) continue;
                const uint32_t m = g->work[cells[j]] & ~ends;
                if (j < a || j > b) {
                    al[j] |= m;
                    continue;
                }
                const int64_t min = total - (hi - hi_digit(m)), max = total - (lo - lo_digit(m));
                for (uint32_t x = m; x; x &= x - 1) {
                    const int d = lo_digit(x);
                    if (d < min || d > max) continue;
                    /* the other cells between need different digits making the rest */
                    const uint32_t rest = inner & ~(x & -x);
                    const int least = extreme_sum(rest, len - 1, 1);
                    if (least < 0 || total - d < least || total - d > extreme_sum(rest, len - 1, 0))
                        continue;
                    al[j] |= x & -x;
                }
            }
        }
    }
    int changed = 0;
    if (!any) {
        changed = -1;
    } else {
        for (int32_t j = 0; j < k; j++) {
            const int r = keep(g, cells[j], al[j]);
            if (r < 0) {
                changed = -1;
                break;
            }
            changed |= r;
        }
    }
    free(heap);
    return changed;
}

/* A record of outside.h: its cells keep the digits it finds a support for. */
static int narrow_outside(gx_set *g, int32_t kind, const int32_t *o) {
    int32_t cells[32];
    uint32_t allowed[32];
    const int k = gx_outside_cells(kind, o, cells);
    if (gx_outside_supports(g->outside, kind, o, g->work, allowed) < 0) return -1;
    int changed = 0;
    for (int j = 0; j < k; j++) {
        const int r = keep(g, cells[j], allowed[j]);
        if (r < 0) return -1;
        changed |= r;
    }
    return changed;
}

/* The views of a sum record o (see gx_view), at most GX_VIEWS; returns
 * how many.  Groups are grown greedily from the first cell left over the links no view
 * has used yet. */
static int sum_views(const int32_t *pstart, const int32_t *peers, const int32_t *o,
                     gx_view *views) {
    const int32_t k = o[0];
    uint32_t sees[SUMS_MAX_CELLS];
    for (int32_t i = 0; i < k; i++) {
        sees[i] = 0;
        const int32_t c = o[2 + 2 * i];
        for (int32_t p = pstart[c]; p < pstart[c + 1]; p++)
            for (int32_t j = 0; j < k; j++)
                if (peers[p] == o[2 + 2 * j]) sees[i] |= 1u << j;
    }
    for (int32_t i = 0; i < k; i++)   /* either side may say so */
        for (int32_t j = 0; j < k; j++)
            if (sees[j] >> i & 1) sees[i] |= 1u << j;
    int nv = 0;
    const uint32_t all = k == 32 ? 0xffffffffu : (1u << k) - 1;
    while (nv < GX_VIEWS) {
        gx_view *v = &views[nv];
        uint32_t left = all, linked = 0;
        int32_t placed = 0;
        while (left) {
            uint32_t group = left & -left;
            for (uint32_t m = left & ~group; m; m &= m - 1)
                if ((sees[sd_ctz32(m)] & group) == group) group |= m & -m;
            left &= ~group;
            const int32_t first = placed;
            for (uint32_t m = group; m; m &= m - 1) v->order[placed++] = sd_ctz32(m);
            const uint32_t places = (placed == 32 ? 0xffffffffu : (1u << placed) - 1) &
                                    ~((1u << first) - 1);
            for (int32_t i = first; i < placed; i++) {
                v->links[i] = places & ~(1u << i);
                sees[v->order[i]] &= ~group;   /* used */
            }
            linked |= group & (group - 1);
        }
        if (!linked) break;
        nv++;
    }
    return nv;
}

int gx_use_peers(gx_set *g, const int32_t *pstart, const int32_t *peers) {
    if (g->n > SUMS_MAX_DIGIT || g->views) return 0;   /* told before */
    gx_view found[GX_VIEWS];
    for (int pass = 0; pass < 2; pass++) {   /* pass 0 counts, pass 1 fills */
        int nv = 0;
        for (int r = 0; r < g->nrec; r++) {
            if (g->rec[r].kind != GX_LINEAR && g->rec[r].kind != GX_BOUND) continue;
            const int32_t *o = g->data + g->rec[r].at;
            const int32_t k = o[0];
            if (k > SUMS_MAX_CELLS) continue;
            int unit = 1;
            for (int32_t j = 0; j < k; j++) unit &= o[3 + 2 * j] == 1 || o[3 + 2 * j] == -1;
            if (!unit) continue;
            const int got = sum_views(pstart, peers, o, found);
            if (pass) {
                g->rec[r].view = nv;
                g->rec[r].nviews = got;
                memcpy(g->views + nv, found, (size_t)got * sizeof *found);
            }
            nv += got;
        }
        if (!pass) {
            if (!nv) return 0;
            g->views = malloc((size_t)nv * sizeof *g->views);
            g->scratch = sums_scratch_new();
            if (!g->views || !g->scratch) {
                free(g->views);
                g->views = NULL;
                return -1;
            }
        }
    }
    return 0;
}

void gx_light(gx_set *g, int light) { g->light = light; }

void gx_deep(gx_set *g, int deep) {
    if (deep && !g->deep) g->valid = 0;   /* the fixpoints were of the bounds alone */
    g->deep = deep;
}

int gx_only_bounds(const gx_set *g) {
    for (int r = 0; r < g->nrec; r++)
        if (g->rec[r].kind != GX_BOUND) return 0;
    return 1;
}

int gx_narrow(gx_set *g, const uint32_t *cand, uint16_t *cells, uint32_t *keep_out) {
    const int nc = g->ncells;
    memcpy(g->work, cand, (size_t)nc * sizeof *g->work);
    g->qhead = g->qlen = 0;
    for (int c = 0; c < nc; c++)
        if (!g->valid || cand[c] != g->seen[c]) enqueue_cell(g, c);
    int bad = 0;
    while (g->qlen && !bad) {
        const int r = g->queue[g->qhead];
        if (++g->qhead == g->nrec) g->qhead = 0;
        g->qlen--;
        g->queued[r] = 0;
        const int32_t *o = g->data + g->rec[r].at;
        int x = 0;
        switch (g->rec[r].kind) {
        case GX_PAIR: x = narrow_pair(g, o); break;
        case GX_MASK: x = keep(g, o[0], (uint32_t)o[1]); break;
        case GX_LINEAR:
            x = narrow_linear(g, o);
            if (x == 0) x = exact_linear(g, o, &g->rec[r].quiet);   /* bounds settled */
            if (x == 0 && g->rec[r].nviews && !g->light)                      /* so is repetition */
                x = distinct_linear(g, &g->rec[r]);
            break;
        case GX_BOUND:   /* a sum that only helps: its bounds (the exact check costs more
                          * time than the search it saves on killers) */
            x = narrow_linear(g, o);
            if (x == 0 && g->deep) x = exact_linear(g, o, &g->rec[r].quiet);
            if (x == 0 && g->deep && g->rec[r].nviews && !g->light)
                x = distinct_linear(g, &g->rec[r]);
            break;
        case GX_RENBAN: x = narrow_renban(g, o); break;
        case GX_SANDWICH: x = narrow_sandwich(g, o); break;
        case GX_BETWEEN: x = narrow_between(g, o); break;
        default:
            if (gx_outside_kind(g->rec[r].kind)) x = narrow_outside(g, g->rec[r].kind, o);
            break;
        }
        if (x < 0) bad = 1;
    }
    while (g->qlen) {   /* a contradiction leaves records queued */
        g->queued[g->queue[g->qhead]] = 0;
        if (++g->qhead == g->nrec) g->qhead = 0;
        g->qlen--;
    }
    if (!bad) {   /* every record is at a fixpoint in work */
        memcpy(g->seen, g->work, (size_t)nc * sizeof *g->seen);
        g->valid = 1;
    }
    int out = 0;
    for (int c = 0; c < nc; c++) {
        if (!g->touched[c]) continue;
        g->touched[c] = 0;
        if (bad || g->work[c] == cand[c]) continue;
        cells[out] = (uint16_t)c;
        keep_out[out++] = g->work[c];
    }
    return bad ? -1 : out;
}
