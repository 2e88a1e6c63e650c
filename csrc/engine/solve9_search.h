/* The search of the classic 9x9 solver (solve9.c), compiled once per propagation path:
 * solve9.c includes this file once for each path, after defining
 *   S9_PATH          the path's name (portable, avx2, avx512), appended to every function
 *                    name here, so that s9_search becomes s9_search_avx2 and so on;
 *   S9_ATTR          the path's target attribute (empty for the portable path);
 *   S9_BMI2          1 when the path may use BMI2 (pext/pdep);
 *   S9_POPC(x)       the population count the path may use;
 *   S9_VEC_FIXPOINT  (optional) the path's vector propagation, which replaces the band
 *                    updates, the stack logic and the naked singles.
 * Every function of a path carries its target, so nothing of a fast path is inlined into
 * code that runs on any processor: only s9_solve_ticked (solve9.c), compiled for the
 * baseline, chooses a path and calls its s9_search. */
#define S9_NAME_(name, path) name##_##path
#define S9_NAME2(name, path) S9_NAME_(name, path)
#define S9_NAME(name) S9_NAME2(name, S9_PATH)
#define s9_and S9_NAME(s9_and)
#define s9_bivalue S9_NAME(s9_bivalue)
#define s9_branch S9_NAME(s9_branch)
#define s9_cands S9_NAME(s9_cands)
#define s9_counts S9_NAME(s9_counts)
#define s9_extract S9_NAME(s9_extract)
#define s9_fixpoint S9_NAME(s9_fixpoint)
#define s9_fixpoint_all S9_NAME(s9_fixpoint_all)
#define s9_fold S9_NAME(s9_fold)
#define s9_lines_of S9_NAME(s9_lines_of)
#define s9_min_cell S9_NAME(s9_min_cell)
#define s9_minirow_cells S9_NAME(s9_minirow_cells)
#define s9_minirows S9_NAME(s9_minirows)
#define s9_perms_in S9_NAME(s9_perms_in)
#define s9_pick_bivalue S9_NAME(s9_pick_bivalue)
#define s9_pick_places S9_NAME(s9_pick_places)
#define s9_place S9_NAME(s9_place)
#define s9_propagate S9_NAME(s9_propagate)
#define s9_restrict S9_NAME(s9_restrict)
#define s9_sets S9_NAME(s9_sets)
#define s9_singles S9_NAME(s9_singles)
#define s9_stack S9_NAME(s9_stack)
#define s9_stack_matrix S9_NAME(s9_stack_matrix)
#define s9_stack_unmatrix S9_NAME(s9_stack_unmatrix)
#define s9_take S9_NAME(s9_take)
#define s9_triads S9_NAME(s9_triads)
#define s9_search S9_NAME(s9_search)
#define s9_update S9_NAME(s9_update)

/* F[j] &= mask, marking word j dirty when that removed something (the vector paths
 * update every word every pass: they keep no dirty words). */
S9_ATTR static inline void s9_and(s9_state *s, int j, uint32_t mask) {
#ifdef S9_VEC_FIXPOINT
    s->F[j] &= mask;
#else
    uint32_t o = s->F[j], n = o & mask;
    s->F[j] = n;
    s->dirty |= (uint32_t)(n != o) << j;
#endif
}

/* 9-bit mini-row occupancy of a band word (bit row*3+box). */
S9_ATTR static inline uint32_t s9_minirows(uint32_t a) {
#if S9_BMI2
    return _pext_u32(a | (a >> 1) | (a >> 2), 0x1249249u);
#else
    return (uint32_t)s9_shrink[a & 0x1FF] | (uint32_t)s9_shrink[(a >> 9) & 0x1FF] << 3 |
           (uint32_t)s9_shrink[(a >> 18) & 0x1FF] << 6;
#endif
}

#ifndef S9_VEC_FIXPOINT
/* Update digit-band word d*3+b.  Returns 0 on contradiction. */
S9_ATTR static SD_ALWAYS_INLINE int s9_update(s9_state *s, const int d, const int b) {
    const int i = d * 3 + b;
    uint32_t a = s->F[i];
    a &= s9_complex[s9_minirows(a)];
    if (!a) return 0;
    s->F[i] = a;
    /* Every row is non-empty here, so subtracting one per row never borrows across
     * rows; t has the lowest candidate of each row removed. */
    uint32_t t = a & (a - S9_ROW_LSB);
    uint32_t single = 0;
    if (!(t & 0x00001FFu)) single |= 0x00001FFu;
    if (!(t & 0x003FE00u)) single |= 0x003FE00u;
    if (!(t & 0x7FC0000u)) single |= 0x7FC0000u;
    uint32_t cm = s9_point[(a | (a >> 9) | (a >> 18)) & 0x1FFu];
    s9_and(s, d * 3 + (b + 1) % 3, cm);
    s9_and(s, d * 3 + (b + 2) % 3, cm);
    uint32_t ns = a & single & s->U[b];
    if (ns) {
        s->U[b] &= ~ns;
        uint32_t keep = ~ns;
        #pragma GCC unroll 9
        for (int e = 0; e < 9; e++)
            if (e != d) s9_and(s, e * 3 + b, keep);
    }
    return 1;
}

/* Run band updates until no word changes.  Returns 0 on contradiction, else
 * 0x80000000 | (bit d set when a word of digit d was updated). */
S9_ATTR static uint32_t s9_fixpoint(s9_state *s) {
    uint32_t words = 0;
    while (s->dirty) {
        uint32_t work = s->dirty;
        s->dirty = 0;
        words |= work;
        while (work) {
            int i = sd_ctz32(work);
            work &= work - 1;
            if (!s9_update(s, i / 3, i % 3)) return 0;
        }
    }
    return 0x80000000u | s9_minirows(words);   /* word d*3+b -> bit d: triples fold */
}

#endif

/* The columns of a digit's three band words folded: bit band*9 + column. */
S9_ATTR static inline uint32_t s9_fold(uint32_t a0, uint32_t a1, uint32_t a2) {
    return ((a0 | (a0 >> 9) | (a0 >> 18)) & 0x1FFu) | ((a1 | (a1 >> 9) | (a1 >> 18)) & 0x1FFu) << 9 |
           ((a2 | (a2 >> 9) | (a2 >> 18)) & 0x1FFu) << 18;
}

/* The 3x3 (band, column) matrix of stack k in a folded word: bit band*3 + column. */
S9_ATTR static inline uint32_t s9_stack_matrix(uint32_t x, int k) {
#if S9_BMI2
    return _pext_u32(x, S9_STACK0 << (3 * k));
#else
    uint32_t y = x >> (3 * k);
    return (y & 7u) | ((y >> 6) & 0x38u) | ((y >> 12) & 0x1C0u);
#endif
}

/* A stack matrix m put back in place k of a folded word (s9_stack_matrix undone). */
S9_ATTR static inline uint32_t s9_stack_unmatrix(uint32_t m, int k) {
#if S9_BMI2
    return _pdep_u32(m, S9_STACK0 << (3 * k));
#else
    return ((m & 7u) | (m & 0x38u) << 6 | (m & 0x1C0u) << 12) << (3 * k);
#endif
}

#ifndef S9_VEC_FIXPOINT
/* Stack logic for digit d: in each stack the digit occupies one column per band
 * and one band per column, i.e. a permutation of the 3x3 (band, column)
 * occupancy matrix; columns of a band that lie on no such permutation are
 * removed (box/column locked candidates, column hidden singles). */
S9_ATTR static SD_ALWAYS_INLINE int s9_stack(s9_state *s, const int d) {
    uint32_t a0 = s->F[d * 3], a1 = s->F[d * 3 + 1], a2 = s->F[d * 3 + 2];
    uint32_t x = s9_fold(a0, a1, a2);
    uint32_t m = s9_stack_unmatrix(s9_perm[s9_stack_matrix(x, 0)], 0) |
                 s9_stack_unmatrix(s9_perm[s9_stack_matrix(x, 1)], 1) |
                 s9_stack_unmatrix(s9_perm[s9_stack_matrix(x, 2)], 2);
    if (m == x) return 0;
    uint32_t n0 = a0 & ((m & 0x1FFu) * S9_ROW_LSB);
    uint32_t n1 = a1 & (((m >> 9) & 0x1FFu) * S9_ROW_LSB);
    uint32_t n2 = a2 & ((m >> 18) * S9_ROW_LSB);
    s->F[d * 3] = n0;
    s->F[d * 3 + 1] = n1;
    s->F[d * 3 + 2] = n2;
    uint32_t ch = (uint32_t)(n0 != a0) | (uint32_t)(n1 != a1) << 1 | (uint32_t)(n2 != a2) << 2;
    s->dirty |= ch << (d * 3);
    return ch != 0;
}

/* Band updates and stack logic until nothing changes.  Returns 0 on contradiction. */
S9_ATTR static int s9_fixpoint_all(s9_state *s) {
    for (;;) {
        uint32_t digits = s9_fixpoint(s); /* digits whose words were updated */
        if (!digits) return 0;
        digits &= 0x1FFu;
        int any = 0;
        while (digits) {
            int d = sd_ctz32(digits);
            digits &= digits - 1;
            any |= s9_stack(s, d);
        }
        if (!any) return 1;
    }
}

#endif

/* Place digit d at bit pos of band b (the caller checked it is a candidate). */
S9_ATTR static inline void s9_place(s9_state *s, int d, int b, int pos) {
    uint32_t bit = 1u << pos;
    uint32_t keep = ~bit;
    #pragma GCC unroll 9
    for (int e = 0; e < 9; e++) s9_and(s, e * 3 + b, keep);
    s->F[d * 3 + b] = (s->F[d * 3 + b] & ~s9_rowbox[pos]) | bit;
    s->dirty |= 1u << (d * 3 + b);
    uint32_t cm = ~s9_col[pos];
    s9_and(s, d * 3 + (b + 1) % 3, cm);
    s9_and(s, d * 3 + (b + 2) % 3, cm);
    s->U[b] &= keep;
}

/* Candidate digits (bit d) of cell pos in band b. */
S9_ATTR static inline uint32_t s9_cands(const s9_state *s, int b, int pos) {
    uint32_t m = 0;
    #pragma GCC unroll 9
    for (int d = 0; d < 9; d++) m |= ((s->F[d * 3 + b] >> pos) & 1u) << d;
    return m;
}

/* The cells of band b with at least one, two and three candidates. */
S9_ATTR static inline void s9_counts(const s9_state *s, int b, uint32_t *one, uint32_t *two,
                             uint32_t *three) {
    uint32_t o = 0, t = 0, h = 0;
    #pragma GCC unroll 9
    for (int d = 0; d < 9; d++) {
        uint32_t m = s->F[d * 3 + b];
        h |= t & m;
        t |= o & m;
        o |= m;
    }
    *one = o;
    *two = t;
    *three = h;
}

#ifndef S9_VEC_FIXPOINT
/* Place naked singles.  Returns 0 on contradiction, 1 if something was placed,
 * 2 if nothing was placed; in that case bv[b] receives the bivalue cells of band b. */
S9_ATTR static inline int s9_singles(s9_state *s, uint32_t *bv) {
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->U[b];
        bv[b] = 0;
        if (!u) continue;
        uint32_t one, two, three;
        s9_counts(s, b, &one, &two, &three);
        if (u & ~one) return 0;
        uint32_t sg = u & ~two;
        bv[b] = u & ~three;
        if (sg) {
            placed = 1;
            for (int d = 0; d < 9; d++) {
                uint32_t m = sg & s->F[d * 3 + b];
                while (m) {
                    int pos = sd_ctz32(m);
                    m &= m - 1;
                    /* a single placed just before may have removed the only candidate */
                    if (!((s->F[d * 3 + b] >> pos) & 1u)) return 0;
                    s9_place(s, d, b, pos);
                }
            }
        }
    }
    return placed ? 1 : 2;
}
#endif

S9_ATTR static inline void s9_lines_of(const s9_state *s, s9_lines *L) {
    for (int d = 0; d < 9; d++) {
        uint32_t a0 = s->F[d * 3], a1 = s->F[d * 3 + 1], a2 = s->F[d * 3 + 2];
        L->m[0][d] = s9_minirows(a0);
        L->m[1][d] = s9_minirows(a1);
        L->m[2][d] = s9_minirows(a2);
        uint32_t x = s9_fold(a0, a1, a2);
        L->m[3][d] = s9_stack_matrix(x, 0);
        L->m[4][d] = s9_stack_matrix(x, 1);
        L->m[5][d] = s9_stack_matrix(x, 2);
    }
}

/* Cells of the mini-rows in m (bit row*3+box) of a band word. */
S9_ATTR static inline uint32_t s9_minirow_cells(uint32_t m) {
#if S9_BMI2
    return _pdep_u32(m, 0x1249249u) * 7u;
#else
    uint32_t c = 0;
    while (m) {
        int i = sd_ctz32(m);
        m &= m - 1;
        c |= 7u << (i / 3 * 9 + i % 3 * 3);
    }
    return c;
#endif
}

#ifndef S9_VEC_SETS
/* L->e and L->total of the matrices L->m (S9_VEC_SETS, when a path has it, does the same),
 * and for each digit d its matrices (xm[d]) and the entries that every permutation left to
 * it holds (xe[d]), over the six lines packed in a word (line l at S9_LINE_SHIFT(l)). */
S9_ATTR static inline void s9_sets(s9_lines *L, uint64_t *xm, uint64_t *xe) {
    for (int d = 0; d < 9; d++) xm[d] = xe[d] = 0;
    for (int line = 0; line < 6; line++) {
        const uint32_t *mat = L->m[line];
        uint32_t *ent = L->e[line];
        uint32_t t = 0;
        #pragma GCC unroll 9
        for (int d = 0; d < 9; d++) {
            uint32_t e = s9_matrix[mat[d]];
            ent[d] = e;
            t += e >> 9;
            xm[d] |= (uint64_t)mat[d] << S9_LINE_SHIFT(line);
            xe[d] |= (uint64_t)(e & 0x1FFu) << S9_LINE_SHIFT(line);
        }
        L->total[line] = (int)t;
    }
}
#endif

/* Mini-row and mini-column sets.  The three cells of a box in one row (or column)
 * hold three digits, so when three digits must lie in a mini-row (on every
 * permutation left to each of them in its band), no other digit may; four such
 * digits are a contradiction.  Returns 0 on contradiction, 1 if a candidate went,
 * 2 if nothing changed. */
S9_ATTR static int s9_triads(s9_state *s, s9_lines *L) {
    uint64_t xm[9], xe[9];
#ifdef S9_VEC_SETS
    S9_VEC_SETS(L, xm, xe);
#else
    s9_sets(L, xm, xe);
#endif
    /* the entries of every line that one, two, three and four digits hold for good */
    uint64_t f1 = 0, f2 = 0, f3 = 0, f4 = 0;
    #pragma GCC unroll 9
    for (int d = 0; d < 9; d++) {
        f4 |= f3 & xe[d];
        f3 |= f2 & xe[d];
        f2 |= f1 & xe[d];
        f1 |= xe[d];
    }
    if (f4) return 0;
    /* mini-rows (mini-columns) with an open cell */
    const uint32_t unsolved = s9_fold(s->U[0], s->U[1], s->U[2]);
    uint64_t open = 0;
    for (int k = 0; k < 3; k++)
        open |= (uint64_t)s9_minirows(s->U[k]) << S9_LINE_SHIFT(k) |
                (uint64_t)s9_stack_matrix(unsolved, k) << S9_LINE_SHIFT(3 + k);
    const uint64_t full = f3 & open;
    if (!full) return 2;
    int changed = 0;
    for (int d = 0; d < 9; d++) {
        uint64_t drop = full & xm[d] & ~xe[d];
        if (!drop) continue;
        changed = 1;
        for (int k = 0; k < 3; k++) {
            uint32_t band = (uint32_t)(drop >> S9_LINE_SHIFT(k)) & 0x1FFu;
            if (band) s9_and(s, d * 3 + k, ~s9_minirow_cells(band));
            uint32_t stack = (uint32_t)(drop >> S9_LINE_SHIFT(3 + k)) & 0x1FFu;
            while (stack) {
                int i = sd_ctz32(stack);
                stack &= stack - 1;
                s9_and(s, d * 3 + i / 3, ~(S9_ROW_LSB << (3 * k + i % 3)));
            }
        }
    }
    return changed ? 1 : 2;
}


#ifdef S9_VEC_FIXPOINT
/* Bivalue cells of every band (cells of U with two candidates; no cell of U has one). */
S9_ATTR static void s9_bivalue(const s9_state *s, uint32_t *bv) {
    for (int b = 0; b < 3; b++) {
        uint32_t one, two, three;
        s9_counts(s, b, &one, &two, &three);
        bv[b] = s->U[b] & ~three;
    }
}
#endif

/* Full propagation (mini-row sets only with sets).  Returns 0 contradiction, 1 open (bv
 * filled; and L when sets), 2 solved. */
S9_ATTR static int s9_propagate(s9_state *s, uint32_t *bv, s9_lines *L, int sets) {
#ifdef S9_VEC_FIXPOINT
    for (;;) {
        if (!S9_VEC_FIXPOINT(s, sets ? L : NULL)) return 0;
        if (!(s->U[0] | s->U[1] | s->U[2])) return 2;
        if (!sets) {
            s9_bivalue(s, bv);
            return 1;
        }
        int r = s9_triads(s, L);
        if (r != 1) return r == 0 ? 0 : 1;
    }
#else
    for (;;) {
        if (!s9_fixpoint_all(s)) return 0;
        if (!(s->U[0] | s->U[1] | s->U[2])) return 2;
        int r = s9_singles(s, bv);
        if (r == 0) return 0;
        if (r == 2) {
            if (!sets) return 1;
            s9_lines_of(s, L);
            r = s9_triads(s, L);
            if (r == 0) return 0;
            if (r == 2) return 1;
        }
    }
#endif
}

/* Choose the branch cell among the bivalue cells: the one with the most unsolved
 * peers plus bivalue peers (first one on ties).  Returns 0 when there is none. */
S9_ATTR static inline int s9_pick_bivalue(const s9_state *s, const uint32_t *bv, int *bb, int *bpos) {
    int best = -1;
    for (int b = 0; b < 3; b++) {
        uint32_t m = bv[b];
        int o1 = (b + 1) % 3, o2 = (b + 2) % 3;
        uint32_t uo = s->U[o1] | s->U[o2], bo = bv[o1] | bv[o2];
        while (m) {
            int pos = sd_ctz32(m);
            m &= m - 1;
            uint32_t rb = s9_rowbox[pos], cl = s9_col[pos];
            int sc = S9_POPC(s->U[b] & rb) + S9_POPC(uo & cl) +
                     S9_POPC(bv[b] & rb) + S9_POPC(bo & cl);
            if (sc > best) {
                best = sc;
                *bb = b;
                *bpos = pos;
            }
        }
    }
    return best >= 0;
}

/* Cell with the fewest candidates (used when no bivalue cell exists). */
S9_ATTR static void s9_min_cell(const s9_state *s, int *bb, int *bpos) {
    int best = 10;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->U[b];
        while (u) {
            int pos = sd_ctz32(u);
            u &= u - 1;
            int n = S9_POPC(s9_cands(s, b, pos));
            if (n < best) {
                best = n;
                *bb = b;
                *bpos = pos;
            }
        }
    }
}

/* Permutations (bit i of s9_perm6) contained in the 3x3 matrix m. */
S9_ATTR static inline uint32_t s9_perms_in(uint32_t m) {
    uint32_t r = 0;
    #pragma GCC unroll 6
    for (int i = 0; i < 6; i++)
        if ((m & s9_perm6[i]) == s9_perm6[i]) r |= 1u << i;
    return r;
}

/* Choose a digit to branch on by its places: the band or stack whose digits have
 * the fewest permutations left in total, among those not yet fixed, and in it the
 * digit with the fewest (two first).  Fills the frame's kind, b (digit), pos (band
 * or stack) and rem.  Returns 0 when every digit is fixed on every line. */
S9_ATTR static int s9_pick_places(const s9_lines *L, s9_frame *f) {
    int best_total = 1000, best_line = -1;
    for (int line = 0; line < 6; line++) {
        int t = L->total[line];
        if (t > 9 && t < best_total) {
            best_total = t;
            best_line = line;
        }
    }
    if (best_line < 0) return 0;
    int best_d = 0, best_n = 7;
    for (int d = 0; d < 9; d++) {
        int n = (int)(L->e[best_line][d] >> 9);
        if (n >= 2 && n < best_n) {
            best_n = n;
            best_d = d;
            if (n == 2) break;
        }
    }
    f->kind = best_line < 3 ? S9_BAND : S9_STACK;
    f->b = (uint32_t)best_d;
    f->pos = (uint32_t)(best_line % 3);
    f->rem = s9_perms_in(L->m[best_line][best_d]);
    return 1;
}

/* Keep digit d only on permutation p (a 9-bit matrix) of band or stack k. */
S9_ATTR static inline void s9_restrict(s9_state *s, uint32_t kind, int d, int k, uint32_t p) {
    if (kind == S9_BAND) {
        s9_and(s, d * 3 + k, s9_minirow_cells(p));
    } else {
        uint32_t others = ~(S9_STACK0 << (3 * k));
        for (int b = 0; b < 3; b++)
            s9_and(s, d * 3 + b, others | (S9_ROW_LSB << (3 * k + sd_ctz32((p >> (b * 3)) & 7u))));
    }
}

/* Remove and return one digit of *rem: the lowest, or a random one with rng. */
S9_ATTR static inline int s9_take(uint32_t *rem, uint64_t *rng) {
    uint32_t m = *rem;
    if (rng) {
        uint32_t k = sd_below(rng, (uint32_t)S9_POPC(m));
        while (k--) m &= m - 1;
    }
    int d = sd_ctz32(m);
    *rem &= ~(1u << d);
    return d;
}

/* Take the next choice of frame f and apply it to s. */
S9_ATTR static inline void s9_branch(s9_state *s, s9_frame *f, uint64_t *rng) {
    int i = s9_take(&f->rem, rng);
    if (f->kind == S9_CELL)
        s9_place(s, i, (int)f->b, (int)f->pos);
    else
        s9_restrict(s, f->kind, (int)f->b, (int)f->pos, s9_perm6[i]);
}

S9_ATTR static void s9_extract(const s9_state *s, uint8_t *out) {
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) {
            uint32_t m = s->F[d * 3 + b];
            while (m) {
                out[b * 27 + sd_ctz32(m)] = (uint8_t)(d + 1);
                m &= m - 1;
            }
        }
}

/* s9_solve_ticked on this path (the caller made limit >= 1). */
S9_ATTR S9_NOINLINE static int s9_search(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng,
                                         sd_stats *st, s9_tick tick, void *ctx) {
    s9_frame stack[81 + 54 + 1]; /* each level fixes a cell or a digit on a line for good */
    s9_state cur;
    int sp = 0, count = 0;
    uint64_t guesses = 0, nodes = 0;

    {
        /* The givens placed all at once (as s9_place would one by one): every digit leaves
         * the given cells, and a given's digit the rest of its row, box and column. */
        uint32_t given[3] = {0, 0, 0}, seen[27] = {0}, placed[27] = {0};
        for (int c = 0; c < 81; c++) {
            unsigned v = in[c];
            if (v == 0 || v > 9) continue;
            int b = c / 27, pos = c % 27, i = ((int)v - 1) * 3 + b;
            if ((seen[i] >> pos) & 1u) goto done; /* conflicting givens */
            given[b] |= 1u << pos;
            placed[i] |= 1u << pos;
            seen[i] |= s9_rowbox[pos];
            seen[i - b + (b + 1) % 3] |= s9_col[pos];
            seen[i - b + (b + 2) % 3] |= s9_col[pos];
        }
        for (int i = 0; i < 27; i++)
            cur.F[i] = (0x7FFFFFFu & ~given[i % 3] & ~seen[i]) | placed[i];
        for (int b = 0; b < 3; b++) cur.U[b] = 0x7FFFFFFu & ~given[b];
        cur.dirty = 0x7FFFFFFu; /* a first update of every word */
    }

    for (;;) {
        int bb = 0, bpos = 0;
        uint32_t bv[3];
        nodes++;
        if (tick && (nodes & (S9_TICK_NODES - 1)) == 0 && tick(ctx)) {
            count = -2 - count;
            break;
        }
        s9_lines L;
        int r = s9_propagate(&cur, bv, &L, rng == NULL);
        if (r == 1) {
            s9_frame *f = &stack[sp++];
            guesses++;
            memcpy(f->F, cur.F, sizeof f->F);
            memcpy(f->U, cur.U, sizeof f->U);
            if (rng || !s9_pick_places(&L, f)) {
                if (!s9_pick_bivalue(&cur, bv, &bb, &bpos)) s9_min_cell(&cur, &bb, &bpos);
                f->kind = S9_CELL;
                f->b = (uint32_t)bb;
                f->pos = (uint32_t)bpos;
                f->rem = s9_cands(&cur, bb, bpos);
            }
            s9_branch(&cur, f, rng);
            if (!f->rem) sp--;
            continue;
        }
        if (r == 2) {
            if (count == 0 && out) s9_extract(&cur, out);
            if (++count >= limit) break;
        }
        /* backtrack */
        if (sp == 0) break;
        {
            s9_frame *f = &stack[sp - 1];
            memcpy(cur.F, f->F, sizeof cur.F);
            cur.dirty = 0;
            memcpy(cur.U, f->U, sizeof cur.U);
            s9_branch(&cur, f, rng);
            if (!f->rem) sp--;
        }
    }
done:
    if (st) {
        st->guesses += guesses;
        st->nodes += nodes;
    }
    return count;
}

#undef s9_and
#undef s9_bivalue
#undef s9_branch
#undef s9_cands
#undef s9_counts
#undef s9_extract
#undef s9_fixpoint
#undef s9_fixpoint_all
#undef s9_fold
#undef s9_lines_of
#undef s9_min_cell
#undef s9_minirow_cells
#undef s9_minirows
#undef s9_perms_in
#undef s9_pick_bivalue
#undef s9_pick_places
#undef s9_place
#undef s9_propagate
#undef s9_restrict
#undef s9_sets
#undef s9_singles
#undef s9_stack
#undef s9_stack_matrix
#undef s9_stack_unmatrix
#undef s9_take
#undef s9_triads
#undef s9_search
#undef s9_update
#undef S9_NAME
#undef S9_NAME2
#undef S9_NAME_
