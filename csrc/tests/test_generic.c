/* Tests for the generic solving core (engine/generic.c).
 *
 * Build and run (from csrc/):
 *   gcc -O2 -std=c11 -Wall -Wextra -pthread -I. tests/test_generic.c engine/generic.c \
 *       constraints/rules_extra.c constraints/sums.c constraints/cliques.c -o /tmp/test_generic
 *   /tmp/test_generic [path/to/top1465.sdm]
 * The puzzle file defaults to $SHUDU_TOP1465, then /work/shared/data/top1465.sdm;
 * that part is skipped if the file is missing.  -q (quick) shrinks the slow
 * parts and leaves out the 25x25 minimal-puzzle generation, for sanitizer
 * builds:
 *   gcc -g -O1 -std=c11 -fsanitize=address,undefined -pthread -I. tests/test_generic.c \
 *       engine/generic.c constraints/rules_extra.c constraints/sums.c -o /tmp/test_generic_asan
 *   /tmp/test_generic_asan -q */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraints/cliques.h"
#include "constraints/rules_extra.h"
#include "constraints/sums.h"
#include "engine/generic.h"
#include "threads.h"

static int failures = 0;
static int quick = 0;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
            if (failures > 20) exit(1);                                    \
        }                                                                  \
    } while (0)

static double now(void) { return sd_monotonic_seconds(); }

/* ------------------------------------------------------------ rules tables */

enum { X_DIAG = 1, X_KNIGHT = 2, X_KING = 4 };

typedef struct trules {
    int n, nc, nh, br, bc, extra;
    int32_t *houses, *pstart, *peers;
    sg_rules r;
} trules;

/* Classic rules with br x bc boxes (n = br*bc), plus the variant extras. */
static trules *mk_rules(int br, int bc, int extra) {
    trules *t = calloc(1, sizeof *t);
    int n = br * bc, nc = n * n;
    t->n = n;
    t->nc = nc;
    t->br = br;
    t->bc = bc;
    t->extra = extra;
    t->nh = 3 * n + ((extra & X_DIAG) ? 2 : 0);
    t->houses = malloc(sizeof(int32_t) * t->nh * n);
    int k = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) t->houses[k++] = r * n + c;
    for (int c = 0; c < n; c++)
        for (int r = 0; r < n; r++) t->houses[k++] = r * n + c;
    int across = n / bc;
    for (int b = 0; b < n; b++) {
        int r0 = (b / across) * br, c0 = (b % across) * bc;
        for (int i = 0; i < br; i++)
            for (int j = 0; j < bc; j++) t->houses[k++] = (r0 + i) * n + c0 + j;
    }
    if (extra & X_DIAG) {
        for (int i = 0; i < n; i++) t->houses[k++] = i * n + i;
        for (int i = 0; i < n; i++) t->houses[k++] = i * n + (n - 1 - i);
    }
    uint8_t *adj = calloc((size_t)nc * nc, 1);
    for (int h = 0; h < t->nh; h++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j) adj[(size_t)t->houses[h * n + i] * nc + t->houses[h * n + j]] = 1;
    static const int kn[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
    static const int kg[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int m = 0; m < 8; m++) {
                for (int w = 0; w < 2; w++) {
                    if (w == 0 && !(extra & X_KNIGHT)) continue;
                    if (w == 1 && !(extra & X_KING)) continue;
                    int rr = r + (w ? kg[m][0] : kn[m][0]), cc = c + (w ? kg[m][1] : kn[m][1]);
                    if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
                    adj[(size_t)(r * n + c) * nc + rr * n + cc] = 1;
                    adj[(size_t)(rr * n + cc) * nc + r * n + c] = 1;
                }
            }
    t->pstart = malloc(sizeof(int32_t) * (nc + 1));
    int total = 0;
    for (int i = 0; i < nc; i++)
        for (int j = 0; j < nc; j++) total += adj[(size_t)i * nc + j];
    t->peers = malloc(sizeof(int32_t) * (total ? total : 1));
    k = 0;
    for (int i = 0; i < nc; i++) {
        t->pstart[i] = k;
        for (int j = 0; j < nc; j++)
            if (adj[(size_t)i * nc + j]) t->peers[k++] = j;
    }
    t->pstart[nc] = k;
    free(adj);
    t->r.n = n;
    t->r.ncells = nc;
    t->r.nhouses = t->nh;
    t->r.houses = t->houses;
    t->r.peer_start = t->pstart;
    t->r.peers = t->peers;
    return t;
}

static void free_rules(trules *t) {
    free(t->houses);
    free(t->pstart);
    free(t->peers);
    free(t);
}

/* Complete, every house a permutation, no peer pair equal, givens kept. */
static int valid_solution(const trules *t, const uint8_t *g, const uint8_t *givens) {
    int n = t->n;
    for (int c = 0; c < t->nc; c++) {
        if (g[c] < 1 || g[c] > n) return 0;
        if (givens && givens[c] && givens[c] != g[c]) return 0;
        for (int j = t->pstart[c]; j < t->pstart[c + 1]; j++)
            if (g[t->peers[j]] == g[c]) return 0;
    }
    for (int h = 0; h < t->nh; h++) {
        uint64_t seen = 0;
        for (int i = 0; i < n; i++) seen |= 1ull << g[t->houses[h * n + i]];
        if (seen != (((1ull << n) - 1) << 1)) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ reference */

/* Plain backtracking in cell order that only looks at the peer lists. */
static long ref_rec(const trules *t, uint8_t *g, int pos, long limit) {
    while (pos < t->nc && g[pos]) pos++;
    if (pos == t->nc) return 1;
    long total = 0;
    for (int v = 1; v <= t->n && total < limit; v++) {
        int ok = 1;
        for (int j = t->pstart[pos]; j < t->pstart[pos + 1]; j++)
            if (g[t->peers[j]] == v) {
                ok = 0;
                break;
            }
        if (!ok) continue;
        g[pos] = (uint8_t)v;
        total += ref_rec(t, g, pos + 1, limit - total);
        g[pos] = 0;
    }
    return total;
}

static long ref_count(const trules *t, const uint8_t *givens, long limit) {
    uint8_t *g = malloc(t->nc);
    memcpy(g, givens, t->nc);
    long r = 0;
    for (int c = 0; c < t->nc; c++)
        if (g[c])
            for (int j = t->pstart[c]; j < t->pstart[c + 1]; j++)
                if (g[t->peers[j]] == g[c]) goto out;
    r = ref_rec(t, g, 0, limit);
out:
    free(g);
    return r;
}

/* ------------------------------------------------------------ helpers */

static int count_all(sg_solver *s, const trules *t, const uint8_t *givens, int limit,
                     uint8_t *first, const uint64_t *rng) {
    (void)t;
    return sg_count(s, givens, limit, first, rng, NULL);
}

static uint64_t rng_state = 0x1234567ull;
static uint32_t rnd(uint32_t bound) { return sd_below(&rng_state, bound); }

static void shuffle(int *a, int m) {
    for (int i = m - 1; i > 0; i--) {
        int j = (int)rnd((uint32_t)i + 1);
        int x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* A random full grid through the seeded mode. */
static int random_full(sg_solver *s, const trules *t, uint64_t seed, uint8_t *out) {
    uint8_t *empty = calloc(t->nc, 1);
    uint64_t st = sd_seed(seed);
    int r = sg_start(s, empty, &st);
    if (r == 0) r = sg_next(s, out);
    free(empty);
    return r == 1;
}

/* Greedy clue removal keeping a unique solution. */
static int make_minimal(sg_solver *s, const trules *t, const uint8_t *full, uint8_t *puz) {
    int *order = malloc(sizeof(int) * t->nc);
    memcpy(puz, full, t->nc);
    for (int i = 0; i < t->nc; i++) order[i] = i;
    shuffle(order, t->nc);
    int clues = t->nc;
    for (int i = 0; i < t->nc; i++) {
        int c = order[i];
        uint8_t v = puz[c];
        puz[c] = 0;
        if (sg_count(s, puz, 2, NULL, NULL, NULL) != 1)
            puz[c] = v;
        else
            clues--;
    }
    free(order);
    return clues;
}

/* ------------------------------------------------------------ tests */

static void test_top1465(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("top1465: %s not found, skipped\n", path);
        return;
    }
    trules *t = mk_rules(3, 3, 0);
    sg_solver *s = sg_new(&t->r);
    char line[256];
    int np = 0, bad = 0;
    uint8_t puz[81], sol[81];
    sd_stats st = {0, 0};
    double t0 = now();
    while (fgets(line, sizeof line, f)) {
        if (strlen(line) < 81) continue;
        for (int i = 0; i < 81; i++) puz[i] = (line[i] >= '1' && line[i] <= '9') ? line[i] - '0' : 0;
        int cnt = sg_count(s, puz, 2, sol, NULL, &st);
        if (cnt != 1 || !valid_solution(t, sol, puz)) bad++;
        np++;
    }
    double dt = now() - t0;
    fclose(f);
    CHECK(np > 0, "read %d puzzles", np);
    CHECK(bad == 0, "%d puzzles wrong", bad);
    printf("top1465: %d puzzles, count(limit=2) in %.3f s = %.0f puzzles/s, %.1f guesses/puzzle\n",
           np, dt, np / dt, (double)st.guesses / np);
    sg_free(s);
    free_rules(t);
}

static void test_empty_grids(void) {
    static const int dims[][2] = {{2, 2}, {2, 3}, {2, 4}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};
    for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
        trules *t = mk_rules(dims[k][0], dims[k][1], 0);
        sg_solver *s = sg_new(&t->r);
        uint8_t *empty = calloc(t->nc, 1), *sol = malloc(t->nc);
        double t0 = now();
        CHECK(sg_start(s, empty, NULL) == 0, "n=%d", t->n);
        CHECK(sg_next(s, sol) == 1 && valid_solution(t, sol, NULL), "empty n=%d", t->n);
        double dt = now() - t0;
        sd_stats st;
        sg_get_stats(s, &st);
        int nseeds = t->n >= 16 ? 20 : 10;
        uint8_t *prev = malloc((size_t)t->nc * nseeds);
        double worst = 0;
        for (int i = 0; i < nseeds; i++) {
            double t1 = now();
            int ok = random_full(s, t, 1000 + i, prev + (size_t)i * t->nc);
            double d = now() - t1;
            if (d > worst) worst = d;
            CHECK(ok && valid_solution(t, prev + (size_t)i * t->nc, NULL), "random n=%d seed %d", t->n, i);
            for (int j = 0; j < i; j++)
                CHECK(memcmp(prev + (size_t)i * t->nc, prev + (size_t)j * t->nc, t->nc) != 0,
                      "n=%d seeds %d and %d gave the same grid", t->n, i, j);
        }
        /* same seed, same grid */
        uint8_t *again = malloc(t->nc);
        CHECK(random_full(s, t, 1000, again) && memcmp(again, prev, t->nc) == 0, "n=%d reproducible", t->n);
        printf("empty %2dx%-2d: first solution %.3f ms (%llu nodes), %d random grids, slowest %.3f ms\n",
               t->n, t->n, dt * 1e3, (unsigned long long)st.nodes, nseeds, worst * 1e3);
        CHECK(worst < 1.0, "n=%d slow random fill", t->n);
        free(again);
        free(prev);
        free(empty);
        free(sol);
        sg_free(s);
        free_rules(t);
    }
}

static int cmp_grid_len;
static int cmp_grid(const void *a, const void *b) { return memcmp(a, b, cmp_grid_len); }

/* Enumerate every solution with sg_next: distinct, valid, count as expected. */
static long enumerate(const trules *t, const uint8_t *givens, const uint64_t *rng, long cap) {
    sg_solver *s = sg_new(&t->r);
    uint8_t *all = malloc((size_t)t->nc * cap);
    long m = 0;
    if (sg_start(s, givens, rng) == 0) {
        while (m < cap && sg_next(s, all + (size_t)m * t->nc) == 1) m++;
        uint8_t *tmp = malloc(t->nc);
        CHECK(m < cap && sg_next(s, tmp) == 0, "exhausted");
        CHECK(sg_next(s, tmp) == 0, "stays exhausted");
        free(tmp);
    }
    for (long i = 0; i < m; i++) CHECK(valid_solution(t, all + (size_t)i * t->nc, givens), "sol %ld", i);
    cmp_grid_len = t->nc;
    qsort(all, m, t->nc, cmp_grid);
    for (long i = 1; i < m; i++)
        CHECK(memcmp(all + (size_t)(i - 1) * t->nc, all + (size_t)i * t->nc, t->nc) != 0, "dup %ld", i);
    free(all);
    sg_free(s);
    return m;
}

static void test_enumeration(void) {
    trules *t = mk_rules(2, 2, 0);
    uint8_t empty[16] = {0};
    long m = enumerate(t, empty, NULL, 1000);
    CHECK(m == 288, "4x4 has %ld", m);
    uint64_t seed = sd_seed(7);
    m = enumerate(t, empty, &seed, 1000);
    CHECK(m == 288, "4x4 random order has %ld", m);
    CHECK(ref_count(t, empty, 100000) == 288, "reference 4x4");
    sg_solver *s = sg_new(&t->r);
    CHECK(count_all(s, t, empty, 1000, NULL, NULL) == 288, "count");
    CHECK(count_all(s, t, empty, 100, NULL, NULL) == 100, "count limit");
    sg_free(s);
    free_rules(t);

    static const int variants[] = {X_DIAG, X_KNIGHT, X_KING, X_DIAG | X_KING};
    static const char *vname[] = {"X", "anti-knight", "anti-king", "X+anti-king"};
    for (int v = 0; v < 4; v++) {
        t = mk_rules(2, 2, variants[v]);
        long want = ref_count(t, empty, 100000);
        m = enumerate(t, empty, NULL, 1000);
        CHECK(m == want, "4x4 %s: %ld vs reference %ld", vname[v], m, want);
        printf("empty 4x4 %s: %ld solutions (reference %ld)\n", vname[v], m, want);
        free_rules(t);
    }

    /* 6x6 with a few givens: enumeration agrees with the reference */
    t = mk_rules(2, 3, 0);
    s = sg_new(&t->r);
    uint8_t full[36], g[36];
    for (int trial = 0; trial < 30; trial++) {
        CHECK(random_full(s, t, 50 + trial, full), "6x6 fill");
        memset(g, 0, sizeof g);
        int keep = 6 + (int)rnd(8);
        for (int i = 0; i < keep; i++) {
            int c = (int)rnd(36);
            g[c] = full[c];
        }
        long want = ref_count(t, g, 100000);
        m = enumerate(t, g, NULL, 100001);
        CHECK(m == want, "6x6 trial %d: %ld vs %ld", trial, m, want);
    }
    sg_free(s);
    free_rules(t);
}

/* Random partial grids, possibly conflicting: compare with the reference. */
static void test_random_partial(void) {
    static const int dims[][3] = {{2, 2, 0}, {2, 2, X_DIAG}, {2, 3, 0}, {2, 3, X_KING}, {2, 4, 0},
                                  {3, 3, 0}, {3, 3, X_DIAG}, {3, 3, X_KNIGHT}};
    int agree = 0;
    for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
        trules *t = mk_rules(dims[k][0], dims[k][1], dims[k][2]);
        sg_solver *s = sg_new(&t->r);
        uint8_t *g = malloc(t->nc), *full = malloc(t->nc), *sol = malloc(t->nc);
        int trials = quick ? 100 : 400;
        for (int trial = 0; trial < trials; trial++) {
            memset(g, 0, t->nc);
            int mode = (int)rnd(3);
            if (t->n <= 4 || (mode == 0 && t->n <= 6)) {
                /* uniform random values */
                int m = (int)rnd((uint32_t)t->nc / 2 + 1);
                for (int i = 0; i < m; i++) g[rnd(t->nc)] = (uint8_t)(1 + rnd(t->n));
            } else {
                /* a dense part of a solution, a few cells changed */
                if (!random_full(s, t, 7777 + trial, full)) {
                    CHECK(0, "fill");
                    continue;
                }
                int dens = t->n >= 8 ? 55 + (int)rnd(40) : 20 + (int)rnd(70);
                for (int c = 0; c < t->nc; c++)
                    if ((int)rnd(100) < dens) g[c] = full[c];
                int changes = mode == 1 ? 0 : 1 + (int)rnd(3);
                for (int i = 0; i < changes; i++) g[rnd(t->nc)] = (uint8_t)(1 + rnd(t->n));
            }
            long lim = 50;
            long want = ref_count(t, g, lim);
            int got = sg_count(s, g, (int)lim, sol, NULL, NULL);
            CHECK(got == want, "n=%d extra=%d trial %d: %d vs reference %ld", t->n, t->extra, trial, got, want);
            if (got > 0) CHECK(valid_solution(t, sol, g), "n=%d trial %d solution", t->n, trial);
            if (got == want) agree++;
            /* sg_start's return value agrees with a direct conflict among givens */
            int conflict = 0;
            for (int c = 0; c < t->nc && !conflict; c++)
                if (g[c])
                    for (int j = t->pstart[c]; j < t->pstart[c + 1]; j++)
                        if (g[t->peers[j]] == g[c]) conflict = 1;
            if (conflict) CHECK(sg_start(s, g, NULL) == -1 && sg_next(s, sol) == 0, "conflict not seen");
        }
        free(g);
        free(full);
        free(sol);
        sg_free(s);
        free_rules(t);
    }
    printf("random partial grids: %d agree with the reference\n", agree);

    /* large sizes: no crash, solutions valid */
    static const int big[][3] = {{3, 4, 0}, {4, 4, 0}, {5, 5, 0}, {4, 4, X_DIAG}};
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++) {
        trules *t = mk_rules(big[k][0], big[k][1], big[k][2]);
        sg_solver *s = sg_new(&t->r);
        uint8_t *g = malloc(t->nc), *full = malloc(t->nc), *sol = malloc(t->nc);
        int trials = quick ? 10 : 40, counts[3] = {0, 0, 0};
        double worst = 0;
        for (int trial = 0; trial < trials; trial++) {
            memset(g, 0, t->nc);
            int mode = trial % 3;
            if (mode == 0) {
                int m = (int)rnd((uint32_t)t->nc / 8 + 1);
                for (int i = 0; i < m; i++) g[rnd(t->nc)] = (uint8_t)(1 + rnd(t->n));
            } else {
                CHECK(random_full(s, t, 99 + trial, full), "fill");
                int dens = 60 + (int)rnd(40);
                for (int c = 0; c < t->nc; c++)
                    if ((int)rnd(100) < dens) g[c] = full[c];
                if (mode == 2) g[rnd(t->nc)] = (uint8_t)(1 + rnd(t->n));
            }
            double t0 = now();
            int got = sg_count(s, g, 2, sol, NULL, NULL);
            double d = now() - t0;
            if (d > worst) worst = d;
            CHECK(got >= 0 && got <= 2, "count %d", got);
            if (got > 0) CHECK(valid_solution(t, sol, g), "n=%d trial %d", t->n, trial);
            counts[got]++;
        }
        printf("random partial %dx%d%s: %d none, %d unique, %d several; slowest %.2f ms\n", t->n, t->n,
               t->extra ? " X" : "", counts[0], counts[1], counts[2], worst * 1e3);
        free(g);
        free(full);
        free(sol);
        sg_free(s);
        free_rules(t);
    }
}

static void test_variants_9(void) {
    static const int ex[] = {X_DIAG, X_KNIGHT, X_KING, X_DIAG | X_KNIGHT};
    static const char *nm[] = {"X-sudoku", "anti-knight", "anti-king", "X+anti-knight"};
    for (int v = 0; v < 4; v++) {
        trules *t = mk_rules(3, 3, ex[v]);
        sg_solver *s = sg_new(&t->r);
        uint8_t full[81], puz[81], sol[81], empty[81] = {0};
        CHECK(sg_start(s, empty, NULL) == 0 && sg_next(s, sol) == 1 && valid_solution(t, sol, NULL),
              "%s empty", nm[v]);
        int ok = 0, total = 0;
        double worst = 0;
        int runs = quick ? 2 : 5;
        for (int i = 0; i < runs; i++) {
            if (!random_full(s, t, 300 + i, full)) {
                CHECK(0, "%s fill", nm[v]);
                continue;
            }
            CHECK(valid_solution(t, full, NULL), "%s full", nm[v]);
            int clues = make_minimal(s, t, full, puz);
            double t0 = now();
            int cnt = sg_count(s, puz, 2, sol, NULL, NULL);
            double d = now() - t0;
            if (d > worst) worst = d;
            total++;
            if (cnt == 1 && memcmp(sol, full, 81) == 0) ok++;
            CHECK(cnt == 1 && memcmp(sol, full, 81) == 0, "%s minimal puzzle (%d clues)", nm[v], clues);
            /* reference agrees on the puzzle with a few more clues back */
            memcpy(sol, puz, 81);
            for (int c = 0; c < 81; c++)
                if (!sol[c] && rnd(2)) sol[c] = full[c];
            CHECK(ref_count(t, sol, 5) == sg_count(s, sol, 5, NULL, NULL, NULL), "%s reference", nm[v]);
        }
        printf("9x9 %s: %d/%d minimal puzzles ok, slowest %.3f ms\n", nm[v], ok, total, worst * 1e3);
        sg_free(s);
        free_rules(t);
    }
}

static void test_hard(int b, int npuz) {
    trules *t = mk_rules(b, b, 0);
    sg_solver *s = sg_new(&t->r);
    uint8_t *full = malloc(t->nc), *puz = malloc(t->nc), *sol = malloc(t->nc);
    double tsum = 0, worst = 0, gsum = 0;
    for (int i = 0; i < npuz; i++) {
        CHECK(random_full(s, t, 4242 + i, full), "fill");
        double t0 = now();
        int clues = make_minimal(s, t, full, puz);
        double tg = now() - t0;
        sd_stats st = {0, 0};
        t0 = now();
        int cnt = sg_count(s, puz, 2, sol, NULL, &st);
        double d = now() - t0;
        tsum += d;
        if (d > worst) worst = d;
        CHECK(cnt == 1 && memcmp(sol, full, t->nc) == 0, "%dx%d puzzle %d", t->n, t->n, i);
        CHECK(d < (t->n > 16 ? 10.0 : 1.0), "%dx%d puzzle %d took %.3f s", t->n, t->n, i, d);
        gsum += (double)st.guesses;
        printf("  %dx%d puzzle %d: %d clues (generated in %.2f s), solve+prove %.3f ms, %llu guesses\n", t->n,
               t->n, i, clues, tg, d * 1e3, (unsigned long long)st.guesses);
    }
    printf("hard %dx%d: %d puzzles, mean %.3f ms, slowest %.3f ms, %.1f guesses/puzzle\n", t->n, t->n, npuz,
           tsum / npuz * 1e3, worst * 1e3, gsum / npuz);
    free(full);
    free(puz);
    free(sol);
    sg_free(s);
    free_rules(t);
}

static void test_edge_cases(void) {
    trules *t = mk_rules(2, 2, 0);
    sg_solver *s = sg_new(&t->r);
    uint8_t g[16] = {1, 1}, sol[16];
    sd_stats st = {5, 5};
    CHECK(sg_start(s, g, NULL) == -1, "row conflict");
    CHECK(sg_next(s, sol) == 0 && sg_next(s, sol) == 0, "no solution after contradiction");
    CHECK(sg_count(s, g, 3, sol, NULL, &st) == 0, "count 0");
    CHECK(st.guesses == 5 && st.nodes == 5, "stats added");
    /* no direct conflict among the givens */
    uint8_t h[16] = {0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0};
    CHECK(sg_count(s, h, 10, NULL, NULL, NULL) == ref_count(t, h, 10), "reference");
    /* full valid grid given */
    uint8_t emp[16] = {0};
    CHECK(sg_start(s, emp, NULL) == 0 && sg_next(s, sol) == 1, "solve");
    CHECK(sg_count(s, sol, 2, g, NULL, NULL) == 1 && memcmp(g, sol, 16) == 0, "full grid");
    /* zero PRNG state is accepted */
    uint64_t z = 0;
    CHECK(sg_count(s, emp, 1, sol, &z, NULL) == 1 && valid_solution(t, sol, NULL), "zero rng");
    /* restart in the middle of an enumeration */
    CHECK(sg_start(s, emp, NULL) == 0 && sg_next(s, sol) == 1 && sg_next(s, sol) == 1, "partial");
    CHECK(sg_count(s, emp, 1000, NULL, NULL, NULL) == 288, "restart");
    sg_free(s);
    sg_free(NULL);
    free_rules(t);

    /* size 1: a single cell */
    int32_t hs[1] = {0}, ps[2] = {0, 0}, pe[1] = {0};
    sg_rules r1 = {1, 1, 1, hs, ps, pe};
    s = sg_new(&r1);
    uint8_t one = 0, out = 0;
    CHECK(sg_count(s, &one, 5, &out, NULL, NULL) == 1 && out == 1, "1x1");
    sg_free(s);
    sg_rules bad = {33, 1089, 0, hs, ps, pe};
    CHECK(sg_new(&bad) == NULL, "n=33 refused");
}

static void test_cancel(void) {
    trules *t = mk_rules(2, 2, 0);
    sg_solver *s = sg_new(&t->r);
    volatile int flag = 1;
    sg_set_cancel(s, &flag);
    uint8_t emp[16] = {0}, all[300 * 16];
    int m = 0, cancels = 0, r;
    CHECK(sg_start(s, emp, NULL) == 0, "start");
    while (m < 300) {
        r = sg_next(s, all + m * 16);
        if (r == -2) {
            cancels++;
            if (cancels > 100000) break;
            continue;
        }
        if (r == 0) break;
        m++;
    }
    CHECK(m == 288 && cancels > 0, "cancel/resume: %d solutions, %d cancels", m, cancels);
    cmp_grid_len = 16;
    qsort(all, m, 16, cmp_grid);
    for (int i = 1; i < m; i++) CHECK(memcmp(all + (i - 1) * 16, all + i * 16, 16), "dup");
    CHECK(sg_count(s, emp, 1000, NULL, NULL, NULL) == -2, "count cancelled");
    flag = 0;
    CHECK(sg_count(s, emp, 1000, NULL, NULL, NULL) == 288, "count after clear");
    sg_set_cancel(s, NULL);
    sg_free(s);
    free_rules(t);
}

/* Several solvers in parallel threads, each on its own share of puzzles. */
typedef struct tjob {
    trules *t;
    uint64_t seed;
    int ok, total;
} tjob;

static void thread_main(void *arg) {
    tjob *j = arg;
    sg_solver *s = sg_new(&j->t->r);
    uint8_t *full = malloc(j->t->nc), *puz = malloc(j->t->nc), *sol = malloc(j->t->nc);
    for (int i = 0; i < 20; i++) {
        uint64_t st = sd_seed(j->seed + i);
        memset(puz, 0, j->t->nc);
        if (sg_start(s, puz, &st) || sg_next(s, full) != 1) continue;
        for (int c = 0; c < j->t->nc; c++) puz[c] = (sd_rand(&st) & 1) ? full[c] : 0;
        j->total++;
        if (sg_count(s, puz, 1, sol, NULL, NULL) == 1 && valid_solution(j->t, sol, puz)) j->ok++;
    }
    free(full);
    free(puz);
    free(sol);
    sg_free(s);
}

static void test_threads(void) {
    trules *t = mk_rules(4, 4, 0);
    sd_thread th[4];
    tjob jobs[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (tjob){t, 100u * i, 0, 0};
        if (sd_thread_create(&th[i], thread_main, &jobs[i]) != 0) {
            fprintf(stderr, "FAIL: thread %d did not start\n", i);
            exit(1);
        }
    }
    for (int i = 0; i < 4; i++) {
        sd_thread_join(&th[i]);
        CHECK(jobs[i].ok == jobs[i].total && jobs[i].total == 20, "thread %d", i);
    }
    free_rules(t);
}

/* Brute force for test_peer_sums: the digits each of k cells (masks m, signs sg) takes in
 * some filling adding up to total where linked cells (links) differ. */
static void peer_sum_brute(int k, int total, const uint32_t *m, const int *sg, const uint32_t *links,
                           int i, int sum, int *dig, uint32_t *out) {
    if (i == k) {
        if (sum == total)
            for (int j = 0; j < k; j++) out[j] |= 1u << (dig[j] - 1);
        return;
    }
    for (int d = 1; d <= 9; d++) {
        if (!(m[i] >> (d - 1) & 1)) continue;
        int ok = 1;
        for (int j = 0; j < i && ok; j++) ok = !((links[i] >> j & 1) && dig[j] == d);
        if (!ok) continue;
        dig[i] = d;
        peer_sum_brute(k, total, m, sg, links, i + 1, sum + sg[i] * d, dig, out);
    }
}

/* A sum whose cells see each other (gx_use_peers) keeps every digit of a filling where
 * they differ (sound) and no digit of none (no filling: a contradiction); where every
 * cell sees every other the narrowing is exact; a diagonal through boxes and disjoint
 * groups drops the repeated digits neither view allows. */
static void test_peer_sums(void) {
    int checked = 0, exact = 0, narrower = 0;
    for (int round = 0; round < (quick ? 300 : 3000); round++) {
        const int k = 2 + (int)rnd(6);
        const int clique = round % 3 == 0;
        uint32_t links[8] = {0}, m[8];
        int sg[8];
        for (int i = 0; i < k; i++)
            for (int j = 0; j < i; j++)
                if (clique || rnd(2)) {
                    links[i] |= 1u << j;
                    links[j] |= 1u << i;
                }
        int32_t pstart[9], peers[64], np = 0;
        for (int i = 0; i < k; i++) {
            pstart[i] = np;
            for (int j = 0; j < k; j++)
                if (links[i] >> j & 1) peers[np++] = j;
        }
        pstart[k] = np;
        int lo = 0, hi = 0;
        for (int i = 0; i < k; i++) {
            m[i] = 1 + rnd(511);
            sg[i] = rnd(4) ? 1 : -1;
            lo += sg[i] > 0 ? 1 : -9;
            hi += sg[i] > 0 ? 9 : -1;
        }
        const int total = lo + (int)rnd((uint32_t)(hi - lo + 1));
        int32_t prog[2 + 1 + 2 * 8];
        prog[0] = GX_LINEAR;
        prog[1] = k;
        prog[2] = total;
        for (int i = 0; i < k; i++) {
            prog[3 + 2 * i] = i;
            prog[4 + 2 * i] = sg[i];
        }
        char err[128];
        gx_set *g = gx_new(9, k, prog, (size_t)(3 + 2 * k), err, sizeof err);
        CHECK(g != NULL, "%s", err);
        if (!g) continue;
        CHECK(gx_use_peers(g, pstart, peers) == 0, "out of memory");
        uint16_t cells[8];
        uint32_t keep[8], want[8] = {0}, got[8];
        int dig[8];
        peer_sum_brute(k, total, m, sg, links, 0, 0, dig, want);
        const int x = gx_narrow(g, m, cells, keep);
        memcpy(got, m, sizeof got);
        for (int i = 0; i < x; i++) got[cells[i]] = keep[i];
        const int none = !want[0];
        if (x < 0) {
            CHECK(none, "round %d: a contradiction where a filling exists", round);
        } else {
            for (int i = 0; i < k; i++)
                CHECK((got[i] & want[i]) == want[i], "round %d cell %d: kept %x of %x, a filling needs %x",
                      round, i, got[i], m[i], want[i]);
            checked++;
        }
        if (clique && x >= 0) {
            /* a sum left with fewer than two open cells is the search's to check against
             * the peers: take placed digits out of the cells that see them */
            for (int again = 1; again;) {
                again = 0;
                for (int i = 0; i < k; i++)
                    for (int j = 0; j < k; j++)
                        if (j != i && (links[i] >> j & 1) && !(got[i] & (got[i] - 1)) && (got[j] & got[i])) {
                            got[j] &= ~got[i];
                            again = 1;
                        }
            }
        }
        if (clique) {
            int empty = 0;
            for (int i = 0; i < k; i++) empty |= !got[i];
            int same = none ? x < 0 || empty : x >= 0;
            for (int i = 0; i < k && same && !none; i++) same = got[i] == want[i];
            CHECK(same, "round %d: every cell sees every other, yet the narrowing is not exact", round);
            exact += same;
        }
        gx_free(g);
    }
    /* r1c1 r2c2 r3c3 r4c4 r5c5 r6c6 of a 9x9 with disjoint groups: two boxes, three
     * disjoint groups; 6 cells adding up to 12 must be 1+2+3 twice (box and group
     * differ), so no cell may be 4 or more; digits free to repeat would allow 7 */
    {
        int32_t pstart[7], peers[36], np = 0;
        for (int i = 0; i < 6; i++) {
            pstart[i] = np;
            for (int j = 0; j < 6; j++)
                if (j != i && (i / 3 == j / 3 || i % 3 == j % 3)) peers[np++] = j;
        }
        pstart[6] = np;
        int32_t prog[3 + 12] = {GX_LINEAR, 6, 12};
        for (int i = 0; i < 6; i++) {
            prog[3 + 2 * i] = i;
            prog[4 + 2 * i] = 1;
        }
        gx_set *g = gx_new(9, 6, prog, 15, NULL, 0);
        CHECK(g && gx_use_peers(g, pstart, peers) == 0, "the diagonal sum");
        uint32_t m[6], keep[6];
        uint16_t cells[6];
        for (int i = 0; i < 6; i++) m[i] = 0x1ff;
        const int x = g ? gx_narrow(g, m, cells, keep) : -1;
        CHECK(x == 6, "every cell narrowed, got %d", x);
        for (int i = 0; i < x; i++) CHECK(keep[i] == 0x7, "cell %d keeps %x, not 1-3", cells[i], keep[i]);
        narrower = x == 6;
        gx_free(g);
    }
    printf("peer sums: %d sound, %d exact on cliques, diagonal %s\n", checked, exact,
           narrower ? "narrowed" : "NOT narrowed");
}

/* A view's groups of cells that differ, narrowed by sets of digit subsets (cliques.c),
 * keep exactly what the walk of sums.c keeps: random groups of one sign each, random
 * candidates and totals over the whole range (with none, and with every filling). */
static void test_clique_views(void) {
    int same = 0, none = 0;
    for (int round = 0; round < (quick ? 2000 : 20000); round++) {
        const int k = 1 + (int)rnd(9);
        uint32_t masks[9], links[9] = {0}, want[9], got[9];
        int8_t signs[9];
        int lo = 0, hi = 0, start = 0;
        for (int i = 0; i < k; i++) {
            if (i == 0 || rnd(3) == 0) {   /* a new group */
                start = i;
                signs[i] = rnd(3) ? 1 : -1;
            } else {
                signs[i] = signs[i - 1];
            }
            for (int j = start; j < i; j++) {
                links[i] |= 1u << j;
                links[j] |= 1u << i;
            }
            masks[i] = rnd(4) ? 1 + rnd(511) : (1u << rnd(9)) | (1u << rnd(9));
            lo += signs[i] > 0 ? 1 : -9;
            hi += signs[i] > 0 ? 9 : -1;
        }
        const int total = lo - 1 + (int)rnd((uint32_t)(hi - lo + 3));
        const int w = sums_supports(total, k, masks, links, signs, want);
        const int c = cliques_supports(9, k, total, masks, signs, links, got);
#if !SD_HAVE_INT128
        CHECK(c == -2, "round %d: without 128-bit integers the walk does it", round);
        continue;
#endif
        CHECK(c == 0 || c == 1, "round %d: cliques_supports answered %d", round, c);
        int equal = c == (w > 0);
        for (int i = 0; i < k && equal && c == 1; i++) equal = got[i] == want[i];
        CHECK(equal, "round %d: %d places, total %d: the subsets and the walk differ", round, k,
              total);
        same += equal;
        none += w == 0;
    }
    /* what it leaves to others: a group that changes sign, more than 9 digits */
    const uint32_t m2[2] = {0x1ff, 0x1ff}, l2[2] = {2, 1};
    const int8_t s2[2] = {1, -1};
    uint32_t out[2];
    CHECK(cliques_supports(9, 2, 0, m2, s2, l2, out) == -2, "a group of two signs");
    CHECK(cliques_supports(10, 2, 3, m2, s2, l2, out) == -2, "ten digits");
    printf("clique views: %d the same as the walk (%d without a filling)\n", same, none);
}

int main(int argc, char **argv) {
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-q"))
            quick = 1;
        else
            path = argv[i];
    }
    if (!path) path = getenv("SHUDU_TOP1465");
    if (!path) path = "/work/shared/data/top1465.sdm";

    setvbuf(stdout, NULL, _IONBF, 0);
    test_edge_cases();
    test_peer_sums();
    test_clique_views();
    test_enumeration();
    test_cancel();
    test_empty_grids();
    test_variants_9();
    test_random_partial();
    test_threads();
    test_top1465(path);
    test_hard(4, quick ? 1 : 5);
    if (!quick) test_hard(5, 1); /* the greedy pass takes minutes on 25x25 */

    if (failures) {
        printf("%d FAILURES\n", failures);
        return 1;
    }
    printf("all tests passed\n");
    return 0;
}
