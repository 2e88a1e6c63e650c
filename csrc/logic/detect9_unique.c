/* Detectors of the unique family (see detect9.h): Unique Rectangles 1-6, Avoidable
 * Rectangles 1-2, Hidden Rectangle and BUG+1, mirroring shudu/logic/uniqueness.py.
 *
 * A rectangle is two rows r1 < r2 and two columns c1 < c2 spanning exactly two boxes
 * (the "swappable" condition of the Python finders), with corners k[0..3] = r1c1, r1c2,
 * r2c1, r2c2; the opposite of corner i is corner 3 - i.  The UR-family rectangles of the
 * Python finder are the rectangles with four open corners and digits {a, b} such that some
 * corner holds exactly {a, b} and every corner holds a or b.
 */
#include "detect9.h"

/* Whether some open cell seeing every one of cells[0..n-1] holds candidate bit x. */
static int common_has(const d9_state *s, const int *cells, int n, int x) {
    int p0 = cells[0];
    for (int j = 0; j < 20; j++) {
        int p = B9_PEERS[p0][j];
        if (!(s->c[p] >> x & 1)) continue;
        int ok = 1;
        for (int i = 1; i < n; i++)
            if (!b9_sees(p, cells[i])) { ok = 0; break; }
        if (ok) return 1;
    }
    return 0;
}

/* Whether digit bit u appears in row r and column c only at the rectangle's corners. */
static inline int confined_rc(const d9_state *s, int u, int r, int c, int r1, int r2,
                              int c1, int c2) {
    unsigned rowc = (1u << c1) | (1u << c2), colr = (1u << r1) | (1u << r2);
    return !(s->pos[u][r] & ~rowc) && !(s->pos[u][9 + c] & ~colr);
}

static inline int aligned_idx(int i, int j) { return (i ^ j) != 3; } /* i != j, 0..3 */

/* Type 3: roofs k[i], k[j] (aligned), union of extras `extra` (>= 2 bits). */
static int ur3(const d9_state *s, int ri, int rj, unsigned extra) {
    int shared[2], ns = 0;
    shared[ns++] = (ri / 9 == rj / 9) ? ri / 9 : 9 + ri % 9;
    if (B9_CELL_HOUSE[ri][2] == B9_CELL_HOUSE[rj][2]) shared[ns++] = B9_CELL_HOUSE[ri][2];
    for (int hi = 0; hi < ns; hi++) {
        int h = shared[hi];
        int others[9], no = 0;
        for (int k = 0; k < 9; k++) {
            int cell = B9_HOUSE[h][k];
            if (cell != ri && cell != rj && s->c[cell]) others[no++] = cell;
        }
        int kmax = no - 1 < 4 ? no - 1 : 4;
        if (kmax < 1) continue;
        for (unsigned m = 1; m < (1u << no); m++) {
            int k = b9_popc(m);
            if (k > kmax) continue;
            unsigned uni = extra;
            for (int t = 0; t < no; t++)
                if (m >> t & 1) uni |= s->c[others[t]];
            if (b9_popc(uni) != k + 1) continue;
            /* the shared houses holding the whole subset; skip unless h is the first */
            int hs[2], nh = 0;
            for (int h2i = 0; h2i < ns; h2i++) {
                int h2 = shared[h2i], all = 1;
                for (int t = 0; t < no && all; t++)
                    if ((m >> t & 1) && B9_CELL_HOUSE[others[t]][h2 < 9 ? 0 : h2 < 18 ? 1 : 2] != h2)
                        all = 0;
                if (all) hs[nh++] = h2;
            }
            if (nh == 0 || hs[0] != h) continue;
            for (int h2i = 0; h2i < nh; h2i++) {
                int h2 = hs[h2i];
                for (int q = 0; q < 9; q++) {
                    int cell = B9_HOUSE[h2][q];
                    if (cell == ri || cell == rj || !(s->c[cell] & uni)) continue;
                    int in = 0;
                    for (int t = 0; t < no; t++)
                        if ((m >> t & 1) && others[t] == cell) { in = 1; break; }
                    if (!in) return 1;
                }
            }
        }
    }
    return 0;
}

/* One UR-family rectangle (digits mask ab) for a technique; type 7 = hidden rectangle. */
static int rect_check(const d9_state *s, int type, const int *k, unsigned ab, int r1, int r2,
                      int c1, int c2) {
    int roofs[4], nr = 0, floors[4], nf = 0;
    for (int i = 0; i < 4; i++) {
        if (s->c[k[i]] & ~ab) roofs[nr++] = i;
        else floors[nf++] = i;
    }
    switch (type) {
    case 1:
        return nr == 1;
    case 2:
    case 5: {
        if (nr < 2) return 0;
        int al = nr == 2 && aligned_idx(roofs[0], roofs[1]);
        if (type == 2 ? (nr != 2 || !al) : al) return 0;
        unsigned extra = s->c[k[roofs[0]]] & ~ab;
        if (b9_popc(extra) != 1) return 0;
        for (int i = 1; i < nr; i++)
            if ((s->c[k[roofs[i]]] & ~ab) != extra) return 0;
        int cells[4];
        for (int i = 0; i < nr; i++) cells[i] = k[roofs[i]];
        return common_has(s, cells, nr, sd_ctz32(extra));
    }
    case 3: {
        if (nr != 2 || !aligned_idx(roofs[0], roofs[1])) return 0;
        int ri = k[roofs[0]], rj = k[roofs[1]];
        unsigned extra = (s->c[ri] | s->c[rj]) & ~ab;
        if (b9_popc(extra) < 2) return 0;
        return ur3(s, ri, rj, extra);
    }
    case 4: {
        if (nr != 2 || !aligned_idx(roofs[0], roofs[1])) return 0;
        int ri = k[roofs[0]], rj = k[roofs[1]];
        int hs[2], nh = 0;
        hs[nh++] = (ri / 9 == rj / 9) ? ri / 9 : 9 + ri % 9;
        if (B9_CELL_HOUSE[ri][2] == B9_CELL_HOUSE[rj][2]) hs[nh++] = B9_CELL_HOUSE[ri][2];
        unsigned a = ab & -ab, b = ab ^ a;
        unsigned uv[2][2] = {{a, b}, {b, a}};
        for (int t = 0; t < nh; t++) {
            int h = hs[t];
            unsigned rm = (1u << b9_house_pos(ri, h)) | (1u << b9_house_pos(rj, h));
            for (int z = 0; z < 2; z++) {
                int u = sd_ctz32(uv[z][0]);
                if (s->pos[u][h] != rm) continue;
                if ((s->c[ri] | s->c[rj]) & uv[z][1]) return 1;
            }
        }
        return 0;
    }
    case 6: {
        if (nr != 2 || aligned_idx(roofs[0], roofs[1])) return 0;
        unsigned all = s->c[k[0]] & s->c[k[1]] & s->c[k[2]] & s->c[k[3]] & ab;
        unsigned rowc = (1u << c1) | (1u << c2), colr = (1u << r1) | (1u << r2);
        while (all) {
            int u = sd_ctz32(all);
            all &= all - 1;
            if (!(s->pos[u][r1] & ~rowc) && !(s->pos[u][r2] & ~rowc) &&
                !(s->pos[u][9 + c1] & ~colr) && !(s->pos[u][9 + c2] & ~colr))
                return 1;
        }
        return 0;
    }
    case 7: {
        if (nf > 2 || nf == 0 || (nf == 2 && aligned_idx(floors[0], floors[1]))) return 0;
        unsigned a = ab & -ab, b = ab ^ a;
        for (int fi = 0; fi < nf; fi++) {
            int f = floors[fi], o = 3 - f;
            int s1 = k[f ^ 1], s2 = k[f ^ 2]; /* the side corners */
            int oc = k[o];
            int ro = oc / 9, co = oc % 9;
            for (int z = 0; z < 2; z++) {
                unsigned u = z ? b : a, v = z ? a : b;
                if (!(s->c[oc] & v) || !(s->c[s1] & u) || !(s->c[s2] & u)) continue;
                if (confined_rc(s, sd_ctz32(u), ro, co, r1, r2, c1, c2)) return 1;
            }
        }
        return 0;
    }
    }
    return 1;
}

/* Lists the state's rectangles with their pairs, in the order of the scan. */
static void rect_list(const d9_state *s, d9_rects *out) {
    out->n = 0;
    for (int r1 = 0; r1 < 8; r1++) {
        for (int r2 = r1 + 1; r2 < 9; r2++) {
            int sameband = r1 / 3 == r2 / 3;
            for (int c1 = 0; c1 < 8; c1++) {
                unsigned m0 = s->c[r1 * 9 + c1], m2 = s->c[r2 * 9 + c1];
                if (!m0 || !m2) continue;
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if (sameband == (c1 / 3 == c2 / 3)) continue;
                    unsigned m1 = s->c[r1 * 9 + c2], m3 = s->c[r2 * 9 + c2];
                    if (!m1 || !m3) continue;
                    unsigned ms[4] = {m0, m1, m2, m3}, done[4];
                    int nd = 0;
                    for (int i = 0; i < 4; i++) {
                        unsigned ab = ms[i];
                        if (b9_popc(ab) != 2) continue;
                        if (!(m0 & ab) || !(m1 & ab) || !(m2 & ab) || !(m3 & ab)) continue;
                        int dup = 0;
                        for (int j = 0; j < nd; j++)
                            if (done[j] == ab) dup = 1;
                        if (dup) continue;
                        done[nd++] = ab;
                        if (out->n < D9_MAX_RECTS) {
                            out->item[out->n].r1 = (uint8_t)r1;
                            out->item[out->n].r2 = (uint8_t)r2;
                            out->item[out->n].c1 = (uint8_t)c1;
                            out->item[out->n].c2 = (uint8_t)c2;
                            out->item[out->n].ab = (uint16_t)ab;
                            out->n++;
                        }
                    }
                }
            }
        }
    }
    out->ready = 1;
}

/* Every UR-family rectangle: 1 as soon as one passes rect_check.  The rectangles are
 * listed once per state where the state has room for them (s->rects). */
static int rect_scan(const d9_state *s, int type) {
    d9_rects own, *r = s->rects ? s->rects : &own;
    if (!s->rects) own.ready = 0;
    if (!r->ready) rect_list(s, r);
    for (int i = 0; i < r->n; i++) {
        int r1 = r->item[i].r1, r2 = r->item[i].r2, c1 = r->item[i].c1, c2 = r->item[i].c2;
        int k[4] = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
        if (rect_check(s, type, k, r->item[i].ab, r1, r2, c1, c2)) return 1;
    }
    return 0;
}

int d9_ur(const d9_state *s, int type) {
    if (type < 1 || type > 6) return 1;
    return rect_scan(s, type);
}

int d9_hidden_rectangle(const d9_state *s) {
    return rect_scan(s, 7);
}

/* Avoidable rectangles: swappable rectangles whose corners are all open or placed by
 * solving (not givens), with an aligned pair of solved corners of different values. */
int d9_avoidable_rectangle(const d9_state *s, int type) {
    if (type != 1 && type != 2) return 1;
    /* cls: 0 = given, 1 = solved (placed, not given), 2 = open */
    uint8_t cls[81];
    int nsolved = 0;
    for (int i = 0; i < 81; i++) {
        if (s->v[i]) {
            cls[i] = s->given[i] ? 0 : 1;
            nsolved += cls[i];
        } else {
            cls[i] = s->c[i] ? 2 : 0;
        }
    }
    if (nsolved < 2) return 0;
    for (int r1 = 0; r1 < 8; r1++) {
        for (int r2 = r1 + 1; r2 < 9; r2++) {
            int sameband = r1 / 3 == r2 / 3;
            for (int c1 = 0; c1 < 8; c1++) {
                int k0 = r1 * 9 + c1, k2 = r2 * 9 + c1;
                if (!cls[k0] || !cls[k2]) continue;
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if (sameband == (c1 / 3 == c2 / 3)) continue;
                    int k[4] = {k0, r1 * 9 + c2, k2, r2 * 9 + c2};
                    if (!cls[k[1]] || !cls[k[3]]) continue;
                    int sol[4], ns = 0, open[4], no = 0;
                    for (int i = 0; i < 4; i++) {
                        if (cls[k[i]] == 1) sol[ns++] = i;
                        else open[no++] = i;
                    }
                    if (type == 1) {
                        if (ns != 3) continue;
                        int fr = open[0], opp = 3 - fr;
                        int a = s->v[k[opp]];
                        int b1 = s->v[k[fr ^ 1]], b2 = s->v[k[fr ^ 2]];
                        if (b1 != b2 || b1 == a) continue;
                        if (s->c[k[fr]] >> (a - 1) & 1) return 1;
                    } else {
                        if (ns != 2) continue;
                        int p = sol[0], q = sol[1];
                        if (!aligned_idx(p, q)) continue;
                        int vp = s->v[k[p]], vq = s->v[k[q]];
                        if (vp == vq) continue;
                        int u = k[3 - q], w = k[3 - p];
                        unsigned mu = s->c[u], mw = s->c[w];
                        unsigned nu = 1u << (vq - 1), nw = 1u << (vp - 1);
                        if (b9_popc(mu) != 2 || b9_popc(mw) != 2) continue;
                        if (!(mu & nu) || !(mw & nw)) continue;
                        unsigned xu = mu & ~nu, xw = mw & ~nw;
                        if (xu != xw) continue;
                        int cells[2] = {u, w};
                        if (common_has(s, cells, 2, sd_ctz32(xu))) return 1;
                    }
                }
            }
        }
    }
    return 0;
}

int d9_bug_plus_1(const d9_state *s) {
    int odd = -1;
    for (int i = 0; i < 81; i++) {
        int k = b9_popc(s->c[i]);
        if (k == 0 || k == 2) continue;
        if (k != 3 || odd >= 0) return 0;
        odd = i;
    }
    if (odd < 0) return 0;
    int x = -1;
    unsigned badh = 0; /* bit t set: house B9_CELL_HOUSE[odd][t] has a bad digit */
    for (int h = 0; h < 27; h++) {
        int t = -1;
        for (int z = 0; z < 3; z++)
            if (B9_CELL_HOUSE[odd][z] == h) t = z;
        for (int d = 0; d < 9; d++) {
            int k = b9_popc(s->pos[d][h]);
            if (k == 0 || k == 2) continue;
            if (k != 3 || t < 0) return 0;
            if (x >= 0 && x != d) return 0;
            x = d;
            badh |= 1u << t;
        }
    }
    if (x < 0 || !(s->c[odd] >> x & 1) || badh != 7) return 0;
    return 1; /* odd has 3 candidates: the other two are eliminated */
}
