/* Benchmarks for the generic solving core.
 *
 * Build (from csrc/):
 *   gcc -O2 -std=c11 -Wall -I. tests/bench_generic.c engine/generic.c constraints/rules_extra.c \
 *       constraints/sums.c constraints/cliques.c -o /tmp/bench_generic
 * Usage:
 *   bench_generic sdm FILE             solve a 9x9 .sdm file (count, limit 2), puzzles/s
 *   bench_generic gen B N SEED OUT     write N minimal (B*B)x(B*B) puzzles made by greedy
 *                                      clue removal from random full grids
 *   bench_generic solve B FILE         time count(limit 2) on every puzzle of FILE
 *   bench_generic fill B N             time N random full grids of size (B*B)x(B*B)
 * Puzzle lines: one character per cell, '.' empty, 1-9 then A-Z for 10-35. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/generic.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct brules {
    int32_t *houses, *pstart, *peers;
    sg_rules r;
} brules;

static void mk_rules(brules *b, int br, int bc) {
    int n = br * bc, nc = n * n, nh = 3 * n;
    b->houses = malloc(sizeof(int32_t) * nh * n);
    int k = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) b->houses[k++] = r * n + c;
    for (int c = 0; c < n; c++)
        for (int r = 0; r < n; r++) b->houses[k++] = r * n + c;
    for (int x = 0; x < n; x++) {
        int r0 = (x / (n / bc)) * br, c0 = (x % (n / bc)) * bc;
        for (int i = 0; i < br; i++)
            for (int j = 0; j < bc; j++) b->houses[k++] = (r0 + i) * n + c0 + j;
    }
    b->pstart = malloc(sizeof(int32_t) * (nc + 1));
    b->peers = malloc(sizeof(int32_t) * nc * 3 * n);
    k = 0;
    for (int c = 0; c < nc; c++) {
        b->pstart[c] = k;
        int r = c / n, col = c % n, bx = (r / br) * (n / bc) + col / bc;
        for (int d = 0; d < nc; d++) {
            if (d == c) continue;
            int r2 = d / n, c2 = d % n, b2 = (r2 / br) * (n / bc) + c2 / bc;
            if (r2 == r || c2 == col || b2 == bx) b->peers[k++] = d;
        }
    }
    b->pstart[nc] = k;
    b->r = (sg_rules){n, nc, nh, b->houses, b->pstart, b->peers};
}

static int enc(int v) { return v == 0 ? '.' : v <= 9 ? '0' + v : 'A' + v - 10; }
static int dec(int ch) {
    if (ch >= '1' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
    return 0;
}

static int bench_sdm(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    brules b;
    mk_rules(&b, 3, 3);
    sg_solver *s = sg_new(&b.r);
    char line[256];
    uint8_t *puz = malloc(100000 * 81);
    int np = 0;
    while (np < 100000 && fgets(line, sizeof line, f)) {
        if (strlen(line) < 81) continue;
        for (int i = 0; i < 81; i++) puz[np * 81 + i] = (uint8_t)((line[i] >= '1' && line[i] <= '9') ? line[i] - '0' : 0);
        np++;
    }
    fclose(f);
    uint8_t sol[81];
    sd_stats st = {0, 0};
    int bad = 0;
    double best = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int i = 0; i < np; i++)
            if (sg_count(s, puz + i * 81, 2, sol, NULL, rep ? NULL : &st) != 1) bad++;
        double dt = now() - t0;
        if (dt < best) best = dt;
    }
    printf("%s: %d puzzles, %.3f s, %.0f puzzles/s, %.1f guesses/puzzle, %d not unique\n", path, np, best,
           np / best, (double)st.guesses / np, bad / 3);
    free(puz);
    sg_free(s);
    return 0;
}

static int bench_gen(int bx, int count, uint64_t seed, const char *out) {
    brules b;
    mk_rules(&b, bx, bx);
    int nc = b.r.ncells;
    sg_solver *s = sg_new(&b.r);
    FILE *f = fopen(out, "w");
    if (!f) return 1;
    uint8_t *full = malloc(nc), *puz = calloc(nc, 1);
    int *order = malloc(sizeof(int) * nc);
    uint64_t rs = sd_seed(seed);
    for (int p = 0; p < count; p++) {
        double t0 = now();
        memset(puz, 0, nc);
        uint64_t st = sd_rand(&rs) | 1;
        sg_start(s, puz, &st);
        sg_next(s, full);
        memcpy(puz, full, nc);
        for (int i = 0; i < nc; i++) order[i] = i;
        for (int i = nc - 1; i > 0; i--) {
            int j = (int)sd_below(&rs, (uint32_t)i + 1), x = order[i];
            order[i] = order[j];
            order[j] = x;
        }
        int clues = nc;
        double slow = 0;
        for (int i = 0; i < nc; i++) {
            int c = order[i];
            uint8_t v = puz[c];
            puz[c] = 0;
            double t1 = now();
            int cnt = sg_count(s, puz, 2, NULL, NULL, NULL);
            double d = now() - t1;
            if (d > slow) slow = d;
            if (d > 0.5) {
                fprintf(stderr, "  step %d (%d clues): count %d took %.2f s\n", i, clues - 1, cnt, d);
                if (getenv("SLOWDUMP")) {
                    FILE *g = fopen(getenv("SLOWDUMP"), "a");
                    for (int q = 0; q < nc; q++) fputc(enc(puz[q]), g);
                    fputc('\n', g);
                    fclose(g);
                }
            }
            if (cnt != 1)
                puz[c] = v;
            else
                clues--;
        }
        for (int i = 0; i < nc; i++) fputc(enc(puz[i]), f);
        fputc('\n', f);
        fflush(f);
        fprintf(stderr, "puzzle %d: %d clues, %.2f s, slowest count %.3f s\n", p, clues, now() - t0, slow);
    }
    fclose(f);
    free(full);
    free(puz);
    free(order);
    sg_free(s);
    return 0;
}

static int bench_solve(int bx, const char *path) {
    brules b;
    mk_rules(&b, bx, bx);
    int nc = b.r.ncells;
    sg_solver *s = sg_new(&b.r);
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    char *line = malloc(4096);
    uint8_t *puz = malloc(nc), *sol = malloc(nc);
    double tot = 0, worst = 0;
    uint64_t guesses = 0;
    int np = 0, bad = 0;
    while (fgets(line, 4096, f)) {
        if ((int)strlen(line) < nc) continue;
        for (int i = 0; i < nc; i++) puz[i] = (uint8_t)dec(line[i]);
        sd_stats st = {0, 0};
        double t0 = now();
        int r = sg_count(s, puz, 2, sol, NULL, &st);
        double d = now() - t0;
        if (r != 1) bad++;
        tot += d;
        if (d > worst) worst = d;
        guesses += st.guesses;
        np++;
    }
    fclose(f);
    printf("%s: %d puzzles %dx%d, mean %.3f ms, slowest %.3f ms, %.0f guesses/puzzle, %d not unique\n", path, np,
           bx * bx, bx * bx, np ? tot / np * 1e3 : 0.0, worst * 1e3, np ? (double)guesses / np : 0.0, bad);
    free(line);
    free(puz);
    free(sol);
    sg_free(s);
    return 0;
}

static int bench_fill(int bx, int count) {
    brules b;
    mk_rules(&b, bx, bx);
    int nc = b.r.ncells;
    sg_solver *s = sg_new(&b.r);
    uint8_t *emp = calloc(nc, 1), *sol = malloc(nc);
    double tot = 0, worst = 0;
    for (int i = 0; i < count; i++) {
        uint64_t st = sd_seed((uint64_t)i);
        double t0 = now();
        sg_start(s, emp, &st);
        int r = sg_next(s, sol);
        double d = now() - t0;
        if (r != 1) printf("seed %d: no grid\n", i);
        tot += d;
        if (d > worst) worst = d;
    }
    printf("fill %dx%d: %d grids, mean %.3f ms, slowest %.3f ms\n", bx * bx, bx * bx, count, tot / count * 1e3,
           worst * 1e3);
    free(emp);
    free(sol);
    sg_free(s);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "sdm")) return bench_sdm(argv[2]);
    if (argc >= 6 && !strcmp(argv[1], "gen"))
        return bench_gen(atoi(argv[2]), atoi(argv[3]), strtoull(argv[4], NULL, 10), argv[5]);
    if (argc >= 4 && !strcmp(argv[1], "solve")) return bench_solve(atoi(argv[2]), argv[3]);
    if (argc >= 4 && !strcmp(argv[1], "fill")) return bench_fill(atoi(argv[2]), atoi(argv[3]));
    fprintf(stderr, "usage: see the comment at the top of bench_generic.c\n");
    return 2;
}
