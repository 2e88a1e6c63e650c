/* Aligned exclusions on a classic 9x9 grid (aligned9.h).  Cell sets are 81-bit masks held
 * in two words: cells 0..63 in lo, 64..80 in hi. */
#include "logic/aligned9.h"

#include <string.h>

typedef struct {
    uint64_t lo, hi;
} set81;


static int has(set81 s, int c) {
    return c < 64 ? (int)(s.lo >> c & 1) : (int)(s.hi >> (c - 64) & 1);
}

static void add(set81 *s, int c) {
    if (c < 64)
        s->lo |= (uint64_t)1 << c;
    else
        s->hi |= (uint64_t)1 << (c - 64);
}

static set81 and2(set81 a, set81 b) {
    set81 r = {a.lo & b.lo, a.hi & b.hi};
    return r;
}

static int count(set81 s) {
    return __builtin_popcountll(s.lo) + __builtin_popcountll(s.hi);
}

static int empty(set81 s) {
    return !(s.lo | s.hi);
}

static void setup(set81 peers[81]) {
    for (int a = 0; a < 81; a++) {
        set81 s = {0, 0};
        for (int b = 0; b < 81; b++) {
            if (a != b && (a / 9 == b / 9 || a % 9 == b % 9 ||
                           (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)))
                add(&s, b);
        }
        peers[a] = s;
    }
}

/* The cells of s, ascending, into out; returns how many. */
static int cells_of(set81 s, int8_t *out) {
    int n = 0;
    while (s.lo) {
        out[n++] = (int8_t)__builtin_ctzll(s.lo);
        s.lo &= s.lo - 1;
    }
    while (s.hi) {
        out[n++] = (int8_t)(64 + __builtin_ctzll(s.hi));
        s.hi &= s.hi - 1;
    }
    return n;
}

/* The candidates of the k base cells that no allowed combination uses, into gone;
 * returns whether there is one.  A combination is not allowed when two cells that see
 * each other take one digit, or when it holds every candidate of an excluder. */
static int exclude(const uint16_t cm[81], const set81 peers[81], const int *cells, int k, set81 common,
                   uint16_t gone[3]) {
    int8_t ex[81];
    uint16_t em[81];
    int ne = cells_of(common, ex);
    for (int i = 0; i < ne; i++) em[i] = cm[ex[i]];
    int digits[3][9], nd[3];
    for (int i = 0; i < k; i++) {
        nd[i] = 0;
        for (int d = 0; d < 9; d++)
            if (cm[cells[i]] >> d & 1) digits[i][nd[i]++] = d;
    }
    int s01 = has(peers[cells[0]], cells[1]);
    int s02 = k == 3 && has(peers[cells[0]], cells[2]);
    int s12 = k == 3 && has(peers[cells[1]], cells[2]);
    uint16_t allowed[3] = {0, 0, 0};
    uint16_t full[3] = {cm[cells[0]], cm[cells[1]], k == 3 ? cm[cells[2]] : 0};
    for (int x = 0; x < nd[0]; x++) {
        int va = digits[0][x];
        for (int y = 0; y < nd[1]; y++) {
            int vb = digits[1][y];
            if (s01 && va == vb) continue;
            unsigned u2 = 1u << va | 1u << vb;
            if (k == 2) {
                int ok = 1;
                for (int e = 0; e < ne && ok; e++) ok = (em[e] & ~u2) != 0;
                if (ok) {
                    allowed[0] |= (uint16_t)(1u << va);
                    allowed[1] |= (uint16_t)(1u << vb);
                }
                continue;
            }
            for (int z = 0; z < nd[2]; z++) {
                int vc = digits[2][z];
                if ((s02 && va == vc) || (s12 && vb == vc)) continue;
                unsigned u = u2 | 1u << vc;
                int ok = 1;
                for (int e = 0; e < ne && ok; e++) ok = (em[e] & ~u) != 0;
                if (ok) {
                    allowed[0] |= (uint16_t)(1u << va);
                    allowed[1] |= (uint16_t)(1u << vb);
                    allowed[2] |= (uint16_t)(1u << vc);
                }
            }
            if (allowed[0] == full[0] && allowed[1] == full[1] && allowed[2] == full[2])
                return 0;
        }
    }
    int any = 0;
    for (int i = 0; i < 3; i++) {
        gone[i] = i < k ? (uint16_t)(full[i] & ~allowed[i]) : 0;
        any |= gone[i];
    }
    return any != 0;
}

static int report(const uint16_t cm[81], const set81 peers[81], const int *cells, int k,
                  set81 common, aligned_hit *out, int max, int found) {
    uint16_t gone[3];
    if (!exclude(cm, peers, cells, k, common, gone)) return found;
    if (found < max) {
        /* ascending cells, their removals alongside */
        int order[3] = {0, 1, 2};
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                if (cells[order[j]] < cells[order[i]]) {
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
        for (int i = 0; i < 3; i++) {
            out[found].cell[i] = (int8_t)(i < k ? cells[order[i]] : -1);
            out[found].gone[i] = i < k ? gone[order[i]] : 0;
        }
    }
    return found + 1;
}

int aligned9(const uint16_t cm[81], int degree, aligned_hit *out, int max) {
    if (degree != 2 && degree != 3) return 0;
    set81 peers[81];
    setup(peers);
    int n[81];
    set81 single = {0, 0}, excl = {0, 0};
    for (int c = 0; c < 81; c++) {
        n[c] = __builtin_popcount(cm[c]);
        if (n[c] == 1)
            add(&single, c);
        else if (n[c] >= 2 && n[c] <= degree)
            add(&excl, c);
    }
    set81 ex[81];
    int base[81], nb = 0;
    set81 in_base = {0, 0};
    for (int c = 0; c < 81; c++) {
        memset(&ex[c], 0, sizeof ex[c]);
        if (n[c] < 2 || !empty(and2(peers[c], single))) continue;
        ex[c] = and2(peers[c], excl);
        if (empty(ex[c])) continue;
        base[nb++] = c;
        add(&in_base, c);
    }
    int pos[81];
    for (int i = 0; i < nb; i++) pos[base[i]] = i;
    int found = 0;
    /* pairs by their second base cell, then their first (SE's order) */
    for (int j = 1; j < nb; j++) {
        int b = base[j];
        for (int i = 0; i < j; i++) {
            int a = base[i];
            set81 common = and2(ex[a], ex[b]);
            if (count(common) < 2) continue;
            if (degree == 2) {
                int cells[2] = {a, b};
                found = report(cm, peers, cells, 2, common, out, max, found);
                continue;
            }
            /* the third cell: a base cell that is an excluder of a or b; each triplet is
             * taken at the first pair (in this order) that reaches it */
            set81 twin = {(ex[a].lo | ex[b].lo) & in_base.lo, (ex[a].hi | ex[b].hi) & in_base.hi};
            int8_t thirds[81];
            int nt = cells_of(twin, thirds);
            for (int t = 0; t < nt; t++) {
                int c = thirds[t];
                if (c == a || c == b) continue;
                set81 common3 = and2(common, ex[c]);
                if (count(common3) < 2) continue;
                int p = pos[c];
                if (p < j && p > i) {          /* reached before by the pair (a, c)? */
                    if (has(ex[a], b) || has(ex[c], b)) continue;
                } else if (p < i) {            /* by (c, a) or (c, b)? */
                    if (has(ex[c], b) || has(ex[a], b) || has(ex[c], a) || has(ex[b], a))
                        continue;
                }
                int cells[3] = {a, b, c};
                found = report(cm, peers, cells, 3, common3, out, max, found);
            }
        }
    }
    return found;
}
