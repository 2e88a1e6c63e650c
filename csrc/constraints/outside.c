/* X-sums, skyscrapers and digits some cells must hold (see outside.h).
 *
 * The house clues walk the house from the clue, one cell after another, over the sets of
 * digits placed so far: a house holds different digits, so the set says all that matters
 * (its sum; its largest digit, the tallest skyscraper seen).  Each set carries tags: for
 * an X-sum the values of X it was reached with, for a skyscraper the counts of
 * skyscrapers seen.  A forward pass finds the sets reached, a backward pass the ones that
 * can still end the clue, and a digit of a cell stays when one step through it joins the
 * two. */
#include "outside.h"
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gx_outside {
    int n;
    uint32_t *fwd;   /* by digit set: the tags it is reached with */
    uint32_t *good;  /* by digit set: the tags with which it can end the clue */
    int32_t *list;   /* the digit sets reached, level after level */
    int32_t start[GX_OUTSIDE_EXACT_N + 2];   /* level i: list[start[i] .. start[i + 1]) */
};

int gx_outside_kind(int32_t kind) {
    return kind == GX_XSUM || kind == GX_SKYSCRAPER || kind == GX_CONTAIN;
}

gx_outside *gx_outside_new(int n) {
    gx_outside *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->n = n;
    if (n > GX_OUTSIDE_EXACT_N) return s;   /* a filled house is checked, no tables */
    const size_t sets = (size_t)1 << n;
    s->fwd = calloc(sets, sizeof *s->fwd);
    s->good = calloc(sets, sizeof *s->good);
    s->list = malloc(sets * sizeof *s->list);
    if (!s->fwd || !s->good || !s->list) {
        gx_outside_free(s);
        return NULL;
    }
    return s;
}

void gx_outside_free(gx_outside *s) {
    if (!s) return;
    free(s->fwd);
    free(s->good);
    free(s->list);
    free(s);
}

#define FAIL(...)                                                  \
    do {                                                           \
        if (err && errlen) snprintf(err, errlen, __VA_ARGS__);     \
        return 0;                                                  \
    } while (0)

static int cells_fresh(const int32_t *cells, int32_t k, int ncells, uint32_t *stamp,
                       uint32_t mark) {
    for (int32_t i = 0; i < k; i++) {
        const int32_t c = cells[i];
        if (c < 0 || c >= ncells || stamp[c] == mark) return 0;
        stamp[c] = mark;
    }
    return 1;
}

size_t gx_outside_size(int32_t kind, int n, int ncells, const int32_t *rec, size_t avail,
                       uint32_t *stamp, uint32_t mark, int r, char *err, size_t errlen) {
    if (avail < 2) FAIL("record %d: a clue needs a value and a count", r);
    if (kind == GX_CONTAIN) {
        const int32_t k = rec[0], j = rec[1];
        if (k < 1 || k > GX_CONTAIN_CELLS || j < 1 || j > k)
            FAIL("record %d: 1..%d cells must hold 1..k digits", r, GX_CONTAIN_CELLS);
        const size_t used = 2 + 2 * (size_t)k + (size_t)j;
        if (used > avail) FAIL("record %d: the record is cut short", r);
        if (!cells_fresh(rec + 2, k, ncells, stamp, mark))
            FAIL("record %d: its cells must lie on the grid and differ", r);
        for (int32_t i = 0; i < j; i++)
            if (rec[2 + k + i] < 1 || rec[2 + k + i] > n)
                FAIL("record %d: a digit to hold is not 1..%d", r, n);
        const uint32_t places = (1u << k) - 1;
        for (int32_t i = 0; i < k; i++) {
            const uint32_t l = (uint32_t)rec[2 + k + j + i];
            if (l & ~places || (l >> i & 1)) FAIL("record %d: a mask of peers is out of range", r);
        }
        return used;
    }
    const int32_t value = rec[0], k = rec[1];
    if (k != n) FAIL("record %d: a clue outside the grid reads a whole house of %d cells", r, n);
    if (2 + (size_t)k > avail) FAIL("record %d: the record is cut short", r);
    if (!cells_fresh(rec + 2, k, ncells, stamp, mark))
        FAIL("record %d: its cells must lie on the grid and differ", r);
    if (kind == GX_XSUM && (value < 1 || value > n * (n + 1) / 2))
        FAIL("record %d: an X-sum is 1..%d", r, n * (n + 1) / 2);
    if (kind == GX_SKYSCRAPER && (value < 1 || value > n))
        FAIL("record %d: a skyscraper clue is 1..%d", r, n);
    return 2 + (size_t)k;
}

int gx_outside_cells(int32_t kind, const int32_t *o, int32_t *out) {
    const int32_t k = kind == GX_CONTAIN ? o[0] : o[1];
    memcpy(out, o + 2, (size_t)k * sizeof *out);
    return k;
}

static inline int high(uint32_t m) { return m ? 31 - sd_clz32(m) : -1; }

static int digit_sum(uint32_t m) {
    int sum = 0;
    for (; m; m &= m - 1) sum += sd_ctz32(m) + 1;
    return sum;
}

/* Note set m reached with tags t at the level being built (len: the list's length). */
static inline void reach(gx_outside *s, uint32_t m, uint32_t t, int *len) {
    if (!s->fwd[m]) s->list[(*len)++] = (int32_t)m;
    s->fwd[m] |= t;
}

static void clear(gx_outside *s, int len) {
    for (int i = 0; i < len; i++) s->fwd[s->list[i]] = s->good[s->list[i]] = 0;
}

/* X-sums: tag x (bit x - 1) on the sets of the first cells whose first digit is x. */
static int xsum_exact(gx_outside *s, int32_t total, int k, const uint32_t *w, uint32_t *keep) {
    int len = 0, levels = 0;
    s->start[0] = 0;
    for (uint32_t m = w[0]; m; m &= m - 1)
        if (sd_ctz32(m) < k) reach(s, m & -m, m & -m, &len);
    s->start[1] = len;
    levels = len ? 1 : 0;
    for (int i = 1; i < k && levels == i; i++) {
        const uint32_t on = ~((1u << i) - 1);   /* the values of X that reach cell i */
        for (int p = s->start[i - 1]; p < s->start[i]; p++) {
            const uint32_t m = (uint32_t)s->list[p], t = s->fwd[m] & on;
            if (!t) continue;
            const int sum = digit_sum(m);
            for (uint32_t x = w[i] & ~m; x; x &= x - 1) {
                if (sum + sd_ctz32(x) + 1 > total) break;   /* digits only add */
                reach(s, m | (x & -x), t, &len);
            }
        }
        s->start[i + 1] = len;
        if (len > s->start[i]) levels = i + 1;
    }
    for (int lv = levels - 1; lv >= 0; lv--) {
        const uint32_t on = lv + 1 < 32 ? ~((1u << (lv + 1)) - 1) : 0;
        for (int p = s->start[lv]; p < s->start[lv + 1]; p++) {
            const uint32_t m = (uint32_t)s->list[p];
            uint32_t g = 0;
            if ((s->fwd[m] >> lv & 1) && digit_sum(m) == total) g = 1u << lv;
            const uint32_t go = s->fwd[m] & on;
            if (go && lv + 1 < levels)
                for (uint32_t x = w[lv + 1] & ~m; x; x &= x - 1) g |= s->good[m | (x & -x)] & go;
            s->good[m] = g;
        }
    }
    uint32_t valid = 0;
    for (int p = s->start[0]; p < (levels ? s->start[1] : 0); p++)
        valid |= s->good[s->list[p]];
    keep[0] = valid;
    for (int i = 1; i < k; i++) {
        keep[i] = 0;
        if (valid & ((1u << i) - 1)) {   /* some X ends before cell i */
            keep[i] = w[i];
            continue;
        }
        if (i >= levels) continue;
        const uint32_t on = ~((1u << i) - 1);
        for (int p = s->start[i - 1]; p < s->start[i]; p++) {
            const uint32_t m = (uint32_t)s->list[p], t = s->good[m] & on;
            if (!t) continue;
            for (uint32_t x = w[i] & ~m; x; x &= x - 1)
                if (s->good[m | (x & -x)] & t) keep[i] |= x & -x;
        }
    }
    clear(s, len);
    return valid ? 0 : -1;
}

/* Skyscrapers: tag c (bit c) on the sets of the first cells, without the tallest digit,
 * that show c skyscrapers; the tallest ends the count (nothing behind it is seen). */
static int sky_exact(gx_outside *s, int32_t count, int k, const uint32_t *w, uint32_t *keep) {
    const int n = s->n;
    const uint32_t top = 1u << (n - 1), lim = (1u << count) - 1, last = 1u << (count - 1);
    int len = 0, levels = 0, first_top = -1;
    uint32_t top_at = 0;   /* the places the tallest can take */
    if ((w[0] & top) && count == 1) top_at |= 1;
    s->start[0] = 0;
    for (uint32_t m = w[0] & ~top; m; m &= m - 1)
        if (2 & lim) reach(s, m & -m, 2, &len);
    s->start[1] = len;
    levels = len ? 1 : 0;
    for (int i = 1; i < k && levels == i; i++) {
        for (int p = s->start[i - 1]; p < s->start[i]; p++) {
            const uint32_t m = (uint32_t)s->list[p], t = s->fwd[m];
            if ((w[i] & top) && (t & last)) top_at |= 1u << i;
            const int tall = high(m);
            for (uint32_t x = w[i] & ~m & ~top; x; x &= x - 1) {
                const uint32_t nt = sd_ctz32(x) > tall ? (t << 1) & lim : t;
                if (nt) reach(s, m | (x & -x), nt, &len);
            }
        }
        s->start[i + 1] = len;
        if (len > s->start[i]) levels = i + 1;
    }
    for (int lv = levels - 1; lv >= 0; lv--) {
        const int next = lv + 1;
        for (int p = s->start[lv]; p < s->start[lv + 1]; p++) {
            const uint32_t m = (uint32_t)s->list[p], t = s->fwd[m];
            uint32_t g = 0;
            if (next < k && (w[next] & top)) g |= t & last;
            if (next < levels) {
                const int tall = high(m);
                for (uint32_t x = w[next] & ~m & ~top; x; x &= x - 1) {
                    const uint32_t gn = s->good[m | (x & -x)];
                    g |= (sd_ctz32(x) > tall ? gn >> 1 : gn) & t;
                }
            }
            s->good[m] = g;
        }
    }
    for (int i = 0; i < k; i++) {
        keep[i] = top_at >> i & 1 ? top : 0;
        if (first_top >= 0) keep[i] |= w[i] & ~top;   /* behind the tallest: unseen */
        if (top_at >> i & 1 && first_top < 0) first_top = i;
        if (i == 0) {
            for (int p = s->start[0]; p < (levels ? s->start[1] : 0); p++)
                if (s->good[s->list[p]]) keep[0] |= (uint32_t)s->list[p];
            continue;
        }
        if (i >= levels) continue;
        for (int p = s->start[i - 1]; p < s->start[i]; p++) {
            const uint32_t m = (uint32_t)s->list[p], t = s->good[m];
            if (!t) continue;
            const int tall = high(m);
            for (uint32_t x = w[i] & ~m & ~top; x; x &= x - 1) {
                const uint32_t nt = sd_ctz32(x) > tall ? (t << 1) & lim : t;
                if (nt & s->good[m | (x & -x)]) keep[i] |= x & -x;
            }
        }
    }
    clear(s, len);
    return top_at ? 0 : -1;
}

/* Grids beyond GX_OUTSIDE_EXACT_N: a filled house is checked, an open one kept. */
static int house_check(int32_t kind, int32_t value, int k, const uint32_t *w, uint32_t *keep) {
    int filled = 1;
    for (int i = 0; i < k; i++) {
        keep[i] = w[i];
        filled &= (w[i] & (w[i] - 1)) == 0;
    }
    if (!filled) return 0;
    int got = 0;
    if (kind == GX_XSUM) {
        const int x = sd_ctz32(w[0]) + 1;
        for (int i = 0; i < x && i < k; i++) got += sd_ctz32(w[i]) + 1;
        return x <= k && got == value ? 0 : -1;
    }
    int tall = -1;
    for (int i = 0; i < k; i++)
        if (sd_ctz32(w[i]) > tall) {
            tall = sd_ctz32(w[i]);
            got++;
        }
    return got == value ? 0 : -1;
}

typedef struct contain_walk {
    int k, j;
    const int32_t *digits, *links;
    const uint32_t *w;
    uint32_t *keep;
    int place[GX_CONTAIN_CELLS];
    int found;
} contain_walk;

/* Give digit i of the list a place, and the rest after it; at the end every place holds
 * its listed digit and the other places anything. */
static void contain_place(contain_walk *c, int i, uint32_t used) {
    if (i == c->j) {
        c->found = 1;
        for (int q = 0; q < c->j; q++) c->keep[c->place[q]] |= 1u << (c->digits[q] - 1);
        for (int p = 0; p < c->k; p++)
            if (!(used >> p & 1)) c->keep[p] = c->w[p];
        return;
    }
    const int32_t d = c->digits[i];
    for (int p = 0; p < c->k; p++) {
        if (used >> p & 1 || !(c->w[p] >> (d - 1) & 1)) continue;
        /* a digit listed twice takes its places in order, in cells that do not see each other */
        if (i > 0 && c->digits[i - 1] == d && p < c->place[i - 1]) continue;
        int ok = 1;
        for (int q = 0; q < i && ok; q++) ok = c->digits[q] != d || !(c->links[p] >> c->place[q] & 1);
        if (!ok) continue;
        c->place[i] = p;
        contain_place(c, i + 1, used | 1u << p);
    }
}

int gx_outside_supports(gx_outside *s, int32_t kind, const int32_t *o, const uint32_t *work,
                        uint32_t *keep) {
    uint32_t w[32] = {0};
    if (kind == GX_CONTAIN) {
        const int32_t k = o[0], j = o[1];
        for (int32_t i = 0; i < k; i++) {
            w[i] = work[o[2 + i]];
            keep[i] = 0;
        }
        contain_walk c = {.k = k, .j = j, .digits = o + 2 + k, .links = o + 2 + k + j,
                          .w = w, .keep = keep};
        contain_place(&c, 0, 0);
        return c.found ? 0 : -1;
    }
    const int32_t value = o[0], k = o[1];
    for (int32_t i = 0; i < k; i++) w[i] = work[o[2 + i]];
    if (!s->fwd) return house_check(kind, value, k, w, keep);
    return kind == GX_XSUM ? xsum_exact(s, value, k, w, keep) : sky_exact(s, value, k, w, keep);
}
