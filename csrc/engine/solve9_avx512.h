/* The AVX-512 propagation of the classic 9x9 solver, included by solve9.c for its avx512
 * path (S9_ATTR is that path's target): lane d of band b's register holds F[d*3+b]. */
#define S9V S9_ATTR static SD_ALWAYS_INLINE
/* vpternlogd truth tables of the three operands */
#define TA 0xF0
#define TB 0xCC
#define TC 0xAA
#define OR3 (TA | TB | TC)
#define SEL ((TC & TA) | (~TC & TB)) /* c ? a : b, bit by bit (the mask last) */
#define V1(x) _mm512_set1_epi32((int)(x))
#define TERN(a, b, c, imm) _mm512_ternarylogic_epi32((a), (b), (c), (imm) & 0xFF)
#define SHR(x, n) _mm512_srli_epi32((x), (n))
#define SHL(x, n) _mm512_slli_epi32((x), (n))
#define AND(x, y) _mm512_and_si512((x), (y))
#define OR(x, y) _mm512_or_si512((x), (y))

/* Within every 3-bit group: bit j takes bit j+1 (mod 3) / bit j+2 (mod 3). */
S9V __m512i s9_avx512_rot1(__m512i c) { return TERN(SHR(c, 1), SHL(c, 2), V1(0x36DB6DB), SEL); }
S9V __m512i s9_avx512_rot2(__m512i c) { return TERN(SHR(c, 2), _mm512_add_epi32(c, c), V1(0x1249249), SEL); }

/* OR of the 16 lanes, in every lane. */
S9V __m512i s9_avx512_or_all(__m512i x) {
    x = OR(x, _mm512_shuffle_i32x4(x, x, 0x4E));
    x = OR(x, _mm512_shuffle_i32x4(x, x, 0xB1));
    x = OR(x, _mm512_shuffle_epi32(x, 0x4E));
    return OR(x, _mm512_shuffle_epi32(x, 0xB1));
}

/* Bits set in at least one lane (*one) and in at least two lanes (*two), in every lane. */
S9V void s9_avx512_count2(__m512i x, __m512i *one, __m512i *two) {
    __m512i o = x, t, p, q;
    p = _mm512_shuffle_i32x4(o, o, 0x4E);
    t = AND(o, p);
    o = OR(o, p);
    p = _mm512_shuffle_i32x4(o, o, 0xB1);
    q = _mm512_shuffle_i32x4(t, t, 0xB1);
    t = TERN(t, q, AND(o, p), OR3);
    o = OR(o, p);
    p = _mm512_shuffle_epi32(o, 0x4E);
    q = _mm512_shuffle_epi32(t, 0x4E);
    t = TERN(t, q, AND(o, p), OR3);
    o = OR(o, p);
    p = _mm512_shuffle_epi32(o, 0xB1);
    q = _mm512_shuffle_epi32(t, 0xB1);
    *two = TERN(t, q, AND(o, p), OR3);
    *one = OR(o, p);
}

/* The rows (9-bit fields, as cells) of x that are empty (want 0) or not (want 1). */
S9V __m512i s9_avx512_rows(__m512i x, __mmask16 want) {
    __mmask16 k0 = _mm512_test_epi32_mask(x, V1(0x1FF)) ^ want;
    __mmask16 k1 = _mm512_test_epi32_mask(x, V1(0x3FE00)) ^ want;
    __mmask16 k2 = _mm512_test_epi32_mask(x, V1(0x7FC0000)) ^ want;
    __m512i m = _mm512_maskz_mov_epi32((__mmask16)~k0, V1(0x1FF));
    m = _mm512_mask_or_epi32(m, (__mmask16)~k1, m, V1(0x3FE00));
    return _mm512_mask_or_epi32(m, (__mmask16)~k2, m, V1(0x7FC0000));
}

/* A band's mini-row permutations (row x box) on its digit words a (lane d): mini-rows on
 * no permutation go; a digit without any permutation is left empty. */
S9V __m512i s9_avx512_minirows(__m512i a) {
    const __m512i M0 = V1(0x1249249);
    __m512i o = TERN(a, SHR(a, 1), SHR(a, 2), OR3);
    o = AND(o, M0);                                       /* bit row*9 + box*3: in use */
    /* box k takes box k+1 (k+2); above bit 26 the operand shifted right, i.e. 0 */
    __m512i y1 = TERN(SHR(o, 3), SHL(o, 6), V1(0xF8241209), SEL);
    __m512i y2 = TERN(SHR(o, 6), SHL(o, 3), V1(0xF8040201), SEL);
    __m512i z1 = TERN(SHR(y1, 9), SHL(y1, 18), M0, (TA | TB) & TC); /* and row r+1 */
    __m512i z2 = TERN(SHR(y2, 9), SHL(y2, 18), M0, (TA | TB) & TC);
    /* m(r,k): (r,k+1),(r+1,k+2) or (r,k+2),(r+1,k+1) in use; (r,k) lies on a permutation
     * when m(r+1,k) */
    __m512i m = TERN(y1, z2, AND(y2, z1), (TA & TB) | TC);
    __m512i keep = TERN(SHR(m, 9), SHL(m, 18), o, (TA | TB) & TC);
    return TERN(a, _mm512_add_epi32(keep, keep), OR(keep, SHL(keep, 2)), TA & (TB | TC));
}

/* Columns (9 bits) of a band word. */
S9V __m512i s9_avx512_cols(__m512i a) { return AND(TERN(a, SHR(a, 9), SHR(a, 18), OR3), V1(0x1FF)); }

/* Every row of x set where c (9 columns) is. */
S9V __m512i s9_avx512_spread(__m512i c) { return TERN(c, SHL(c, 9), SHL(c, 18), OR3); }

/* Solved cells s of each digit (lane): two of them in one row prove a contradiction
 * (*bad); otherwise the digit leaves the rest of their rows.  (The rest of their boxes
 * follows from the mini-row permutations: the row's one mini-row takes the box, and
 * their columns from the stack permutations.) */
S9V __m512i s9_avx512_solved(__m512i a, __m512i s, __m512i *bad) {
    __m512i rows = s9_avx512_rows(s, 0xFFFF);
    /* s with a cell added to each of its empty rows, so that no row is empty */
    __m512i t = TERN(s, rows, V1(0x40201), TA | (~TB & TC));
    *bad = AND(t, _mm512_sub_epi32(t, V1(0x40201)));
    return TERN(a, rows, s, TA & (~TB | TC));
}

/* Columns of a band (c0) that lie on a (band, column) permutation of their stack, given
 * the columns of the two other bands (their rotations within the stack r1x, r2x). */
S9V __m512i s9_avx512_stack(__m512i c0, __m512i r11, __m512i r21, __m512i r12, __m512i r22) {
    __m512i k = TERN(r11, r22, AND(r21, r12), (TA & TB) | TC);
    return s9_avx512_spread(AND(k, c0));
}

/* L->m (s9_lines_of) from the band registers a[b] (lane d = digit d) and their columns
 * c[b] (s9_avx512_cols). */
S9V void s9_avx512_lines(const __m512i *a, const __m512i *c, s9_lines *L) {
    for (int b = 0; b < 3; b++) {
        __m512i o = AND(TERN(a[b], SHR(a[b], 1), SHR(a[b], 2), OR3), V1(0x1249249));
        /* mini-row (r,k) at bit 9r+3k to bit 3r+k */
        __m512i y = AND(TERN(o, SHR(o, 2), SHR(o, 4), OR3), V1(0x1C0E07));
        _mm512_mask_storeu_epi32(L->m[b], 0x1FF, AND(TERN(y, SHR(y, 6), SHR(y, 12), OR3), V1(0x1FF)));
    }
    for (int k = 0; k < 3; k++) {
        /* column 3k+i of band b to bit 3b+i */
        __m512i m = TERN(AND(SHR(c[0], 3 * k), V1(7)), SHL(AND(SHR(c[1], 3 * k), V1(7)), 3),
                         SHL(AND(SHR(c[2], 3 * k), V1(7)), 6), OR3);
        _mm512_mask_storeu_epi32(L->m[3 + k], 0x1FF, m);
    }
}

/* The fixpoint, on all 27 words, of: the mini-row permutations of every band; a row with
 * one cell left for a digit (the other digits lose the cell); a cell with one candidate
 * left (its digit leaves the rest of its row; its box and column follow); the (band, column)
 * permutations of every stack.  Returns 0 on contradiction; else sets s->U to the cells
 * with two candidates or more (every other cell is solved), fills L's matrices (when L is
 * given and a cell is open) and returns 1. */
S9_ATTR static int s9_avx512_fixpoint(s9_state *s, s9_lines *L) {
    /* lane d of band b's register holds F[d*3+b] */
    const __m512i lo = _mm512_loadu_si512((const void *)s->F);
    const __m512i hi = _mm512_maskz_loadu_epi32(0x07FF, (const void *)(s->F + 16));
    const __m512i ix = _mm512_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21, 24, 0, 0, 0, 0, 0, 0, 0);
    __m512i a[3], two[3], c[3]; /* c: the columns of the last pass's mini-row step */
    for (int b = 0; b < 3; b++) {
        a[b] = _mm512_maskz_permutex2var_epi32(0x1FF, lo, _mm512_add_epi32(ix, V1(b)), hi);
    }
    const __m512i full = V1(0x7FFFFFF);
    for (;;) {
        __m512i f[3], n[3], bad = _mm512_setzero_si512();
        __m512i r1[3], r2[3];
        #pragma GCC unroll 3
        for (int b = 0; b < 3; b++) {
            f[b] = s9_avx512_minirows(a[b]);
            c[b] = s9_avx512_cols(f[b]);
            r1[b] = s9_avx512_rot1(c[b]);
            r2[b] = s9_avx512_rot2(c[b]);
        }
        n[0] = AND(f[0], s9_avx512_stack(c[0], r1[1], r2[1], r1[2], r2[2]));
        n[1] = AND(f[1], s9_avx512_stack(c[1], r1[2], r2[2], r1[0], r2[0]));
        n[2] = AND(f[2], s9_avx512_stack(c[2], r1[0], r2[0], r1[1], r2[1]));
        #pragma GCC unroll 3
        for (int b = 0; b < 3; b++) {
            /* row singles: t drops each row's lowest cell (no row is empty, or n is bad) */
            __m512i t = AND(n[b], _mm512_sub_epi32(n[b], V1(0x40201)));
            __m512i ns = AND(n[b], s9_avx512_rows(t, 0));
            __m512i h = s9_avx512_or_all(ns);
            n[b] = TERN(n[b], h, ns, TA & (~TB | TC));
            __m512i one;
            s9_avx512_count2(n[b], &one, &two[b]);
            /* a cell without candidates, or a row single of two digits */
            bad = TERN(bad, _mm512_andnot_si512(one, full), AND(h, two[b]), OR3);
        }
        /* the cells solved for lane d leave the rest of their rows */
        #pragma GCC unroll 3
        for (int b = 0; b < 3; b++) {
            __m512i dup;
            n[b] = s9_avx512_solved(n[b], _mm512_andnot_si512(two[b], n[b]), &dup);
            bad = OR(bad, dup);
        }
        __mmask16 k = _mm512_test_epi32_mask(bad, bad);
        k |= (__mmask16)(_mm512_testn_epi32_mask(n[0], n[0]) | _mm512_testn_epi32_mask(n[1], n[1]) |
                         _mm512_testn_epi32_mask(n[2], n[2])) & 0x1FF;
        if (k) return 0;
        /* the mini-row rule gives nothing more on its own result: when nothing after it
         * changed a word, this is the fixpoint */
        __mmask16 ch = _mm512_cmpneq_epi32_mask(n[0], f[0]) | _mm512_cmpneq_epi32_mask(n[1], f[1]) |
                       _mm512_cmpneq_epi32_mask(n[2], f[2]);
        a[0] = n[0];
        a[1] = n[1];
        a[2] = n[2];
        if (!ch) break;
    }
    /* back to F[d*3+b] */
    const __m512i jx = _mm512_setr_epi32(0, 16, 0, 1, 17, 0, 2, 18, 0, 3, 19, 0, 4, 20, 0, 5);
    const __m512i jy = _mm512_setr_epi32(21, 0, 6, 22, 0, 7, 23, 0, 8, 24, 0, 0, 0, 0, 0, 0);
    const __m512i kx = _mm512_setr_epi32(0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0);
    const __m512i ky = _mm512_setr_epi32(0, 5, 0, 0, 6, 0, 0, 7, 0, 0, 8, 0, 0, 0, 0, 0);
    __m512i flo = _mm512_permutex2var_epi32(a[0], jx, a[1]);
    __m512i fhi = _mm512_permutex2var_epi32(a[0], jy, a[1]);
    flo = _mm512_mask_permutexvar_epi32(flo, 0x4924, kx, a[2]);
    fhi = _mm512_mask_permutexvar_epi32(fhi, 0x0492, ky, a[2]);
    _mm512_storeu_si512((void *)s->F, flo);
    _mm512_mask_storeu_epi32((void *)(s->F + 16), 0x07FF, fhi);
    for (int b = 0; b < 3; b++) s->U[b] = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(two[b]));
    s->dirty = 0;
    /* the last pass changed nothing after its mini-row step: its columns are a's */
    if (L && (s->U[0] | s->U[1] | s->U[2])) s9_avx512_lines(a, c, L);
    return 1;
}
/* s9_sets (solve9_search.h) on the AVX-512 path: a line's nine matrices (lane d = digit d)
 * tested against the six permutations at once, and packed over the lines as s9_sets
 * packs them. */
S9_ATTR static void s9_avx512_sets(s9_lines *L, uint64_t *xm, uint64_t *xe) {
    const __m512i zero = _mm512_setzero_si512();
    /* three lines a lane: matrices, held entries, counts */
    __m512i w[2] = {zero, zero}, h[2] = {zero, zero}, n[2] = {zero, zero};
    #pragma GCC unroll 6
    for (int line = 0; line < 6; line++) {
        const __m512i m = _mm512_maskz_loadu_epi32(0x1FF, L->m[line]);
        const __m512i absent = _mm512_andnot_si512(m, V1(0x1FF));
        __m512i held = V1(0x1FF), count = zero;
        __mmask16 any = 0;
        #pragma GCC unroll 6
        for (int i = 0; i < 6; i++) {
            const __m512i p = V1(s9_perm6[i]);
            __mmask16 k = _mm512_mask_testn_epi32_mask(0x1FF, absent, p); /* p in the matrix */
            held = _mm512_mask_and_epi32(held, k, held, p);
            count = _mm512_mask_add_epi32(count, k, count, V1(1));
            any = (__mmask16)(any | k);
        }
        held = _mm512_maskz_mov_epi32(any, held);
        _mm512_mask_storeu_epi32(L->e[line], 0x1FF, OR(held, SHL(count, 9)));
        const __m512i at = V1(9 * (line % 3));
        w[line / 3] = OR(w[line / 3], _mm512_sllv_epi32(m, at));
        h[line / 3] = OR(h[line / 3], _mm512_sllv_epi32(held, at));
        n[line / 3] = OR(n[line / 3], _mm512_sllv_epi32(count, V1(8 * (line % 3))));
    }
    /* at most 6 permutations a digit: a line's sum over the digits fits its byte */
    uint32_t tb = (uint32_t)_mm512_reduce_add_epi32(n[0]), ts = (uint32_t)_mm512_reduce_add_epi32(n[1]);
    for (int k = 0; k < 3; k++) {
        L->total[k] = (int)(tb >> (8 * k) & 0xFFu);
        L->total[3 + k] = (int)(ts >> (8 * k) & 0xFFu);
    }
    /* lane d to xm[d], xe[d]: the band lines low, the stack lines high */
    const __m512i lo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    _mm512_storeu_si512((void *)xm, _mm512_permutex2var_epi32(w[0], lo, w[1]));
    _mm512_storeu_si512((void *)xe, _mm512_permutex2var_epi32(h[0], lo, h[1]));
    xm[8] = (uint32_t)_mm_extract_epi32(_mm512_extracti32x4_epi32(w[0], 2), 0) |
            (uint64_t)(uint32_t)_mm_extract_epi32(_mm512_extracti32x4_epi32(w[1], 2), 0) << 32;
    xe[8] = (uint32_t)_mm_extract_epi32(_mm512_extracti32x4_epi32(h[0], 2), 0) |
            (uint64_t)(uint32_t)_mm_extract_epi32(_mm512_extracti32x4_epi32(h[1], 2), 0) << 32;
}
#undef TA
#undef TB
#undef TC
#undef OR3
#undef SEL
#undef V1
#undef TERN
#undef SHR
#undef SHL
#undef AND
#undef OR
#undef S9V
