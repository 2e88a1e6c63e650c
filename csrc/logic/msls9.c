/* Multi-sector locked sets over rows and columns (see msls9.h). */
#include "msls9.h"

#include <stdlib.h>

static int by_size(const void *a, const void *b) {
    unsigned x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    int px = sd_popc32(x), py = sd_popc32(y);
    return px != py ? px - py : (int)x - (int)y;
}

/* The search over column sets for one row set R: columns are added in increasing order,
 * keeping per digit the rows of R where it is a candidate in the chosen columns and the
 * number of chosen columns where it is. */
typedef struct search {
    unsigned R;
    int min_cells, limit, found;
    uint16_t *rows, *cols;
    int cnt[9];            /* open cells of R in each column */
    uint16_t rows_of[9][9]; /* [digit][column]: rows of R with the digit there */
    uint16_t open_rows[9];  /* [column]: rows of R with an open cell there */
} search;

static void extend(search *s, int next, unsigned C, int size, int n, unsigned covered,
                   const uint16_t *dr, const uint8_t *dc) {
    if (size >= 2 && covered == s->R && n >= s->min_cells) {
        int total = 0;
        for (int d = 0; d < 9 && total <= n; d++) {
            int r = sd_popc32(dr[d]);
            total += r < dc[d] ? r : dc[d];
        }
        if (total == n && s->found < s->limit) {
            s->rows[s->found] = (uint16_t)s->R;
            s->cols[s->found] = (uint16_t)C;
            s->found++;
        }
    }
    if (size == 7) return;
    for (int c = next; c < 9 && s->found < s->limit; c++) {
        if (!s->cnt[c]) continue;
        uint16_t ndr[9];
        uint8_t ndc[9];
        for (int d = 0; d < 9; d++) {
            ndr[d] = dr[d] | s->rows_of[d][c];
            ndc[d] = (uint8_t)(dc[d] + (s->rows_of[d][c] != 0));
        }
        extend(s, c + 1, C | 1u << c, size + 1, n + s->cnt[c], covered | s->open_rows[c], ndr,
               ndc);
    }
}

int msls9_find(const uint16_t masks[81], int min_cells, int limit, uint16_t *rows,
               uint16_t *cols) {
    uint16_t subsets[512];
    int nsub = 0;
    for (unsigned x = 0; x < 512; x++) {
        int k = sd_popc32(x);
        if (k >= 2 && k <= 7) subsets[nsub++] = (uint16_t)x;
    }
    qsort(subsets, (size_t)nsub, sizeof subsets[0], by_size);
    search s;
    s.min_cells = min_cells;
    s.limit = limit;
    s.found = 0;
    s.rows = rows;
    s.cols = cols;
    for (int i = 0; i < nsub && s.found < limit; i++) {
        unsigned R = subsets[i];
        s.R = R;
        for (int c = 0; c < 9; c++) {
            s.cnt[c] = 0;
            s.open_rows[c] = 0;
            for (int d = 0; d < 9; d++) s.rows_of[d][c] = 0;
            for (int r = 0; r < 9; r++) {
                if (!(R >> r & 1)) continue;
                unsigned m = masks[r * 9 + c] & 0x1FFu;
                if (!m) continue;
                s.cnt[c]++;
                s.open_rows[c] |= (uint16_t)(1u << r);
                for (int d = 0; d < 9; d++)
                    if (m >> d & 1) s.rows_of[d][c] |= (uint16_t)(1u << r);
            }
        }
        uint16_t dr[9] = {0};
        uint8_t dc[9] = {0};
        extend(&s, 0, 0, 0, 0, 0, dr, dc);
    }
    return s.found;
}
