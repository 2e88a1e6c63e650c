/* Multi-sector locked sets over rows and columns (see msls9.h). */
#include "msls9.h"

#include <stdlib.h>

static int by_size(const void *a, const void *b) {
    unsigned x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    int px = __builtin_popcount(x), py = __builtin_popcount(y);
    return px != py ? px - py : (int)x - (int)y;
}

int msls9_find(const uint16_t masks[81], int min_cells, int limit, uint16_t *rows,
               uint16_t *cols) {
    uint16_t rowcols[9][9]; /* [digit][row]: the columns where the digit is a candidate */
    uint16_t open[9];       /* [row]: the columns of open cells */
    for (int d = 0; d < 9; d++)
        for (int r = 0; r < 9; r++) rowcols[d][r] = 0;
    for (int r = 0; r < 9; r++) {
        open[r] = 0;
        for (int c = 0; c < 9; c++) {
            unsigned m = masks[r * 9 + c] & 0x1FFu;
            if (!m) continue;
            open[r] |= (uint16_t)(1u << c);
            for (int d = 0; d < 9; d++)
                if (m >> d & 1) rowcols[d][r] |= (uint16_t)(1u << c);
        }
    }
    uint16_t subsets[512];
    int nsub = 0;
    for (unsigned s = 0; s < 512; s++) {
        int k = __builtin_popcount(s);
        if (k >= 2 && k <= 7) subsets[nsub++] = (uint16_t)s;
    }
    qsort(subsets, (size_t)nsub, sizeof subsets[0], by_size);
    int found = 0;
    for (int i = 0; i < nsub && found < limit; i++) {
        unsigned R = subsets[i];
        for (int j = 0; j < nsub && found < limit; j++) {
            unsigned C = subsets[j];
            int n = 0;
            unsigned seen_cols = 0;
            int every_row = 1;
            for (int r = 0; r < 9; r++) {
                if (!(R >> r & 1)) continue;
                unsigned here = open[r] & C;
                if (!here) {
                    every_row = 0;
                    break;
                }
                n += __builtin_popcount(here);
                seen_cols |= here;
            }
            if (!every_row || seen_cols != C || n < min_cells) continue;
            int total = 0;
            for (int d = 0; d < 9 && total <= n; d++) {
                int nrows = 0;
                unsigned dcols = 0;
                for (int r = 0; r < 9; r++) {
                    if (!(R >> r & 1)) continue;
                    unsigned x = rowcols[d][r] & C;
                    if (x) {
                        nrows++;
                        dcols |= x;
                    }
                }
                int ncols = __builtin_popcount(dcols);
                total += nrows < ncols ? nrows : ncols;
            }
            if (total != n) continue;
            rows[found] = (uint16_t)R;
            cols[found] = (uint16_t)C;
            found++;
        }
    }
    return found;
}
