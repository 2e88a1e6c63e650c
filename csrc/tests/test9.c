/* Tests for the 9x9 solver.  Usage: test9 [DATA_DIR]  (default /work/shared/data).
 * Every *.sdm file of DATA_DIR is solved and checked; then fixed cases, the seeded
 * random mode, concurrent use from several threads, and random partial grids
 * compared with a slow reference solver.  Build with -pthread (POSIX systems).
 * Exit status is non-zero on any failure. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/solve9.h"
#include "threads.h"

static int failures = 0;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            failures++;                                                   \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
        }                                                                 \
    } while (0)

static void show(FILE *f, const uint8_t *g) {
    for (int i = 0; i < 81; i++) fputc(g[i] ? '0' + g[i] : '.', f);
}

/* A complete grid obeying all constraints. */
static int valid_full(const uint8_t *g) {
    for (int u = 0; u < 9; u++) {
        unsigned r = 0, c = 0, b = 0;
        for (int k = 0; k < 9; k++) {
            int rv = g[u * 9 + k], cv = g[k * 9 + u];
            int bv = g[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
            if (rv < 1 || rv > 9 || cv < 1 || cv > 9 || bv < 1 || bv > 9) return 0;
            r |= 1u << rv;
            c |= 1u << cv;
            b |= 1u << bv;
        }
        if (r != 0x3FE || c != 0x3FE || b != 0x3FE) return 0;
    }
    return 1;
}

static int consistent(const uint8_t *puz, const uint8_t *sol) {
    for (int i = 0; i < 81; i++)
        if (puz[i] >= 1 && puz[i] <= 9 && puz[i] != sol[i]) return 0;
    return 1;
}

/* ---- slow reference solver: cell-based backtracking with row/col/box masks ---- */
typedef struct {
    uint8_t g[81];
    unsigned row[9], col[9], box[9];
    long count, limit;
    long nodes, budget; /* search stops (result unknown) when nodes exceed budget */
    uint8_t first[81];
} ref_t;

static void ref_rec(ref_t *r) {
    if (r->count >= r->limit || r->nodes > r->budget) return;
    r->nodes++;
    int best = -1, bestn = 10;
    unsigned bestm = 0;
    for (int i = 0; i < 81; i++) {
        if (r->g[i]) continue;
        unsigned m = ~(r->row[i / 9] | r->col[i % 9] | r->box[i / 27 * 3 + i % 9 / 3]) & 0x3FE;
        int n = sd_popc32(m);
        if (n < bestn) {
            bestn = n;
            best = i;
            bestm = m;
            if (n == 0) return;
        }
    }
    if (best < 0) {
        if (r->count == 0) memcpy(r->first, r->g, 81);
        r->count++;
        return;
    }
    int ro = best / 9, co = best % 9, bo = best / 27 * 3 + best % 9 / 3;
    for (int v = 1; v <= 9; v++) {
        if (!(bestm >> v & 1)) continue;
        unsigned bit = 1u << v;
        r->g[best] = (uint8_t)v;
        r->row[ro] |= bit;
        r->col[co] |= bit;
        r->box[bo] |= bit;
        ref_rec(r);
        r->row[ro] &= ~bit;
        r->col[co] &= ~bit;
        r->box[bo] &= ~bit;
        r->g[best] = 0;
        if (r->count >= r->limit || r->nodes > r->budget) return;
    }
}

/* Number of solutions up to limit, or -1 when the node budget ran out. */
static long ref_count(const uint8_t *in, long limit, uint8_t *first) {
    ref_t r;
    memset(&r, 0, sizeof r);
    r.limit = limit;
    r.budget = 3000000;
    for (int i = 0; i < 81; i++) {
        int v = in[i];
        if (v < 1 || v > 9) continue;
        unsigned bit = 1u << v;
        int ro = i / 9, co = i % 9, bo = i / 27 * 3 + i % 9 / 3;
        if ((r.row[ro] | r.col[co] | r.box[bo]) & bit) return 0;
        r.row[ro] |= bit;
        r.col[co] |= bit;
        r.box[bo] |= bit;
        r.g[i] = (uint8_t)v;
    }
    ref_rec(&r);
    if (r.nodes > r.budget && r.count < r.limit) return -1;
    if (first && r.count) memcpy(first, r.first, 81);
    return r.count;
}

/* Run s9_solve and check the output buffer contract. Returns the count. */
static int solve_checked(const uint8_t *in, int limit, uint64_t *rng, const char *what) {
    uint8_t out[81];
    memset(out, 0xEE, sizeof out);
    sd_stats st = {5, 7};
    int n = s9_solve(in, out, limit, rng, &st);
    CHECK(n >= 0 && n <= limit, "%s: count %d outside 0..%d", what, n, limit);
    CHECK(st.guesses >= 5 && st.nodes >= 7, "%s: stats decreased", what);
    if (n > 0) {
        CHECK(valid_full(out), "%s: invalid solution", what);
        CHECK(consistent(in, out), "%s: solution does not match givens", what);
    } else {
        int untouched = 1;
        for (int i = 0; i < 81; i++) untouched &= out[i] == 0xEE;
        CHECK(untouched, "%s: out written although no solution", what);
    }
    /* NULL out and NULL stats must work too and give the same count */
    if (!rng) CHECK(s9_solve(in, NULL, limit, NULL, NULL) == n, "%s: count differs with NULL out", what);
    return n;
}

/* Every propagation path this processor runs must give the same count, first solution,
 * guesses and nodes as the portable one, with and without a random source. */
static long paths_compared = 0;
static void check_paths(const uint8_t *in, int limit, const uint64_t *seed, const char *what) {
    uint8_t out[S9_PATHS][81];
    sd_stats st[S9_PATHS];
    int n[S9_PATHS];
    const int was = s9_path();
    for (int p = 0; p < S9_PATHS && s9_path_runs(p); p++) {
        uint64_t rng = seed ? *seed : 0;
        memset(out[p], 0, 81);
        st[p] = (sd_stats){0, 0};
        s9_set_path(p);
        n[p] = s9_solve(in, out[p], limit, seed ? &rng : NULL, &st[p]);
        if (p == 0) continue;
        CHECK(n[0] == n[p] && !memcmp(out[0], out[p], 81) && st[0].guesses == st[p].guesses &&
                  st[0].nodes == st[p].nodes,
              "%s: portable and %s paths differ (count %d/%d, guesses %llu/%llu, nodes "
              "%llu/%llu)",
              what, s9_path_name(p), n[0], n[p], (unsigned long long)st[0].guesses,
              (unsigned long long)st[p].guesses, (unsigned long long)st[0].nodes,
              (unsigned long long)st[p].nodes);
        paths_compared++;
    }
    s9_set_path(was);
}

static int parse_line(const char *line, uint8_t *g) {
    for (int i = 0; i < 81; i++) {
        char c = line[i];
        if (c >= '0' && c <= '9') g[i] = (uint8_t)(c - '0');
        else if (c == '.') g[i] = 0;
        else return 0;
    }
    return 1;
}

static void test_files(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        failures++;
        return;
    }
    struct dirent *e;
    long total = 0;
    while ((e = readdir(d))) {
        size_t L = strlen(e->d_name);
        if (L < 4 || strcmp(e->d_name + L - 4, ".sdm")) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) {
            perror(path);
            failures++;
            continue;
        }
        char line[1024];
        long n = 0, lineno = 0, nonunique = 0;
        while (fgets(line, sizeof line, f)) {
            uint8_t g[81], out[81];
            lineno++;
            if (!parse_line(line, g)) continue;
            n++;
            memset(out, 0, sizeof out);
            int c = s9_solve(g, out, 2, NULL, NULL);
            check_paths(g, 2, NULL, e->d_name);
            if (c != 1) {
                nonunique++;
                fprintf(stderr, "%s:%ld: count(limit=2) = %d\n", e->d_name, lineno, c);
            }
            if (c >= 1) {
                CHECK(valid_full(out) && consistent(g, out), "%s:%ld bad solution", e->d_name, lineno);
                uint8_t out1[81];
                CHECK(s9_solve(g, out1, 1, NULL, NULL) == 1 && !memcmp(out, out1, 81),
                      "%s:%ld limit=1 differs", e->d_name, lineno);
            }
        }
        fclose(f);
        CHECK(nonunique == 0, "%s: %ld of %ld puzzles not unique", e->d_name, nonunique, n);
        printf("  %-28s %6ld puzzles ok\n", e->d_name, n);
        total += n;
    }
    closedir(d);
    CHECK(total > 0, "no puzzles found in %s", dir);
}

static const char *SOLVED =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static void from_str(const char *s, uint8_t *g) {
    for (int i = 0; i < 81; i++) g[i] = (s[i] >= '1' && s[i] <= '9') ? (uint8_t)(s[i] - '0') : 0;
}

/* Find unique rectangles: cells (r1,c1),(r1,c2),(r2,c1),(r2,c2) spanning exactly two
 * boxes with values a b / b a.  Stores up to max rectangles of mutually disjoint rows
 * and columns. */
static int find_rects(const uint8_t *g, int rects[][4], int max) {
    int n = 0;
    unsigned usedr = 0, usedc = 0;
    for (int r1 = 0; r1 < 9 && n < max; r1++)
        for (int r2 = r1 + 1; r2 < 9 && n < max; r2++)
            for (int c1 = 0; c1 < 9 && n < max; c1++)
                for (int c2 = c1 + 1; c2 < 9 && n < max; c2++) {
                    int sameband = r1 / 3 == r2 / 3, samestack = c1 / 3 == c2 / 3;
                    if (sameband == samestack) continue;
                    if (g[r1 * 9 + c1] != g[r2 * 9 + c2] || g[r1 * 9 + c2] != g[r2 * 9 + c1]) continue;
                    if ((usedr >> r1 & 1) || (usedr >> r2 & 1) || (usedc >> c1 & 1) || (usedc >> c2 & 1))
                        continue;
                    usedr |= 1u << r1 | 1u << r2;
                    usedc |= 1u << c1 | 1u << c2;
                    rects[n][0] = r1 * 9 + c1;
                    rects[n][1] = r1 * 9 + c2;
                    rects[n][2] = r2 * 9 + c1;
                    rects[n][3] = r2 * 9 + c2;
                    n++;
                }
    return n;
}

static void test_known(void) {
    uint8_t g[81], out[81];

    /* empty grid */
    memset(g, 0, 81);
    CHECK(solve_checked(g, 2, NULL, "empty") == 2, "empty grid must have >= 2 solutions");
    CHECK(solve_checked(g, 1, NULL, "empty l1") == 1, "empty grid limit 1");
    CHECK(s9_solve(g, NULL, 1000, NULL, NULL) == 1000, "empty grid limit 1000");

    /* full valid grid */
    from_str(SOLVED, g);
    CHECK(valid_full(g), "test grid itself invalid");
    CHECK(solve_checked(g, 2, NULL, "full") == 1, "full grid");
    s9_solve(g, out, 1, NULL, NULL);
    CHECK(!memcmp(g, out, 81), "full grid solution differs");

    /* conflicting givens: row, column, box, and a full grid with one swap */
    memset(g, 0, 81);
    g[0] = 5;
    g[8] = 5;
    CHECK(solve_checked(g, 2, NULL, "row conflict") == 0, "row conflict");
    memset(g, 0, 81);
    g[4] = 7;
    g[76] = 7;
    CHECK(solve_checked(g, 2, NULL, "col conflict") == 0, "col conflict");
    memset(g, 0, 81);
    g[30] = 3;
    g[50] = 3;
    CHECK(solve_checked(g, 2, NULL, "box conflict") == 0, "box conflict");
    from_str(SOLVED, g);
    {
        uint8_t t = g[0];
        g[0] = g[1];
        g[1] = t;
    }
    CHECK(solve_checked(g, 2, NULL, "swapped full") == 0, "swapped full grid");

    /* unsolvable without direct conflict: row 0 needs 9 at (0,8) but column 8 has it */
    memset(g, 0, 81);
    for (int c = 0; c < 8; c++) g[c] = (uint8_t)(c + 1);
    g[4 * 9 + 8] = 9;
    CHECK(ref_count(g, 2, NULL) == 0, "reference disagrees on unsolvable case");
    CHECK(solve_checked(g, 2, NULL, "unsolvable") == 0, "unsolvable");
    /* a second unsolvable case: digit 1 has no place in box 0 */
    memset(g, 0, 81);
    g[1 * 9 + 4] = 1; /* row 1 */
    g[2 * 9 + 7] = 1; /* row 2 */
    g[4 * 9 + 0] = 1; /* column 0 */
    g[7 * 9 + 1] = 1; /* column 1 */
    g[0 * 9 + 2] = 5; /* last free cell of box 0 in row 0 */
    CHECK(ref_count(g, 2, NULL) == 0, "reference disagrees on hidden unsolvable case");
    CHECK(solve_checked(g, 2, NULL, "unsolvable2") == 0, "unsolvable2");

    /* puzzles with a known number of solutions: blank disjoint unique rectangles */
    from_str(SOLVED, g);
    int rects[4][4];
    int nr = find_rects(g, rects, 4);
    CHECK(nr >= 2, "need two disjoint unique rectangles, found %d", nr);
    uint8_t p[81];
    memcpy(p, g, 81);
    for (int k = 0; k < 4; k++) p[rects[0][k]] = 0;
    CHECK(solve_checked(p, 2, NULL, "one rect") == 2, "one deadly pattern must give 2");
    CHECK(solve_checked(p, 10, NULL, "one rect l10") == 2, "one deadly pattern exact count");
    CHECK(solve_checked(p, 1, NULL, "one rect l1") == 1, "one deadly pattern limit 1");
    if (nr >= 2) {
        for (int k = 0; k < 4; k++) p[rects[1][k]] = 0;
        CHECK(solve_checked(p, 10, NULL, "two rects") == 4, "two deadly patterns: 4 solutions");
        CHECK(solve_checked(p, 3, NULL, "two rects l3") == 3, "two deadly patterns limit 3");
    }
    /* a sparser puzzle with an exact count from the reference solver */
    memcpy(p, g, 81);
    for (int i = 0; i < 81; i += 2) p[i] = 0;
    for (int i = 0; i < 27; i += 3) p[i + 1] = 0;
    long exact = ref_count(p, 1000000, NULL);
    CHECK(exact >= 1, "sparse puzzle has no solution");
    if (exact >= 1 && exact < 100000) {
        int n = s9_solve(p, out, 100000, NULL, NULL);
        CHECK(n == exact, "sparse puzzle: %d vs reference %ld", n, exact);
    }
    printf("  known cases done (sparse puzzle has %ld solutions)\n", exact);
}

static void test_random_mode(void) {
    uint8_t g[81], a[81], b[81], c[81];
    memset(g, 0, 81);
    int distinct = 0;
    uint8_t prev[81];
    for (uint64_t seed = 1; seed <= 50; seed++) {
        uint64_t r1 = sd_seed(seed), r2 = sd_seed(seed);
        check_paths(g, 1, &r1, "random empty grid");
        CHECK(s9_solve(g, a, 1, &r1, NULL) == 1, "random empty grid");
        CHECK(s9_solve(g, b, 1, &r2, NULL) == 1, "random empty grid");
        CHECK(valid_full(a), "random grid invalid");
        CHECK(!memcmp(a, b, 81), "same seed gave different grids");
        if (seed > 1 && memcmp(a, prev, 81)) distinct++;
        memcpy(prev, a, 81);
    }
    CHECK(distinct >= 45, "only %d of 49 consecutive random grids differ", distinct);
    /* random mode counts agree with the deterministic ones */
    from_str(SOLVED, g);
    int rects[4][4];
    int nr = find_rects(g, rects, 2);
    for (int r = 0; r < nr; r++)
        for (int k = 0; k < 4; k++) g[rects[r][k]] = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        uint64_t rs = sd_seed(seed);
        CHECK(solve_checked(g, 10, &rs, "random mode count") == (1 << nr), "random mode count");
    }
    /* random mode solves a hard puzzle to the same unique solution */
    from_str("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", g);
    CHECK(s9_solve(g, a, 2, NULL, NULL) == 1, "hard puzzle");
    for (uint64_t seed = 1; seed <= 20; seed++) {
        uint64_t rs = sd_seed(seed);
        CHECK(s9_solve(g, c, 2, &rs, NULL) == 1 && !memcmp(a, c, 81), "random mode hard puzzle");
    }
    printf("  random mode done (%d distinct)\n", distinct);
}

static uint64_t rs_state;
static uint32_t rnd(uint32_t n) { return sd_below(&rs_state, n); }

static void test_random_partial(int rounds) {
    uint8_t g[81], full[81], ref1[81];
    long agree = 0, zero = 0, many = 0, skipped = 0;
    for (int it = 0; it < rounds; it++) {
        int kind = (int)rnd(4);
        if (kind == 0) {
            /* uniformly random values, any density (conflicts likely) */
            int dens = (int)rnd(40);
            for (int i = 0; i < 81; i++) g[i] = rnd(100) < (uint32_t)dens ? (uint8_t)(1 + rnd(9)) : 0;
        } else {
            /* subset of a random full grid, optionally with a few random changes */
            uint64_t seed = sd_seed((uint64_t)it * 7919u + 1);
            uint8_t z[81] = {0};
            s9_solve(z, full, 1, &seed, NULL);
            int keep = 15 + (int)rnd(50);
            for (int i = 0; i < 81; i++) g[i] = rnd(81) < (uint32_t)keep ? full[i] : 0;
            if (kind == 2) {
                int changes = 1 + (int)rnd(3);
                for (int k = 0; k < changes; k++) g[rnd(81)] = (uint8_t)rnd(10);
            }
        }
        int limit = 1 + (int)rnd(kind == 3 ? 50 : 5);
        long want = ref_count(g, limit, ref1);
        if (want < 0) { /* too slow for the reference solver: only check the contract */
            skipped++;
            solve_checked(g, limit, NULL, "random partial (reference skipped)");
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "random partial #%d", it);
        int got = solve_checked(g, limit, NULL, what);
        if (got != want) {
            failures++;
            fprintf(stderr, "FAIL random partial #%d limit %d: got %d want %ld: ", it, limit, got, want);
            show(stderr, g);
            fputc('\n', stderr);
        } else
            agree++;
        uint64_t seed2 = sd_seed((uint64_t)it);
        check_paths(g, limit, NULL, what);
        check_paths(g, limit, &seed2, what);
        CHECK(solve_checked(g, limit, &seed2, what) == want, "random-mode count #%d", it);
        zero += want == 0;
        many += want > 1;
    }
    printf("  random partial grids: %ld agree (%ld without solution, %ld with several), "
           "%ld skipped (reference too slow)\n", agree, zero, many, skipped);
}

/* ---- concurrent use: several threads solve the same puzzles; results must match ---- */
#define MT_THREADS 4
#define MT_PUZZLES 400
static uint8_t mt_puz[MT_PUZZLES][81];
static uint8_t mt_ref[MT_PUZZLES][81];
static int mt_count[MT_PUZZLES];

typedef struct {
    int id;
    int bad;
} mt_arg;

static void mt_worker(void *p) {
    mt_arg *a = p;
    uint8_t out[81];
    for (int rep = 0; rep < 5; rep++)
        for (int i = 0; i < MT_PUZZLES; i++) {
            int k = (i + a->id * 97) % MT_PUZZLES;
            int n = s9_solve(mt_puz[k], out, 2, NULL, NULL);
            if (n != mt_count[k] || (n && memcmp(out, mt_ref[k], 81))) a->bad++;
            uint64_t r = sd_seed((uint64_t)(a->id * 1000 + i));
            uint8_t empty[81] = {0};
            if (s9_solve(empty, out, 1, &r, NULL) != 1 || !valid_full(out)) a->bad++;
        }
}

static void test_threads(void) {
    for (int i = 0; i < MT_PUZZLES; i++) {
        uint64_t seed = sd_seed((uint64_t)i + 777);
        uint8_t z[81] = {0}, full[81];
        s9_solve(z, full, 1, &seed, NULL);
        for (int c = 0; c < 81; c++) mt_puz[i][c] = sd_below(&seed, 100) < 30 ? full[c] : 0;
        mt_count[i] = s9_solve(mt_puz[i], mt_ref[i], 2, NULL, NULL);
    }
    sd_thread th[MT_THREADS];
    mt_arg args[MT_THREADS];
    for (int t = 0; t < MT_THREADS; t++) {
        args[t].id = t;
        args[t].bad = 0;
        if (sd_thread_create(&th[t], mt_worker, &args[t])) {
            failures++;
            fprintf(stderr, "FAIL: sd_thread_create\n");
            return;
        }
    }
    int bad = 0;
    for (int t = 0; t < MT_THREADS; t++) {
        sd_thread_join(&th[t]);
        bad += args[t].bad;
    }
    CHECK(bad == 0, "%d mismatches between threads and the sequential results", bad);
    printf("  %d threads x %d puzzles x 5 rounds done\n", MT_THREADS, MT_PUZZLES);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "/work/shared/data";
    int rounds = argc > 2 ? atoi(argv[2]) : 20000;
    rs_state = sd_seed(12345);
    printf("data files:\n");
    test_files(dir);
    printf("known cases:\n");
    test_known();
    printf("random mode:\n");
    test_random_mode();
    printf("threads:\n");
    test_threads();
    printf("random partial grids:\n");
    test_random_partial(rounds);
    printf("propagation paths:");
    for (int p = 0; p < S9_PATHS; p++)
        printf(" %s%s", s9_path_name(p), s9_path_runs(p) ? "" : " (does not run here)");
    if (s9_path_runs(S9_AVX2))
        printf("\nportable and faster paths: %ld searches agree\n", paths_compared);
    else
        printf("\nportable and faster paths: not compared (only the portable path runs here)\n");
    if (failures) {
        printf("%d FAILURES\n", failures);
        return 1;
    }
    printf("all tests passed\n");
    return 0;
}
