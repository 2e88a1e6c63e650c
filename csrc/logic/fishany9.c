/* Finned fish of rows and columns on any 9x9 geometry: is there one? (see fishany9.h) */
#include "fishany9.h"

/* Line i, position j: row i, column j (rows as base) or column i, row j. */
static inline int cell_at(int base_kind, int i, int j) {
    return base_kind ? 9 * j + i : 9 * i + j;
}

int fish_any9(bb81 cells, int size, int base_kind, const bb81 peers[81], int max_fins) {
    unsigned g[9];   /* per line: the positions holding the digit */
    for (int i = 0; i < 9; i++) {
        g[i] = 0;
        for (int j = 0; j < 9; j++)
            if (bb_has(cells, cell_at(base_kind, i, j))) g[i] |= 1u << j;
    }
    for (unsigned base = 0; base < 512; base++) {
        if (b9_popc9(base) != size) continue;
        unsigned touched = 0;
        int every = 1;
        for (int i = 0; i < 9 && every; i++)
            if (base >> i & 1u) {
                every = g[i] != 0;
                touched |= g[i];
            }
        const int uncovered = b9_popc9(touched) - size;
        if (!every || uncovered < 1 || uncovered > max_fins) continue;
        /* every choice of the positions left uncovered: their base cells are the fins */
        for (unsigned off = touched; off; off = (off - 1) & touched) {
            if (b9_popc9(off) != uncovered) continue;
            bb81 fp = cells;
            int fins = 0;
            for (int i = 0; i < 9; i++) {
                if (!(base >> i & 1u)) continue;
                for (unsigned m = g[i] & off; m; m &= m - 1) {
                    fp = bb_and(fp, peers[cell_at(base_kind, i, b9_ctz(m))]);
                    fins++;
                }
            }
            if (fins > max_fins || !bb_any(fp)) continue;
            const unsigned cover = touched & ~off;
            for (int i = 0; i < 9; i++) {
                if (base >> i & 1u) continue;
                for (unsigned m = g[i] & cover; m; m &= m - 1)
                    if (bb_has(fp, cell_at(base_kind, i, b9_ctz(m)))) return 1;
            }
        }
    }
    return 0;
}
