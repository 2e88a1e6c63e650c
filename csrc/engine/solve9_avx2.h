/* The AVX2 propagation of the classic 9x9 solver, included by solve9.c for its avx2 path
 * (S9_ATTR is that path's target).  The same rules as the AVX-512 propagation
 * (solve9_avx512.h), on eight 32-bit lanes: register b (0..2) holds digits 0..7 of band b
 * (lane d = F[d*3+b]) and a fourth register digit 8 of the three bands (lane b =
 * F[24+b]; lanes 3..7 stay empty), so that the stack rules pair registers, or lanes of
 * the fourth one turned by a permutation, and the rules over a band's nine digits fold
 * eight lanes and one. */
#define S9W S9_ATTR static SD_ALWAYS_INLINE
#define W1(x) _mm256_set1_epi32((int)(x))
#define WSHR(x, n) _mm256_srli_epi32((x), (n))
#define WSHL(x, n) _mm256_slli_epi32((x), (n))
#define WAND(x, y) _mm256_and_si256((x), (y))
#define WOR(x, y) _mm256_or_si256((x), (y))
#define WANDN(x, y) _mm256_andnot_si256((x), (y)) /* ~x & y */

/* c ? a : b, bit by bit. */
S9W __m256i s9_avx2_sel(__m256i a, __m256i b, __m256i c) { return WOR(WAND(c, a), WANDN(c, b)); }

/* Within every 3-bit group: bit j takes bit j+1 (mod 3) / bit j+2 (mod 3). */
S9W __m256i s9_avx2_rot1(__m256i c) { return s9_avx2_sel(WSHR(c, 1), WSHL(c, 2), W1(0x36DB6DB)); }
S9W __m256i s9_avx2_rot2(__m256i c) {
    return s9_avx2_sel(WSHR(c, 2), _mm256_add_epi32(c, c), W1(0x1249249));
}

/* OR of the 8 lanes, in every lane. */
S9W __m256i s9_avx2_or_all(__m256i x) {
    x = WOR(x, _mm256_permute2x128_si256(x, x, 1));
    x = WOR(x, _mm256_shuffle_epi32(x, 0x4E));
    return WOR(x, _mm256_shuffle_epi32(x, 0xB1));
}

/* The sums of s9_avx2_count2 over the four lanes of each 128-bit half, from the pairs'
 * sums (*one, *two), in every lane of the half. */
S9W void s9_avx2_count4(__m256i *one, __m256i *two) {
    __m256i o = *one, t = *two, p, q;
    p = _mm256_shuffle_epi32(o, 0x4E);
    q = _mm256_shuffle_epi32(t, 0x4E);
    t = WOR(WOR(t, q), WAND(o, p));
    o = WOR(o, p);
    p = _mm256_shuffle_epi32(o, 0xB1);
    q = _mm256_shuffle_epi32(t, 0xB1);
    *two = WOR(WOR(t, q), WAND(o, p));
    *one = WOR(o, p);
}

/* Bits set in at least one lane (*one) and in at least two lanes (*two), in every lane. */
S9W void s9_avx2_count2(__m256i x, __m256i *one, __m256i *two) {
    __m256i p = _mm256_permute2x128_si256(x, x, 1);
    *one = WOR(x, p);
    *two = WAND(x, p);
    s9_avx2_count4(one, two);
}

/* Bit 8 of each row (9-bit field) of x set when the row is not empty: its low eight bits
 * plus 0xFF carry into bit 8 unless they are all zero. */
S9W __m256i s9_avx2_row_flags(__m256i x) {
    const __m256i low = W1(0x3FDFEFF);
    return WAND(WOR(_mm256_add_epi32(WAND(x, low), low), x), W1(0x4020100));
}

/* The rows (as cells) whose flag (bit 8 of the row, s9_avx2_row_flags) is set. */
S9W __m256i s9_avx2_flagged_rows(__m256i flags) {
    return _mm256_sub_epi32(WSHL(flags, 1), WSHR(flags, 8));
}

/* A band's mini-row permutations (row x box) on digit words a: mini-rows on no permutation
 * go; a digit without any permutation is left empty (s9_avx512_minirows). */
S9W __m256i s9_avx2_minirows(__m256i a) {
    const __m256i M0 = W1(0x1249249);
    __m256i o = WAND(WOR(WOR(a, WSHR(a, 1)), WSHR(a, 2)), M0); /* bit row*9 + box*3: in use */
    /* box k takes box k+1 (k+2); above bit 26 the operand shifted right, i.e. 0 */
    __m256i y1 = s9_avx2_sel(WSHR(o, 3), WSHL(o, 6), W1(0xF8241209));
    __m256i y2 = s9_avx2_sel(WSHR(o, 6), WSHL(o, 3), W1(0xF8040201));
    /* and row r+1 (bits above 26 stay: y1 and y2, below 27, drop them) */
    __m256i z1 = WOR(WSHR(y1, 9), WSHL(y1, 18));
    __m256i z2 = WOR(WSHR(y2, 9), WSHL(y2, 18));
    /* m(r,k): (r,k+1),(r+1,k+2) or (r,k+2),(r+1,k+1) in use; (r,k) lies on a permutation
     * when m(r+1,k) */
    __m256i m = WOR(WAND(y1, z2), WAND(y2, z1));
    __m256i keep = WAND(WOR(WSHR(m, 9), WSHL(m, 18)), o);
    return WAND(a, _mm256_mullo_epi32(keep, W1(7)));
}

/* Columns (9 bits) of a band word. */
S9W __m256i s9_avx2_cols(__m256i a) {
    return WAND(WOR(WOR(a, WSHR(a, 9)), WSHR(a, 18)), W1(0x1FF));
}

/* Solved cells s of each digit (lane): two of them in one row prove a contradiction
 * (*bad); otherwise the digit leaves the rest of their rows. */
S9W __m256i s9_avx2_solved(__m256i a, __m256i s, __m256i *bad) {
    __m256i flags = s9_avx2_row_flags(s);
    /* s with a cell added to each of its empty rows, so that no row is empty */
    __m256i t = WOR(s, WANDN(WSHR(flags, 8), W1(0x40201)));
    *bad = WAND(t, _mm256_sub_epi32(t, W1(0x40201)));
    return WANDN(WANDN(s, s9_avx2_flagged_rows(flags)), a); /* a & ~(rows of s but s) */
}

/* The rows of a band's columns that lie on a (band, column) permutation of their stack,
 * given the rotations within the stack of the two other bands' columns (its own columns
 * need not be given: the caller keeps only cells of its words). */
S9W __m256i s9_avx2_stack(__m256i r11, __m256i r21, __m256i r12, __m256i r22) {
    __m256i k = WOR(WAND(r11, r22), WAND(r21, r12));
    return _mm256_mullo_epi32(k, W1(0x40201));
}

/* All ones in lane j where bit j of m is set. */
S9W __m256i s9_avx2_lanes(int m) {
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(WAND(W1(m), bit), bit);
}

/* Lane j: lane idx[j] of x, y or z (y where bit j of my is set, z where bit j of mz is). */
S9W __m256i s9_avx2_gather(__m256i x, __m256i y, __m256i z, __m256i idx, int my, int mz) {
    __m256i r = _mm256_permutevar8x32_epi32(x, idx);
    r = _mm256_blendv_epi8(r, _mm256_permutevar8x32_epi32(y, idx), s9_avx2_lanes(my));
    return _mm256_blendv_epi8(r, _mm256_permutevar8x32_epi32(z, idx), s9_avx2_lanes(mz));
}

/* L->m (s9_lines_of) from the registers a (as s9_avx2_fixpoint holds them). */
S9W void s9_avx2_lines(const __m256i *a, s9_lines *L) {
    uint32_t x[4][8];
    __m256i c[4];
    for (int i = 0; i < 4; i++) {
        __m256i o = WAND(WOR(WOR(a[i], WSHR(a[i], 1)), WSHR(a[i], 2)), W1(0x1249249));
        /* mini-row (r,k) at bit 9r+3k to bit 3r+k */
        __m256i y = WAND(WOR(WOR(o, WSHR(o, 2)), WSHR(o, 4)), W1(0x1C0E07));
        y = WAND(WOR(WOR(y, WSHR(y, 6)), WSHR(y, 12)), W1(0x1FF));
        if (i < 3) _mm256_storeu_si256((__m256i *)L->m[i], y);
        else _mm256_storeu_si256((__m256i *)x[0], y);
        c[i] = s9_avx2_cols(a[i]);
    }
    for (int b = 0; b < 3; b++) L->m[b][8] = x[0][b];
    _mm256_storeu_si256((__m256i *)x[1], c[3]);
    for (int k = 0; k < 3; k++) {
        /* column 3k+i of band b to bit 3b+i */
        __m256i m = WOR(WOR(WAND(WSHR(c[0], 3 * k), W1(7)), WSHL(WAND(WSHR(c[1], 3 * k), W1(7)), 3)),
                        WSHL(WAND(WSHR(c[2], 3 * k), W1(7)), 6));
        _mm256_storeu_si256((__m256i *)L->m[3 + k], m);
        L->m[3 + k][8] = (x[1][0] >> 3 * k & 7u) | (x[1][1] >> 3 * k & 7u) << 3 |
                         (x[1][2] >> 3 * k & 7u) << 6;
    }
}

/* The fixpoint of the AVX-512 propagation's rules (s9_avx512_fixpoint), with its results:
 * 0 on contradiction; else s->U, L (when given and a cell is open) and 1. */
S9_ATTR static int s9_avx2_fixpoint(s9_state *s, s9_lines *L) {
    const __m256i lanes3 = _mm256_setr_epi32(-1, -1, -1, 0, 0, 0, 0, 0);
    const __m256i turn1 = _mm256_setr_epi32(1, 2, 0, 3, 4, 5, 6, 7); /* lane b: band b+1 */
    const __m256i turn2 = _mm256_setr_epi32(2, 0, 1, 3, 4, 5, 6, 7); /* lane b: band b+2 */
    const __m256i full = W1(0x7FFFFFF), zero = _mm256_setzero_si256();
    __m256i a[4], two[4];
    /* F[d*3+b] (d < 8) is lane (d*3+b) % 8 of the load of F + 8k, k = (d*3+b) / 8 */
    const __m256i l0 = _mm256_loadu_si256((const __m256i *)s->F);
    const __m256i l1 = _mm256_loadu_si256((const __m256i *)(s->F + 8));
    const __m256i l2 = _mm256_loadu_si256((const __m256i *)(s->F + 16));
    a[0] = s9_avx2_gather(l0, l1, l2, _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5), 0xF8, 0xC0);
    a[1] = s9_avx2_gather(l0, l1, l2, _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6), 0xF8, 0xE0);
    a[2] = s9_avx2_gather(l0, l1, l2, _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7), 0xFC, 0xE0);
    a[3] = _mm256_maskload_epi32((const int *)(s->F + 24), lanes3);
    for (;;) {
        __m256i f[4], n[4], c[4], r1[4], r2[4], bad;
        #pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            f[i] = s9_avx2_minirows(a[i]);
            c[i] = s9_avx2_cols(f[i]);
            r1[i] = s9_avx2_rot1(c[i]);
            r2[i] = s9_avx2_rot2(c[i]);
        }
        n[0] = WAND(f[0], s9_avx2_stack(r1[1], r2[1], r1[2], r2[2]));
        n[1] = WAND(f[1], s9_avx2_stack(r1[2], r2[2], r1[0], r2[0]));
        n[2] = WAND(f[2], s9_avx2_stack(r1[0], r2[0], r1[1], r2[1]));
        n[3] = WAND(f[3], s9_avx2_stack(_mm256_permutevar8x32_epi32(r1[3], turn1),
                                        _mm256_permutevar8x32_epi32(r2[3], turn1),
                                        _mm256_permutevar8x32_epi32(r1[3], turn2),
                                        _mm256_permutevar8x32_epi32(r2[3], turn2)));
        /* row singles: t drops each row's lowest cell (no row is empty, or n is bad) */
        __m256i ns[4], h[4];
        #pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            __m256i t = WAND(n[i], _mm256_sub_epi32(n[i], W1(0x40201)));
            ns[i] = WANDN(s9_avx2_flagged_rows(s9_avx2_row_flags(t)), n[i]);
        }
        /* the sums over a band's digits: bands 0 and 1 together, band 0 in the low 128-bit
         * half and band 1 in the high one, their four-lane halves paired first */
        const __m256i d01 = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1); /* digit 8 of each */
        __m256i h01 = WOR(_mm256_permute2x128_si256(ns[0], ns[1], 0x20),
                          _mm256_permute2x128_si256(ns[0], ns[1], 0x31));
        h01 = WOR(h01, _mm256_shuffle_epi32(h01, 0x4E));
        h01 = WOR(WOR(h01, _mm256_shuffle_epi32(h01, 0xB1)), _mm256_permutevar8x32_epi32(ns[3], d01));
        h[0] = _mm256_permute2x128_si256(h01, h01, 0x00);
        h[1] = _mm256_permute2x128_si256(h01, h01, 0x11);
        h[2] = WOR(s9_avx2_or_all(ns[2]), _mm256_permutevar8x32_epi32(ns[3], W1(2)));
        h[3] = _mm256_blend_epi32(_mm256_blend_epi32(h[0], h[1], 0x02), h[2], 0x04);
        #pragma GCC unroll 4
        for (int i = 0; i < 4; i++) n[i] = WAND(n[i], WOR(WANDN(h[i], full), ns[i]));
        {
            __m256i x = _mm256_permute2x128_si256(n[0], n[1], 0x20);
            __m256i y = _mm256_permute2x128_si256(n[0], n[1], 0x31);
            __m256i one = WOR(x, y), t = WAND(x, y), nine = _mm256_permutevar8x32_epi32(n[3], d01);
            s9_avx2_count4(&one, &t);
            t = WOR(t, WAND(one, nine));
            one = WOR(one, nine);
            /* a cell without candidates, or a row single of two digits */
            bad = WOR(WANDN(one, full), WAND(h01, t));
            two[0] = _mm256_permute2x128_si256(t, t, 0x00);
            two[1] = _mm256_permute2x128_si256(t, t, 0x11);
            nine = _mm256_permutevar8x32_epi32(n[3], W1(2));
            s9_avx2_count2(n[2], &one, &two[2]);
            two[2] = WOR(two[2], WAND(one, nine));
            one = WOR(one, nine);
            bad = WOR(bad, WOR(WANDN(one, full), WAND(h[2], two[2])));
        }
        two[3] = _mm256_blend_epi32(_mm256_blend_epi32(two[0], two[1], 0x02), two[2], 0x04);
        /* the cells solved for a digit leave the rest of their rows */
        #pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            __m256i dup;
            n[i] = s9_avx2_solved(n[i], WANDN(two[i], n[i]), &dup);
            bad = WOR(bad, dup);
        }
        if (!_mm256_testz_si256(bad, bad)) return 0;
        /* an empty word: digit d has no place left in a band */
        __m256i e = WOR(WOR(_mm256_cmpeq_epi32(n[0], zero), _mm256_cmpeq_epi32(n[1], zero)),
                        _mm256_cmpeq_epi32(n[2], zero));
        e = WOR(e, WAND(_mm256_cmpeq_epi32(n[3], zero), lanes3));
        if (!_mm256_testz_si256(e, e)) return 0;
        /* the mini-row rule gives nothing more on its own result: when nothing after it
         * changed a word, this is the fixpoint */
        __m256i ch = WOR(WOR(_mm256_xor_si256(n[0], f[0]), _mm256_xor_si256(n[1], f[1])),
                         WOR(_mm256_xor_si256(n[2], f[2]), _mm256_xor_si256(n[3], f[3])));
        for (int i = 0; i < 4; i++) a[i] = n[i];
        if (_mm256_testz_si256(ch, ch)) break;
    }
    /* back to F[d*3+b]: lane j of F + 8k is lane (8k+j) / 3 of band (8k+j) % 3 */
    _mm256_storeu_si256((__m256i *)s->F,
                        s9_avx2_gather(a[0], a[1], a[2], _mm256_setr_epi32(0, 0, 0, 1, 1, 1, 2, 2),
                                       0x92, 0x24));
    _mm256_storeu_si256((__m256i *)(s->F + 8),
                        s9_avx2_gather(a[0], a[1], a[2], _mm256_setr_epi32(2, 3, 3, 3, 4, 4, 4, 5),
                                       0x24, 0x49));
    _mm256_storeu_si256((__m256i *)(s->F + 16),
                        s9_avx2_gather(a[0], a[1], a[2], _mm256_setr_epi32(5, 5, 6, 6, 6, 7, 7, 7),
                                       0x49, 0x92));
    _mm256_maskstore_epi32((int *)(s->F + 24), lanes3, a[3]);
    for (int b = 0; b < 3; b++) s->U[b] = (uint32_t)_mm256_cvtsi256_si32(two[b]);
    s->dirty = 0;
    if (L && (s->U[0] | s->U[1] | s->U[2])) s9_avx2_lines(a, L);
    return 1;
}
/* s9_sets (solve9_search.h) on the AVX2 path: digits 0-7 of a line's matrices as the
 * lanes of one register, tested against the six permutations at once, digit 8 by the
 * table; packed over the lines as s9_sets packs them.  It runs on a fixpoint of the
 * propagation, where every matrix holds a permutation (the mini-row and stack rules leave
 * a digit without one no place in a band, a contradiction): no lane keeps all nine
 * entries for want of a permutation, as s9_matrix's empty ones would. */
S9_ATTR static void s9_avx2_sets(s9_lines *L, uint64_t *xm, uint64_t *xe) {
    const __m256i zero = _mm256_setzero_si256(), nine = W1(0x1FF);
    /* three lines a lane: matrices, held entries, counts */
    __m256i w[2] = {zero, zero}, h[2] = {zero, zero}, n[2] = {zero, zero};
    uint32_t t8[2] = {0, 0}; /* digit 8's counts */
    xm[8] = xe[8] = 0;
    #pragma GCC unroll 6
    for (int line = 0; line < 6; line++) {
        const __m256i m = _mm256_loadu_si256((const __m256i *)L->m[line]);
        const __m256i absent = WANDN(m, nine);
        __m256i held = nine, count = zero;
        #pragma GCC unroll 6
        for (int i = 0; i < 6; i++) {
            const __m256i p = W1(s9_perm6[i]);
            __m256i k = _mm256_cmpeq_epi32(WAND(absent, p), zero); /* p in the matrix */
            held = WANDN(WANDN(p, k), held);
            count = _mm256_sub_epi32(count, k);
        }
        _mm256_storeu_si256((__m256i *)L->e[line], WOR(held, WSHL(count, 9)));
        uint32_t m8 = L->m[line][8], e8 = s9_matrix[m8];
        L->e[line][8] = e8;
        xm[8] |= (uint64_t)m8 << S9_LINE_SHIFT(line);
        xe[8] |= (uint64_t)(e8 & 0x1FFu) << S9_LINE_SHIFT(line);
        t8[line / 3] += (e8 >> 9) << (8 * (line % 3));
        const __m256i at = W1(9 * (line % 3));
        w[line / 3] = WOR(w[line / 3], _mm256_sllv_epi32(m, at));
        h[line / 3] = WOR(h[line / 3], _mm256_sllv_epi32(held, at));
        n[line / 3] = WOR(n[line / 3], _mm256_sllv_epi32(count, W1(8 * (line % 3))));
    }
    /* lane d to xm[d], xe[d]: the band lines low, the stack lines high */
    for (int j = 0; j < 2; j++) {
        uint64_t *x = j ? xe : xm;
        const __m256i *v = j ? h : w;
        /* the unpacks pair lanes within each half: digits 0, 1, 4, 5 and 2, 3, 6, 7 */
        __m256i lo = _mm256_unpacklo_epi32(v[0], v[1]), hi = _mm256_unpackhi_epi32(v[0], v[1]);
        _mm256_storeu_si256((__m256i *)x, _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(x + 4), _mm256_permute2x128_si256(lo, hi, 0x31));
    }
    /* at most 6 permutations a digit: a line's sum over the digits fits its byte */
    __m256i t = _mm256_add_epi32(_mm256_unpacklo_epi32(n[0], n[1]), _mm256_unpackhi_epi32(n[0], n[1]));
    t = _mm256_add_epi32(t, _mm256_shuffle_epi32(t, 0x4E));
    t = _mm256_add_epi32(t, _mm256_permute2x128_si256(t, t, 1));
    uint32_t tb = (uint32_t)_mm256_cvtsi256_si32(t) + t8[0];
    uint32_t ts = (uint32_t)_mm256_extract_epi32(t, 1) + t8[1];
    for (int k = 0; k < 3; k++) {
        L->total[k] = (int)(tb >> (8 * k) & 0xFFu);
        L->total[3 + k] = (int)(ts >> (8 * k) & 0xFFu);
    }
}
#undef S9W
#undef W1
#undef WSHR
#undef WSHL
#undef WAND
#undef WOR
#undef WANDN
