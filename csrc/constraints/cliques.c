/* Fillings of groups of cells that differ, as sets of digit subsets (see cliques.h). */
#include "cliques.h"

#include <string.h>

#if SD_HAVE_INT128
typedef unsigned __int128 u128;

/* A set of subsets of a group's digits (its u digits renumbered 0..u-1): bit s of word
 * s >> 6 holds subset s; only the first 1 << (u - 6) words (one when u <= 6) are used. */
typedef struct {
    uint64_t w[8];
} subsets;

/* A group: its u digits (digit[j]: the digit, less one, that j stands for), its words,
 * and each place's candidates renumbered. */
typedef struct {
    int u, words;
    int8_t digit[CLIQUES_MAX_DIGITS];
    uint32_t masks[CLIQUES_MAX_CELLS];
} group;

/* The positions of a word whose bit d (d < 6) is clear. */
static const uint64_t CLEAR[6] = {0x5555555555555555ULL, 0x3333333333333333ULL,
                                  0x0f0f0f0f0f0f0f0fULL, 0x00ff00ff00ff00ffULL,
                                  0x0000ffff0000ffffULL, 0x00000000ffffffffULL};

/* The subsets of x without digit d, each with d added. */
static inline void with_digit(const subsets *x, int d, int words, subsets *out) {
    if (d < 6) {
        for (int i = 0; i < words; i++) out->w[i] = (x->w[i] & CLEAR[d]) << (1 << d);
    } else {
        const int s = 1 << (d - 6);
        for (int i = 0; i < words; i++) out->w[i] = (i & s) ? x->w[(i - s) & 7] : 0;
    }
}

/* The subsets of x with digit d, each with d taken out. */
static inline void without_digit(const subsets *x, int d, int words, subsets *out) {
    if (d < 6) {
        for (int i = 0; i < words; i++) out->w[i] = (x->w[i] >> (1 << d)) & CLEAR[d];
    } else {
        const int s = 1 << (d - 6);
        for (int i = 0; i < words; i++) out->w[i] = (i & s) ? 0 : x->w[(i + s) & 7];
    }
}

/* The value of a subset s of group gr with g places of one sign: its digits less one
 * each, or (for minus) n less the digit each. */
static inline int value_of(const group *gr, unsigned s, int g, int n, int sign) {
    int v = 0;
    for (unsigned x = s; x; x &= x - 1) v += gr->digit[sd_ctz32(x)];
    return sign > 0 ? v : g * (n - 1) - v;
}

/* Renumber the digits of places a..b-1 to the group's own. */
static void renumber(group *gr, const uint32_t *masks, int a, int b) {
    uint32_t all = 0;
    for (int i = a; i < b; i++) all |= masks[i];
    int8_t index[32];
    gr->u = 0;
    for (uint32_t m = all; m; m &= m - 1) {
        const int d = sd_ctz32(m);
        index[d] = (int8_t)gr->u;
        gr->digit[gr->u++] = (int8_t)d;
    }
    gr->words = gr->u <= 6 ? 1 : 1 << (gr->u - 6);
    for (int i = a; i < b; i++) {
        uint32_t to = 0;
        for (uint32_t m = masks[i]; m; m &= m - 1) to |= 1u << index[sd_ctz32(m)];
        gr->masks[i - a] = to;
    }
}

int cliques_supports(int n, int k, int total, const uint32_t *masks, const int8_t *signs,
                     const uint32_t *links, uint32_t *out) {
    if (n > CLIQUES_MAX_DIGITS || k < 1 || k > CLIQUES_MAX_CELLS || (int64_t)k * (n - 1) >= 128)
        return -2;
    int start[CLIQUES_MAX_CELLS + 1], ng = 0, least = 0;
    for (int i = 0; i < k; i++) {
        const int linked = i > 0 && (links[i] >> (i - 1) & 1);
        if (linked && signs[i] != signs[i - 1]) return -2;
        if (!linked) start[ng++] = i;
        least += signs[i] > 0 ? 1 : -n;
    }
    start[ng] = k;
    /* reach[i]: the subsets the places of i's group before i can take, digits differing;
     * fills[gi]: those the whole group can */
    group groups[CLIQUES_MAX_CELLS];
    subsets reach[CLIQUES_MAX_CELLS], fills[CLIQUES_MAX_CELLS];
    u128 sums[CLIQUES_MAX_CELLS], pre[CLIQUES_MAX_CELLS + 1], suf[CLIQUES_MAX_CELLS + 1];
    pre[0] = 1;
    for (int gi = 0; gi < ng; gi++) {
        const int a = start[gi], b = start[gi + 1], sign = signs[a];
        group *gr = &groups[gi];
        renumber(gr, masks, a, b);
        const int words = gr->words;
        subsets at = {{1}};   /* the empty subset */
        for (int i = a; i < b; i++) {
            reach[i] = at;
            memset(&at, 0, sizeof at);
            for (uint32_t m = gr->masks[i - a]; m; m &= m - 1) {
                subsets t;
                with_digit(&reach[i], sd_ctz32(m), words, &t);
                for (int w = 0; w < words; w++) at.w[w] |= t.w[w];
            }
        }
        fills[gi] = at;
        u128 values = 0;
        for (int w = 0; w < words; w++)
            for (uint64_t m = at.w[w]; m; m &= m - 1)
                values |= (u128)1 << value_of(gr, (unsigned)(64 * w + sd_ctz64(m)), b - a, n,
                                              sign);
        sums[gi] = values;
        pre[gi + 1] = cliques_add(pre[gi], values);
    }
    memset(out, 0, (size_t)k * sizeof *out);
    const int goal = total - least;
    if (goal < 0 || goal >= 128 || !((pre[ng] >> goal) & 1)) return 0;
    suf[ng] = 1;
    for (int gi = ng - 1; gi >= 0; gi--) suf[gi] = cliques_add(suf[gi + 1], sums[gi]);
    for (int gi = 0; gi < ng; gi++) {
        const int a = start[gi], b = start[gi + 1], g = b - a, sign = signs[a];
        const group *gr = &groups[gi];
        const int words = gr->words;
        const u128 others = cliques_add(pre[gi], suf[gi + 1]);
        /* back: the subsets of the places a..i-1 that the places from i on complete to a
         * filling whose value the other groups complete to the goal */
        subsets back = {{0}};
        for (int w = 0; w < words; w++)
            for (uint64_t m = fills[gi].w[w]; m; m &= m - 1) {
                const int v = value_of(gr, (unsigned)(64 * w + sd_ctz64(m)), g, n, sign);
                if (v <= goal && ((others >> (goal - v)) & 1)) back.w[w] |= m & -m;
            }
        for (int i = b - 1; i >= a; i--) {
            subsets before = {{0}};
            for (uint32_t m = gr->masks[i - a]; m; m &= m - 1) {
                const int d = sd_ctz32(m);
                subsets t;
                without_digit(&back, d, words, &t);
                uint64_t meets = 0;
                for (int w = 0; w < words; w++) {
                    t.w[w] &= reach[i].w[w];
                    meets |= t.w[w];
                    before.w[w] |= t.w[w];
                }
                if (meets) out[i] |= 1u << gr->digit[d];
            }
            back = before;
        }
    }
    return 1;
}
#else
int cliques_supports(int n, int k, int total, const uint32_t *masks, const int8_t *signs,
                     const uint32_t *links, uint32_t *out) {
    (void)n, (void)k, (void)total, (void)masks, (void)signs, (void)links, (void)out;
    return -2;
}
#endif
