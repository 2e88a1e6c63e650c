/* Benchmark for the 9x9 solver.
 *
 *   bench9 FILE...            time each file separately (limit=1 and limit=2)
 *   bench9 --hardest FILE...  load all files, keep the 1000 puzzles needing the most
 *                             guesses and time that set; the selection is made twice,
 *                             by guesses with limit=2 (whole search tree, the main
 *                             figure) and by guesses with limit=1
 *   bench9 --all FILE...      both of the above
 *
 * Files hold one puzzle per line (81 characters, '0' or '.' for blanks); other
 * lines are skipped.  Each measurement repeats the whole set until at least one
 * second (thread CPU time by default) has elapsed and reports puzzles per second.
 * BENCH9_WALL=1 times by the wall clock; BENCH9_PATH=portable|avx2|avx512 forces the
 * solver's propagation path (default: the fastest this processor runs). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine/solve9.h"

typedef struct {
    uint8_t *p; /* 81 bytes per puzzle */
    size_t n, cap;
} pset;

static void pset_add(pset *s, const uint8_t *g) {
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->p = realloc(s->p, s->cap * 81);
        if (!s->p) {
            perror("realloc");
            exit(2);
        }
    }
    memcpy(s->p + s->n * 81, g, 81);
    s->n++;
}

static int load(const char *path, pset *s) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        uint8_t g[81];
        int ok = 1;
        for (int i = 0; i < 81 && ok; i++) {
            char c = line[i];
            if (c >= '0' && c <= '9') g[i] = (uint8_t)(c - '0');
            else if (c == '.') g[i] = 0;
            else ok = 0;
        }
        if (ok) pset_add(s, g);
    }
    fclose(f);
    return 0;
}

/* Thread CPU time: keeps the figures meaningful when other processes share the
 * machine (set BENCH9_WALL=1 in the environment to use wall-clock time instead). */
static clockid_t clk = CLOCK_THREAD_CPUTIME_ID;

static double now(void) {
    struct timespec ts;
    clock_gettime(clk, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Returns puzzles per second; *unsolved counts puzzles with no solution in one pass. */
static double run(const pset *s, int limit, size_t *unsolved, size_t *multi, sd_stats *st) {
    uint8_t out[81];
    size_t total = 0;
    double t0 = now(), t;
    *unsolved = *multi = 0;
    int first = 1;
    do {
        for (size_t i = 0; i < s->n; i++) {
            int r = s9_solve(s->p + i * 81, out, limit, NULL, first ? st : NULL);
            if (first) {
                if (r == 0) (*unsolved)++;
                if (r > 1) (*multi)++;
            }
        }
        first = 0;
        total += s->n;
        t = now() - t0;
    } while (t < 1.0);
    return (double)total / t;
}

static void bench(const char *name, const pset *s) {
    size_t uns, mul, uns2, mul2;
    sd_stats st = {0, 0}, st2 = {0, 0};
    double r1 = run(s, 1, &uns, &mul, &st);
    double r2 = run(s, 2, &uns2, &mul2, &st2);
    printf("%-26s n=%6zu  limit=1: %8.0f/s  limit=2: %8.0f/s (%3.0f%%)  guesses/puzzle %.2f / %.2f"
           "  unsolved %zu  multi %zu\n",
           name, s->n, r1, r2, 100.0 * r2 / r1, (double)st.guesses / (double)s->n,
           (double)st2.guesses / (double)s->n, uns, mul2);
}

typedef struct {
    uint64_t g;
    size_t i;
} gkey;

static int cmp_gkey(const void *a, const void *b) {
    const gkey *x = a, *y = b;
    if (x->g != y->g) return x->g < y->g ? 1 : -1;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* The k puzzles needing the most guesses when solved with the given limit. */
static void hardest(const pset *all, size_t k, int limit) {
    gkey *keys = malloc(all->n * sizeof *keys);
    if (!keys) exit(2);
    for (size_t i = 0; i < all->n; i++) {
        sd_stats st = {0, 0};
        s9_solve(all->p + i * 81, NULL, limit, NULL, &st);
        keys[i].g = st.guesses;
        keys[i].i = i;
    }
    qsort(keys, all->n, sizeof *keys, cmp_gkey);
    if (k > all->n) k = all->n;
    pset h = {0, 0, 0};
    for (size_t i = 0; i < k; i++) pset_add(&h, all->p + keys[i].i * 81);
    char name[64];
    snprintf(name, sizeof name, "hardest-by-limit%d", limit);
    printf("%s: %zu of %zu puzzles, guesses(limit=%d) from %llu down to %llu\n", name, k, all->n,
           limit, (unsigned long long)keys[0].g, (unsigned long long)keys[k - 1].g);
    bench(name, &h);
    free(h.p);
    free(keys);
}

int main(int argc, char **argv) {
    int mode_files = 1, mode_hard = 0, first = 1;
    if (argc > 1 && !strcmp(argv[1], "--hardest")) {
        mode_files = 0;
        mode_hard = 1;
        first = 2;
    } else if (argc > 1 && !strcmp(argv[1], "--all")) {
        mode_hard = 1;
        first = 2;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--hardest|--all] FILE...\n", argv[0]);
        return 2;
    }
    if (getenv("BENCH9_WALL")) clk = CLOCK_MONOTONIC;
    const char *want = getenv("BENCH9_PATH");
    if (want) {
        int p = 0;
        while (p < S9_PATHS && strcmp(want, s9_path_name(p)) != 0) p++;
        if (s9_set_path(p < S9_PATHS ? p : S9_PATHS) != 0) {
            fprintf(stderr, "BENCH9_PATH=%s: no such path on this processor\n", want);
            return 2;
        }
    }
    printf("propagation path: %s\n", s9_path_name(s9_path()));
    printf("timing: %s, each figure from >= 1 s of solving\n",
           clk == CLOCK_MONOTONIC ? "wall clock" : "thread CPU time");
    pset all = {0, 0, 0};
    for (int a = first; a < argc; a++) {
        pset s = {0, 0, 0};
        if (load(argv[a], &s)) return 1;
        if (mode_files) {
            const char *nm = strrchr(argv[a], '/');
            bench(nm ? nm + 1 : argv[a], &s);
        }
        for (size_t i = 0; i < s.n; i++) pset_add(&all, s.p + i * 81);
        free(s.p);
    }
    if (mode_hard) {
        hardest(&all, 1000, 2); /* full search tree: the strict definition */
        hardest(&all, 1000, 1); /* effort to the first solution */
    }
    free(all.p);
    return 0;
}
