/* Detector of Sue de Coq (see detect9.h), as found by shudu.logic.sdc.
 *
 * For each line and each box it meets: the unsolved intersection cells (at least two),
 * the unsolved rest of the line and of the box (both non-empty).  For every subset C of
 * the intersection with k >= 2 cells and digits V, free = |V| - k >= 2; a line subset L
 * (digits ld) and a box subset B (digits bd) qualify when each holds a digit of V, each
 * "absorbs" g = cells - extra digits (digits outside V) with 0 < g < free, the two g sum
 * to free, and ld and bd share no digit of V.  Then every digit of V | ld | bd except
 * those only in bd leaves the rest of the line, every digit except those only in ld
 * leaves the rest of the box ("rest" = outside C, L and B).  Eliminations are of present
 * candidates, so the step changes the state when one of those cells holds such a digit. */
#include "detect9.h"

typedef struct {
    unsigned bd, rb; /* digits of the box subset, of the rest of the box */
} box_set;

int d9_sue_de_coq(const d9_state *s) {
    for (int line = 0; line < 18; line++) {
        for (int t = 0; t < 3; t++) {
            int box = line < 9 ? (line / 3) * 3 + t : t * 3 + (line - 9) / 3;
            const uint8_t *lc = B9_HOUSE[line];
            const uint8_t *bc = B9_HOUSE[18 + box];
            int ic[3], lr[6], br[6];
            int ni = 0, nl = 0, nb = 0;
            for (int k = 0; k < 9; k++) {
                int c = lc[k];
                if (!s->c[c]) continue;
                if (B9_CELL_HOUSE[c][2] == 18 + box) ic[ni++] = c;
                else lr[nl++] = c;
            }
            if (ni < 2 || nl == 0) continue;
            for (int k = 0; k < 9; k++) {
                int c = bc[k];
                if (!s->c[c]) continue;
                if (B9_CELL_HOUSE[c][0] != line && B9_CELL_HOUSE[c][1] != line) br[nb++] = c;
            }
            if (nb == 0) continue;
            unsigned ldig[64], bdig[64];
            ldig[0] = 0;
            for (int m = 1; m < (1 << nl); m++) {
                int low = sd_ctz32((unsigned)m);
                ldig[m] = ldig[m & (m - 1)] | s->c[lr[low]];
            }
            bdig[0] = 0;
            for (int m = 1; m < (1 << nb); m++) {
                int low = sd_ctz32((unsigned)m);
                bdig[m] = bdig[m & (m - 1)] | s->c[br[low]];
            }
            int fulll = (1 << nl) - 1, fullb = (1 << nb) - 1;
            for (int cm = 1; cm < (1 << ni); cm++) {
                int k = b9_popc9((unsigned)cm);
                if (k < 2) continue;
                unsigned v = 0, resti = 0;
                for (int i = 0; i < ni; i++) {
                    if (cm >> i & 1) v |= s->c[ic[i]];
                    else resti |= s->c[ic[i]];
                }
                int free = b9_popc9(v) - k;
                if (free < 2) continue;
                /* the qualifying line subsets */
                unsigned lds[63], rls[63];
                int lgs[63], nls = 0;
                for (int m = 1; m <= fulll; m++) {
                    unsigned ld = ldig[m];
                    if (!(ld & v)) continue;
                    int g = b9_popc9((unsigned)m) - b9_popc9(ld & ~v);
                    if (g <= 0 || g >= free) continue;
                    lds[nls] = ld;
                    rls[nls] = ldig[fulll ^ m] | resti;
                    lgs[nls++] = g;
                }
                if (!nls) continue;
                /* the qualifying box subsets, bucketed by g (1 .. free - 1 <= 6) */
                box_set bs[63];
                int start[8] = {0}, fill[8];
                unsigned gof[64];
                for (int m = 1; m <= fullb; m++) {
                    unsigned bd = bdig[m];
                    gof[m] = 0;
                    if (!(bd & v)) continue;
                    int g = b9_popc9((unsigned)m) - b9_popc9(bd & ~v);
                    if (g <= 0 || g >= free) continue;
                    gof[m] = (unsigned)g;
                    start[g + 1]++;
                }
                for (int g = 1; g < 8; g++) start[g] += start[g - 1];
                if (start[7] == 0) continue;
                for (int g = 0; g < 8; g++) fill[g] = start[g];
                for (int m = 1; m <= fullb; m++) {
                    unsigned g = gof[m];
                    if (!g) continue;
                    box_set *e = &bs[fill[g]++];
                    e->bd = bdig[m];
                    e->rb = bdig[fullb ^ m] | resti;
                }
                for (int j0 = 0; j0 < nls; j0++) {
                    unsigned ld = lds[j0], rl = rls[j0];
                    int g = lgs[j0];
                    int want = free - g;
                    for (int j = start[want]; j < start[want + 1]; j++) {
                        unsigned bd = bs[j].bd;
                        if (ld & bd & v) continue;
                        unsigned all = v | ld | bd;
                        unsigned line_d = all & ~(bd & ~ld);
                        unsigned box_d = all & ~(ld & ~bd);
                        if ((line_d & rl) || (box_d & bs[j].rb)) return 1;
                    }
                }
            }
        }
    }
    return 0;
}
