/* Chain search over a link graph of candidate nodes (see chain.h). */
#include "chain.h"

#include <stdlib.h>
#include <string.h>

/* got = the union of the rows of the nodes in nodes_set (bitsets of `words` words); bits
 * at or past `nodes` name no row and are skipped. */
static void or_rows(const uint8_t *rows, const uint64_t *nodes_set, ptrdiff_t words,
                    ptrdiff_t nodes, uint64_t *got) {
    ptrdiff_t row = words * 8;
    memset(got, 0, (size_t)row);
    for (ptrdiff_t w = 0; w < words; w++) {
        uint64_t m = nodes_set[w];
        while (m) {
            ptrdiff_t k = w * 64 + sd_ctz64(m);
            m &= m - 1;
            if (k >= nodes) continue;
            const uint8_t *link = rows + k * row;
            for (ptrdiff_t x = 0; x < words; x++) {
                uint64_t v;
                memcpy(&v, link + 8 * x, 8);
                got[x] |= v;
            }
        }
    }
}

/* The closure of "node start is false" over strong/weak link rows (as in ch_aic_pairs):
 * fills T, F (words 64-bit words each, zeroed here) and depth (nodes bytes); got and
 * fresh are scratch rows of the same width. */
static void closure_rows(const uint8_t *sb, const uint8_t *wb, ptrdiff_t words, ptrdiff_t nodes,
                         ptrdiff_t start, uint64_t *T, uint64_t *F, uint64_t *got,
                         uint64_t *fresh, uint8_t *depth) {
    ptrdiff_t row = words * 8;
    memset(T, 0, (size_t)row);
    memset(F, 0, (size_t)row);
    memset(fresh, 0, (size_t)row);
    memset(depth, 255, (size_t)nodes);
    F[start / 64] |= (uint64_t)1 << (start % 64);
    fresh[start / 64] |= (uint64_t)1 << (start % 64);
    int any = 1;
    for (int layer = 0; any; layer++) {
        /* nodes made false -> their strong partners become true */
        or_rows(sb, fresh, words, nodes, got);
        any = 0;
        for (ptrdiff_t w = 0; w < words; w++) {
            fresh[w] = got[w] & ~T[w];
            T[w] |= fresh[w];
            uint64_t m = fresh[w];
            any |= m != 0;
            while (m) {
                ptrdiff_t k = w * 64 + sd_ctz64(m);
                m &= m - 1;
                if (k < nodes) depth[k] = (uint8_t)(layer < 254 ? layer : 254);
            }
        }
        if (!any) break;
        /* nodes made true -> their weak partners become false */
        or_rows(wb, fresh, words, nodes, got);
        any = 0;
        for (ptrdiff_t w = 0; w < words; w++) {
            fresh[w] = got[w] & ~F[w];
            F[w] |= fresh[w];
            any |= fresh[w] != 0;
        }
    }
}

int ch_aic_pairs(const uint8_t *sb, const uint8_t *wb, const uint8_t *cb, const uint8_t *nb,
                 ptrdiff_t words, ptrdiff_t nodes, ptrdiff_t base, ptrdiff_t ncells,
                 int complete, uint8_t *closures, ch_pair_fn emit, void *ctx) {
    ptrdiff_t row = words * 8;
    int rc = 0;
    uint64_t *Tall = calloc((size_t)(nodes ? nodes : 1) * (size_t)words, 8);
    uint64_t *F = calloc((size_t)words, 8);
    uint64_t *got = calloc((size_t)words, 8);
    uint64_t *fresh = calloc((size_t)words, 8);
    uint8_t *depth = malloc((size_t)(nodes ? nodes : 1));
    uint8_t *live = calloc((size_t)(nodes ? nodes : 1), 1);
    if (!Tall || !F || !got || !fresh || !depth || !live) {
        rc = -1;
        goto done;
    }
    uint8_t elims[8 * 1024];
    for (ptrdiff_t a = 0; a < nodes; a++) {
        if (!(nb[a / 8] >> (a % 8) & 1)) continue;
        uint64_t *Ta = Tall + a * words;
        closure_rows(sb, wb, words, nodes, a, Ta, F, got, fresh, depth);
        if (closures) {
            memcpy(closures + 2 * a * row, Ta, (size_t)row);
            memcpy(closures + (2 * a + 1) * row, F, (size_t)row);
        }
        const uint8_t *ca = cb + a * row;
        if (complete) {
            int meets = 0;
            for (ptrdiff_t x = 0; x < words && !meets; x++) {
                uint64_t c;
                memcpy(&c, ca + 8 * x, 8);
                meets = (c & F[x]) != 0;
            }
            if (!meets) continue;
        }
        live[a] = 1;
        for (ptrdiff_t w = 0; w < words; w++) {
            uint64_t m = Ta[w];
            while (m) {
                ptrdiff_t b = w * 64 + sd_ctz64(m);
                m &= m - 1;
                if (b == a || b >= nodes) continue;
                const uint8_t *cbb = cb + b * row;
                int count = 0;
                for (ptrdiff_t x = 0; x < words; x++) {
                    uint64_t c1, c2;
                    memcpy(&c1, ca + 8 * x, 8);
                    memcpy(&c2, cbb + 8 * x, 8);
                    uint64_t e = c1 & c2;
                    memcpy(elims + 8 * x, &e, 8);
                    count += sd_popc64(e);
                }
                if (!count) continue;
                if (b < a && live[b] && (Tall[b * words + a / 64] >> (a % 64) & 1)) continue;
                if (a < base && b < base && a % ncells == b % ncells) continue;
                rc = emit(ctx, a, b, 2 * (int)depth[b] + 1, count, elims);
                if (rc) goto done;
            }
        }
    }
done:
    free(Tall);
    free(F);
    free(got);
    free(fresh);
    free(depth);
    free(live);
    return rc;
}

int ch_closures(const uint8_t *sb, const uint8_t *wb, const uint8_t *cb, const uint8_t *nb,
                ptrdiff_t words, ptrdiff_t nodes, uint8_t *false_rows, int given,
                uint8_t *true_rows, uint8_t *eliminable, uint8_t *clash_false,
                uint8_t *clash_true, uint8_t *weak_return) {
    ptrdiff_t row = words * 8;
    uint64_t *got = calloc((size_t)words, 8);
    uint64_t *fresh = calloc((size_t)words, 8);
    uint64_t *T = calloc((size_t)words, 8);
    uint64_t *F = calloc((size_t)words, 8);
    uint8_t *depth = malloc((size_t)(nodes ? nodes : 1));
    int rc = 0;
    if (!got || !fresh || !T || !F || !depth) {
        rc = -1;
        goto done;
    }
    if (!given) memset(false_rows, 0, (size_t)(2 * nodes * row));
    memset(true_rows, 0, (size_t)(2 * nodes * row));
    memset(eliminable, 0, (size_t)row);
    memset(clash_false, 0, (size_t)row);
    memset(clash_true, 0, (size_t)row);
    memset(weak_return, 0, (size_t)row);
    for (ptrdiff_t a = 0; a < nodes; a++) {
        if (!(nb[a / 8] >> (a % 8) & 1)) continue;
        if (given) {
            memcpy(T, false_rows + 2 * a * row, (size_t)row);
            memcpy(F, false_rows + (2 * a + 1) * row, (size_t)row);
        } else {
            closure_rows(sb, wb, words, nodes, a, T, F, got, fresh, depth);
            memcpy(false_rows + 2 * a * row, T, (size_t)row);
            memcpy(false_rows + (2 * a + 1) * row, F, (size_t)row);
        }
        const uint8_t *ca = cb + a * row;
        int clash = 0;
        for (ptrdiff_t x = 0; x < words; x++) {
            uint64_t c, e;
            memcpy(&c, ca + 8 * x, 8);
            memcpy(&e, eliminable + 8 * x, 8);
            e |= c & F[x];
            memcpy(eliminable + 8 * x, &e, 8);
            clash |= (T[x] & F[x]) != 0;
        }
        if (clash) clash_false[a / 8] |= (uint8_t)(1u << (a % 8));
    }
    /* "a true" makes its weak partners false, and with them all their closures */
    for (ptrdiff_t a = 0; a < nodes; a++) {
        if (!(nb[a / 8] >> (a % 8) & 1)) continue;
        memset(T, 0, (size_t)row);
        memcpy(F, wb + a * row, (size_t)row);
        T[a / 64] |= (uint64_t)1 << (a % 64);
        for (ptrdiff_t w = 0; w < words; w++) {
            uint64_t m;
            memcpy(&m, wb + a * row + 8 * w, 8);
            while (m) {
                ptrdiff_t y = w * 64 + sd_ctz64(m);
                m &= m - 1;
                if (y >= nodes) continue;
                const uint8_t *ty = false_rows + 2 * y * row;
                if (ty[row + a / 8] >> (a % 8) & 1)
                    weak_return[a / 8] |= (uint8_t)(1u << (a % 8));
                for (ptrdiff_t x = 0; x < words; x++) {
                    uint64_t t, f;
                    memcpy(&t, ty + 8 * x, 8);
                    memcpy(&f, ty + row + 8 * x, 8);
                    T[x] |= t;
                    F[x] |= f;
                }
            }
        }
        int clash = 0;
        for (ptrdiff_t x = 0; x < words; x++) clash |= (T[x] & F[x]) != 0;
        if (clash) clash_true[a / 8] |= (uint8_t)(1u << (a % 8));
        memcpy(true_rows + 2 * a * row, T, (size_t)row);
        memcpy(true_rows + (2 * a + 1) * row, F, (size_t)row);
    }
done:
    free(got);
    free(fresh);
    free(T);
    free(F);
    free(depth);
    return rc;
}

void ch_loop_starts(const uint8_t *false_rows, ptrdiff_t words, ptrdiff_t nodes,
                    ptrdiff_t base, ptrdiff_t cells, uint8_t *out) {
    const ptrdiff_t row = words * 8;
    memset(out, 0, (size_t)row);
    const ptrdiff_t top = base < nodes ? base : nodes;
    for (ptrdiff_t a = 0; a < top && cells > 0; a++) {
        const uint8_t *T = false_rows + 2 * a * row;
        int hit = T[a >> 3] >> (a & 7) & 1;
        for (ptrdiff_t b = a % cells; !hit && b < top; b += cells)
            hit = b > a && (T[b >> 3] >> (b & 7) & 1);
        if (hit) out[a >> 3] |= (uint8_t)(1u << (a & 7));
    }
}

int ch_parents(const uint8_t *sb, const uint8_t *wb, ptrdiff_t words, ptrdiff_t nodes,
               ptrdiff_t lit, const uint8_t *banned, int32_t *parent) {
    ptrdiff_t row = words * 8;
    uint64_t *T = malloc((size_t)row);
    uint64_t *F = malloc((size_t)row);
    int32_t *queue = malloc(sizeof(int32_t) * (size_t)(2 * nodes + 1));
    if (!T || !F || !queue) {
        free(T);
        free(F);
        free(queue);
        return -1;
    }
    memcpy(T, banned, (size_t)row);
    memcpy(F, banned, (size_t)row);
    for (ptrdiff_t k = 0; k < 2 * nodes; k++) parent[k] = -2;
    parent[lit] = -1;
    ptrdiff_t start = lit >> 1, head = 0, tail = 0;
    queue[tail++] = (int32_t)lit;
    while (head < tail) {
        int32_t x = queue[head++];
        ptrdiff_t node = x >> 1;
        const uint8_t *links = (x & 1 ? wb : sb) + node * row;
        uint64_t *seen = x & 1 ? F : T;
        int truth = x & 1 ? 0 : 1;
        for (ptrdiff_t w = 0; w < words; w++) {
            uint64_t m;
            memcpy(&m, links + 8 * w, 8);
            m &= ~seen[w];
            seen[w] |= m;
            while (m) {
                ptrdiff_t j = w * 64 + sd_ctz64(m);
                m &= m - 1;
                if (j >= nodes) continue;
                ptrdiff_t y = 2 * j + truth;
                if (parent[y] != -2) continue;
                parent[y] = x;
                if (j != start) queue[tail++] = (int32_t)y;
            }
        }
    }
    free(T);
    free(F);
    free(queue);
    return 0;
}
