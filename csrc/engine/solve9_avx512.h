/* The AVX-512 propagation of the classic 9x9 solver, included by solve9.c for its avx512
 * path (S9_ATTR is that path's target): the 27 words F[d*3+b] in two registers (see
 * s9_avx512_fixpoint), the lanes of the AVX2 path's four registers two by two. */
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

/* Within every 3-bit group of a 9-bit value: bit j takes bit j+1 (mod 3). */
S9V __m512i s9_avx512_rot1(__m512i c) { return TERN(SHR(c, 1), SHL(c, 2), V1(0x36DB6DB), SEL); }

/* OR of the eight lanes of each 256-bit half, in every lane of the half. */
S9V __m512i s9_avx512_or8(__m512i x) {
    x = OR(x, _mm512_shuffle_i32x4(x, x, 0xB1));
    x = OR(x, _mm512_shuffle_epi32(x, 0x4E));
    return OR(x, _mm512_shuffle_epi32(x, 0xB1));
}

/* Bits set in at least one lane (*one) and in at least two lanes (*two) of each 256-bit
 * half, in every lane of the half. */
S9V void s9_avx512_count8(__m512i x, __m512i *one, __m512i *two) {
    __m512i p = _mm512_shuffle_i32x4(x, x, 0xB1), q;
    __m512i t = AND(x, p), o = OR(x, p);
    p = _mm512_shuffle_epi32(o, 0x4E);
    q = _mm512_shuffle_epi32(t, 0x4E);
    t = TERN(t, q, AND(o, p), OR3);
    o = OR(o, p);
    p = _mm512_shuffle_epi32(o, 0xB1);
    q = _mm512_shuffle_epi32(t, 0xB1);
    *two = TERN(t, q, AND(o, p), OR3);
    *one = OR(o, p);
}

/* The rows (9-bit fields, as cells) of x that are empty (s9_avx512_empty) or not
 * (s9_avx512_full), from the lanes' masks of each row: three tests, three moves. */
S9V __m512i s9_avx512_rowmask(__mmask16 k0, __mmask16 k1, __mmask16 k2) {
    __m512i m = _mm512_maskz_mov_epi32(k0, V1(0x1FF));
    m = _mm512_mask_or_epi32(m, k1, m, V1(0x3FE00));
    return _mm512_mask_or_epi32(m, k2, m, V1(0x7FC0000));
}
S9V __m512i s9_avx512_empty(__m512i x) {
    return s9_avx512_rowmask(_mm512_testn_epi32_mask(x, V1(0x1FF)), _mm512_testn_epi32_mask(x, V1(0x3FE00)),
                             _mm512_testn_epi32_mask(x, V1(0x7FC0000)));
}
S9V __m512i s9_avx512_full(__m512i x) {
    return s9_avx512_rowmask(_mm512_test_epi32_mask(x, V1(0x1FF)), _mm512_test_epi32_mask(x, V1(0x3FE00)),
                             _mm512_test_epi32_mask(x, V1(0x7FC0000)));
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
    __m512i rows = s9_avx512_full(s);
    /* s with a cell added to each of its empty rows, so that no row is empty */
    __m512i t = TERN(s, rows, V1(0x40201), TA | (~TB & TC));
    *bad = AND(t, _mm512_sub_epi32(t, V1(0x40201)));
    return TERN(a, rows, s, TA & (~TB | TC));
}

/* L->m (s9_lines_of) from the registers x, y (as s9_avx512_fixpoint holds them) and
 * their columns cx, cy. */
S9V void s9_avx512_lines(__m512i x, __m512i y, __m512i cx, __m512i cy, s9_lines *L) {
    __m512i m[2];
    const __m512i v[2] = {x, y};
    for (int i = 0; i < 2; i++) {
        __m512i o = AND(TERN(v[i], SHR(v[i], 1), SHR(v[i], 2), OR3), V1(0x1249249));
        /* mini-row (r,k) at bit 9r+3k to bit 3r+k */
        __m512i t = AND(TERN(o, SHR(o, 2), SHR(o, 4), OR3), V1(0x1C0E07));
        m[i] = AND(TERN(t, SHR(t, 6), SHR(t, 12), OR3), V1(0x1FF));
    }
    /* L->m[b][d] is word b*9+d of L->m */
    const __m512i i0 = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 24, 8, 9, 10, 11, 12, 13, 14);
    const __m512i i1 = _mm512_setr_epi32(15, 25, 16, 17, 18, 19, 20, 21, 22, 23, 26, 0, 0, 0, 0, 0);
    _mm512_storeu_si512((void *)L->m[0], _mm512_permutex2var_epi32(m[0], i0, m[1]));
    _mm512_mask_storeu_epi32((void *)(L->m[0] + 16), 0x07FF, _mm512_permutex2var_epi32(m[0], i1, m[1]));
    /* c[b]: lane d holds the columns of digit d in band b */
    __m512i c[3];
    for (int b = 0; b < 3; b++) {
        const __m512i ib = _mm512_setr_epi32(8 * b, 8 * b + 1, 8 * b + 2, 8 * b + 3, 8 * b + 4, 8 * b + 5,
                                             8 * b + 6, 8 * b + 7, 24 + b, 0, 0, 0, 0, 0, 0, 0);
        c[b] = _mm512_permutex2var_epi32(cx, ib, cy);
    }
    for (int k = 0; k < 3; k++) {
        /* column 3k+i of band b to bit 3b+i */
        __m512i mk = TERN(AND(SHR(c[0], 3 * k), V1(7)), SHL(AND(SHR(c[1], 3 * k), V1(7)), 3),
                          SHL(AND(SHR(c[2], 3 * k), V1(7)), 6), OR3);
        _mm512_mask_storeu_epi32(L->m[3 + k], 0x1FF, mk);
    }
}

/* The rows (as cells) of the columns a word may keep by the (band, column) permutations
 * of its stacks, from the columns p, q of the other two bands (and their rot1): column j
 * stays when they hold j+1, j+2 or j+2, j+1 of its stack, i.e. rot1(p & rot1(q) | rot1(p)
 * & q).  (The word's own columns need not be given: the caller keeps only its cells.) */
S9V __m512i s9_avx512_stack(__m512i p, __m512i q, __m512i rp, __m512i rq) {
    return s9_avx512_spread(s9_avx512_rot1(TERN(p, rq, AND(rp, q), (TA & TB) | TC)));
}

/* Bits set in at least one (*ox, *oy) and two (*tx, *ty) of the nine digits of each band,
 * in the lanes of x and y (as s9_avx512_fixpoint holds them), from the eight-lane counts
 * (s9_avx512_count8) of x and y and digit 8's words in y. */
S9V void s9_avx512_count9(__m512i *ox, __m512i *tx, __m512i *oy, __m512i *ty, __m512i y) {
    const __m512i i8 = _mm512_setr_epi32(8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9);
    const __m512i iy = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 24, 0, 0, 0, 0, 0, 0);
    __m512i v8 = _mm512_permutexvar_epi32(i8, y), v10 = _mm512_permutexvar_epi32(V1(10), y);
    *tx = TERN(*tx, *ox, v8, TA | (TB & TC));
    *ox = OR(*ox, v8);
    *ty = _mm512_permutex2var_epi32(TERN(*ty, *oy, v10, TA | (TB & TC)), iy, *tx);
    *oy = _mm512_permutex2var_epi32(OR(*oy, v10), iy, *ox);
}

/* The fixpoint, on all 27 words, of: the mini-row permutations of every band; a row with
 * one cell left for a digit (the other digits lose the cell); a cell with one candidate
 * left (its digit leaves the rest of its row; its box and column follow); the (band, column)
 * permutations of every stack.  Returns 0 on contradiction; else sets s->U to the cells
 * with two candidates or more (every other cell is solved), fills L's matrices (when L is
 * given and a cell is open) and returns 1.
 *
 * The 27 words in two registers: x holds digits 0-7 of band 0 (lanes 0-7) and of band 1
 * (lanes 8-15), y digits 0-7 of band 2 (lanes 0-7) and digit 8 of bands 0, 1, 2 (lanes
 * 8-10; lanes 11-15 stay empty), so that the rules on each word run on two registers; the
 * sums over a band's digits fold the eight lanes of a half and add digit 8's. */
S9_ATTR static int s9_avx512_fixpoint(s9_state *s, s9_lines *L) {
    const __m512i lo = _mm512_loadu_si512((const void *)s->F);
    const __m512i hi = _mm512_maskz_loadu_epi32(0x07FF, (const void *)(s->F + 16));
    /* index j < 16 takes F[j] from lo, j >= 16 F[j] from hi */
    __m512i x = _mm512_permutex2var_epi32(
        lo, _mm512_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21, 1, 4, 7, 10, 13, 16, 19, 22), hi);
    __m512i y = _mm512_maskz_permutex2var_epi32(
        0x07FF, lo, _mm512_setr_epi32(2, 5, 8, 11, 14, 17, 20, 23, 24, 25, 26, 0, 0, 0, 0, 0), hi);
    /* the other bands of y's words: band 0, 1 of digits 0-7 from x, digit 8's from y */
    const __m512i ip = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 25, 26, 24, 0, 0, 0, 0, 0);
    const __m512i iq = _mm512_setr_epi32(8, 9, 10, 11, 12, 13, 14, 15, 26, 24, 25, 0, 0, 0, 0, 0);
    /* the other bands' digit 8 of every band (h of x, y) */
    const __m512i i8 = _mm512_setr_epi32(8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9);
    const __m512i iy = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 24, 0, 0, 0, 0, 0, 0);
    const __m512i full = V1(0x7FFFFFF);
    __m512i cx, cy, tx, ty; /* the last pass's columns (of its mini-row step), cells of two */
    for (;;) {
        const __m512i fx = s9_avx512_minirows(x), fy = s9_avx512_minirows(y);
        cx = s9_avx512_cols(fx);
        cy = s9_avx512_cols(fy);
        const __m512i rx = s9_avx512_rot1(cx), ry = s9_avx512_rot1(cy);
        /* x's low half meets bands 1 (x's high half) and 2 (y's low half), the high half
         * bands 0 and 2 */
        __m512i nx = AND(fx, s9_avx512_stack(_mm512_shuffle_i32x4(cx, cx, 0x4E), _mm512_shuffle_i32x4(cy, cy, 0x44),
                                             _mm512_shuffle_i32x4(rx, rx, 0x4E), _mm512_shuffle_i32x4(ry, ry, 0x44)));
        __m512i ny = AND(fy, s9_avx512_stack(_mm512_permutex2var_epi32(cx, ip, cy), _mm512_permutex2var_epi32(cx, iq, cy),
                                             _mm512_permutex2var_epi32(rx, ip, ry), _mm512_permutex2var_epi32(rx, iq, ry)));
        /* row singles: t drops each row's lowest cell (no row is empty, or n is bad) */
        const __m512i sx = AND(nx, s9_avx512_empty(AND(nx, _mm512_sub_epi32(nx, V1(0x40201)))));
        const __m512i sy = AND(ny, s9_avx512_empty(AND(ny, _mm512_sub_epi32(ny, V1(0x40201)))));
        __m512i hx = OR(s9_avx512_or8(sx), _mm512_permutexvar_epi32(i8, sy));
        __m512i hy = OR(s9_avx512_or8(sy), _mm512_permutexvar_epi32(V1(10), sy));
        hy = _mm512_permutex2var_epi32(hy, iy, hx);
        nx = TERN(nx, hx, sx, TA & (~TB | TC));
        ny = TERN(ny, hy, sy, TA & (~TB | TC));
        __m512i ox, oy;
        s9_avx512_count8(nx, &ox, &tx);
        s9_avx512_count8(ny, &oy, &ty);
        s9_avx512_count9(&ox, &tx, &oy, &ty, ny);
        /* a cell without candidates, or a row single of two digits */
        __m512i bad = TERN(_mm512_andnot_si512(ox, full), _mm512_andnot_si512(oy, full), AND(hx, tx), OR3);
        bad = TERN(bad, hy, ty, TA | (TB & TC));
        /* the cells solved for a digit leave the rest of their rows */
        __m512i dx, dy;
        nx = s9_avx512_solved(nx, _mm512_andnot_si512(tx, nx), &dx);
        ny = s9_avx512_solved(ny, _mm512_andnot_si512(ty, ny), &dy);
        bad = TERN(bad, dx, dy, OR3);
        __mmask16 k = _mm512_test_epi32_mask(bad, bad) | _mm512_testn_epi32_mask(nx, nx) |
                      (_mm512_testn_epi32_mask(ny, ny) & 0x07FF);
        if (k) return 0;
        /* the mini-row rule gives nothing more on its own result: when nothing after it
         * changed a word, this is the fixpoint */
        __mmask16 ch = _mm512_cmpneq_epi32_mask(nx, fx) | _mm512_cmpneq_epi32_mask(ny, fy);
        x = nx;
        y = ny;
        if (!ch) break;
    }
    /* back to F[d*3+b]: index j < 16 takes lane j of x, j >= 16 lane j-16 of y */
    const __m512i jx = _mm512_setr_epi32(0, 8, 16, 1, 9, 17, 2, 10, 18, 3, 11, 19, 4, 12, 20, 5);
    const __m512i jy = _mm512_setr_epi32(13, 21, 6, 14, 22, 7, 15, 23, 24, 25, 26, 0, 0, 0, 0, 0);
    _mm512_storeu_si512((void *)s->F, _mm512_permutex2var_epi32(x, jx, y));
    _mm512_mask_storeu_epi32((void *)(s->F + 16), 0x07FF, _mm512_permutex2var_epi32(x, jy, y));
    /* cells of two: band 0 in x's lane 0, band 1 in its lane 8, band 2 in y's lane 0 */
    s->U[0] = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(tx));
    s->U[1] = (uint32_t)_mm_cvtsi128_si32(_mm512_extracti32x4_epi32(tx, 2));
    s->U[2] = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(ty));
    s->dirty = 0;
    /* the last pass changed nothing after its mini-row step: its columns are x's, y's */
    if (L && (s->U[0] | s->U[1] | s->U[2])) s9_avx512_lines(x, y, cx, cy, L);
    return 1;
}
/* s9_sets (solve9_search.h) on the AVX-512 path: a line's nine matrices (lane d = digit d)
 * tested against the six permutations at once, and packed over the lines as s9_sets
 * packs them (on a fixpoint, where every matrix holds a permutation: s9_avx2_sets). */
S9_ATTR static void s9_avx512_sets(s9_lines *L, uint64_t *xm, uint64_t *xe) {
    const __m512i zero = _mm512_setzero_si512();
    /* three lines a lane: matrices, held entries, counts */
    __m512i w[2] = {zero, zero}, h[2] = {zero, zero}, n[2] = {zero, zero};
    #pragma GCC unroll 6
    for (int line = 0; line < 6; line++) {
        const __m512i m = _mm512_maskz_loadu_epi32(0x1FF, L->m[line]);
        const __m512i absent = _mm512_andnot_si512(m, V1(0x1FF));
        __m512i held = V1(0x1FF), count = zero;
        #pragma GCC unroll 6
        for (int i = 0; i < 6; i++) {
            const __m512i p = V1(s9_perm6[i]);
            __mmask16 k = _mm512_mask_testn_epi32_mask(0x1FF, absent, p); /* p in the matrix */
            held = _mm512_mask_and_epi32(held, k, held, p);
            count = _mm512_mask_add_epi32(count, k, count, V1(1));
        }
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
