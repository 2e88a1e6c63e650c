/* Fast solver for classic 9x9 Sudoku.
 *
 * Representation: the grid is split into three bands of three rows.  For every
 * digit d (0..8) and band b (0..2) a 27-bit word F[d*3+b] holds the cells of that
 * band where d is still possible (placed cells stay set for their own digit).
 * Bit layout inside a band: bit = (row % 3) * 9 + column.
 *
 * Propagation of one digit-band word ("update"):
 *   - the nine mini-rows (row x box segments) that are non-empty form a 3x3
 *     occupancy matrix; the digit must occupy a permutation of it (once per row,
 *     once per box), so only mini-rows lying on some feasible permutation survive
 *     (this covers pointing / claiming locked candidates inside the band and box
 *     hidden singles);
 *   - a box whose candidates lie in one column claims that column: the column is
 *     removed from the digit's words in the other two bands;
 *   - a row with a single remaining cell fixes the digit there: the cell becomes
 *     solved and the other digits lose it.
 * A word that changed is marked dirty; updates run over the dirty words, pass
 * after pass, until none is left.  Then the same permutation rule is applied per
 * stack (3 columns x 3 bands) to each digit whose words changed, which gives
 * box/column locked candidates and column hidden singles; if that removes
 * anything, band updates resume.  Then naked singles (cells with one candidate)
 * are placed.  When none is left, mini-row sets are checked: the three cells of
 * a mini-row (or mini-column) hold three digits, so when three digits are forced
 * into one by their bands' (stacks') permutations, no other digit may lie there.
 *
 * When nothing more follows, the search branches on the places of one digit in
 * one band or stack (the line of boxes whose digits have the fewest permutations
 * left, and in it a digit with the fewest, two when there is one): each branch
 * keeps one permutation.  This halves the guesses of the hardest puzzles against
 * branching on cells.  With a random source (random full grids) it skips the
 * mini-row sets and branches on a bivalue cell (the one with the most unsolved and
 * bivalue peers) if there is one, otherwise on a cell with the fewest candidates,
 * so that a seed keeps giving the grid it gave before.  States are saved on a
 * bounded explicit stack (every branch fixes at least one more cell or one more
 * digit's permutation, so at most 81 + 54 levels).
 *
 * With AVX-512 (chosen at run time) the propagation works on all 27 words at once:
 * the nine digits of a band are the lanes of one register, and every pass applies, to
 * all three bands, the mini-row permutations, the row singles, the cells with one
 * candidate left (their digit leaves the rest of their row; two such cells of a digit in
 * one row are a contradiction; the rest of the box follows from the mini-row
 * permutations) and the stack permutations, until a pass changes nothing after its
 * mini-row step; it then hands the mini-row and stack matrices to the mini-row sets.
 * The rules only remove candidates, so their common fixpoint does not depend on the
 * order they run in: both paths reach the same states and make the same guesses.
 *
 * All state lives on the caller's stack; the tables are static const, so the
 * solver is reentrant and thread-safe (s9_set_simd, a switch for tests, aside).
 */
#include <string.h>
#include "solve9.h"

/* The AVX-512 propagation is compiled wherever the compiler can target it and chosen at
 * run time when the processor has it, so a portable build uses it too. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define S9_HAVE_SIMD 1
#else
#define S9_HAVE_SIMD 0
#endif

#if defined(__BMI2__) || S9_HAVE_SIMD
#include <immintrin.h>
#endif

/* -1: the processor decides (AVX-512F or not); 0: the portable path; 1: AVX-512 if the
 * processor has it.  Only s9_set_simd (a switch for tests and benchmarks) changes it. */
static int s9_simd_mode = -1;

int s9_set_simd(int mode) {
    int was = s9_simd_active();
    s9_simd_mode = mode < 0 ? -1 : mode != 0;
    return was;
}

int s9_simd_active(void) {
#if S9_HAVE_SIMD
    return s9_simd_mode != 0 && __builtin_cpu_supports("avx512f");
#else
    return 0;
#endif
}

/* s9_complex[m]: m holds one bit per mini-row (bit row*3+box set when the digit
 * still has a candidate there); result = cells of the mini-rows that lie on at
 * least one row/box permutation contained in m (0 when none exists). */
static const uint32_t s9_complex[512] = {
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x01C71C0, 0x01C71C0, 0x01C71C0, 0x01C71C0, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x01C71C0, 0x01C71C0, 0x01C71C0, 0x01C71C0,
    0x0000000, 0x0000000, 0x01F8038, 0x01F8038, 0x0000000, 0x0000000,
    0x01F8038, 0x01F8038, 0x0000000, 0x0000000, 0x01F8038, 0x01F8038,
    0x0000000, 0x0000000, 0x01F8038, 0x01F8038, 0x0000000, 0x0000000,
    0x01F8038, 0x01F8038, 0x01C71C0, 0x01C71C0, 0x01FF1F8, 0x01FF1F8,
    0x0000000, 0x0000000, 0x01F8038, 0x01F8038, 0x01C71C0, 0x01C71C0,
    0x01FF1F8, 0x01FF1F8, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0E00FC0, 0x0E00FC0, 0x0E00FC0, 0x0E00FC0,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0E00FC0, 0x0E00FC0, 0x0E00FC0, 0x0E00FC0, 0x0000000, 0x0E38007,
    0x0000000, 0x0E38007, 0x0000000, 0x0E38007, 0x0000000, 0x0E38007,
    0x0000000, 0x0E38007, 0x0000000, 0x0E38007, 0x0E00FC0, 0x0E38FC7,
    0x0E00FC0, 0x0E38FC7, 0x0000000, 0x0E38007, 0x0000000, 0x0E38007,
    0x0000000, 0x0E38007, 0x0000000, 0x0E38007, 0x0000000, 0x0E38007,
    0x0000000, 0x0E38007, 0x0E00FC0, 0x0E38FC7, 0x0E00FC0, 0x0E38FC7,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0E00FC0, 0x0E00FC0, 0x0E00FC0, 0x0E00FC0, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x01C71C0, 0x01C71C0, 0x01C71C0, 0x01C71C0,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0FC7FC0, 0x0FC7FC0,
    0x0FC7FC0, 0x0FC7FC0, 0x0000000, 0x0E38007, 0x01F8038, 0x0FF803F,
    0x0000000, 0x0E38007, 0x01F8038, 0x0FF803F, 0x0000000, 0x0E38007,
    0x01F8038, 0x0FF803F, 0x0E00FC0, 0x0E38FC7, 0x0FF8FF8, 0x0FF8FFF,
    0x0000000, 0x0E38007, 0x01F8038, 0x0FF803F, 0x01C71C0, 0x0FFF1C7,
    0x01FF1F8, 0x0FFF1FF, 0x0000000, 0x0E38007, 0x01F8038, 0x0FF803F,
    0x0FC7FC0, 0x0FFFFC7, 0x0FFFFF8, 0x0FFFFFF, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000E38, 0x7000E38, 0x0000000, 0x0000000,
    0x7000E38, 0x7000E38, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x7000E38, 0x7007E3F, 0x0000000, 0x7007007, 0x7000E38, 0x7007E3F,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x7000E38, 0x7000E38,
    0x0000000, 0x0000000, 0x7000E38, 0x7000E38, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x7000E38, 0x7007E3F, 0x0000000, 0x7007007,
    0x7000E38, 0x7007E3F, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x7000E38, 0x7000E38, 0x0000000, 0x0000000, 0x7000E38, 0x7000E38,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x01C71C0, 0x71C71C7,
    0x01C71C0, 0x71C71C7, 0x0000000, 0x7007007, 0x7000E38, 0x7007E3F,
    0x01C71C0, 0x71C71C7, 0x71C7FF8, 0x71C7FFF, 0x0000000, 0x0000000,
    0x01F8038, 0x01F8038, 0x0000000, 0x0000000, 0x01F8038, 0x01F8038,
    0x0000000, 0x0000000, 0x71F8E38, 0x71F8E38, 0x0000000, 0x0000000,
    0x71F8E38, 0x71F8E38, 0x0000000, 0x7007007, 0x01F8038, 0x71FF03F,
    0x01C71C0, 0x71C71C7, 0x01FF1F8, 0x71FF1FF, 0x0000000, 0x7007007,
    0x71F8E38, 0x71FFE3F, 0x01C71C0, 0x71C71C7, 0x71FFFF8, 0x71FFFFF,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x7000E38, 0x7000E38,
    0x0E00FC0, 0x0E00FC0, 0x7E00FF8, 0x7E00FF8, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x7000E38, 0x7007E3F, 0x0E00FC0, 0x7E07FC7,
    0x7E00FF8, 0x7E07FFF, 0x0000000, 0x0E38007, 0x0000000, 0x0E38007,
    0x0000000, 0x0E38007, 0x0000000, 0x0E38007, 0x0000000, 0x0E38007,
    0x7000E38, 0x7E38E3F, 0x0E00FC0, 0x0E38FC7, 0x7E00FF8, 0x7E38FFF,
    0x0000000, 0x7E3F007, 0x0000000, 0x7E3F007, 0x0000000, 0x7E3F007,
    0x0000000, 0x7E3F007, 0x0000000, 0x7E3F007, 0x7000E38, 0x7E3FE3F,
    0x0E00FC0, 0x7E3FFC7, 0x7E00FF8, 0x7E3FFFF, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000E38, 0x7000E38, 0x0E00FC0, 0x0E00FC0,
    0x7E00FF8, 0x7E00FF8, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x01C71C0, 0x71C71C7, 0x01C71C0, 0x71C71C7, 0x0000000, 0x7007007,
    0x7000E38, 0x7007E3F, 0x0FC7FC0, 0x7FC7FC7, 0x7FC7FF8, 0x7FC7FFF,
    0x0000000, 0x0E38007, 0x01F8038, 0x0FF803F, 0x0000000, 0x0E38007,
    0x01F8038, 0x0FF803F, 0x0000000, 0x0E38007, 0x71F8E38, 0x7FF8E3F,
    0x0E00FC0, 0x0E38FC7, 0x7FF8FF8, 0x7FF8FFF, 0x0000000, 0x7E3F007,
    0x01F8038, 0x7FFF03F, 0x01C71C0, 0x7FFF1C7, 0x01FF1F8, 0x7FFF1FF,
    0x0000000, 0x7E3F007, 0x71F8E38, 0x7FFFE3F, 0x0FC7FC0, 0x7FFFFC7,
    0x7FFFFF8, 0x7FFFFFF,
};
#if !defined(__BMI2__)
/* s9_shrink[x]: for a 9-bit row x, bit k set when box segment k is non-empty. */
static const uint8_t s9_shrink[512] = {
    0, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3, 3,
    2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3,
    2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3,
    2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
};
#endif

/* s9_rowbox[pos]: row and box of cell pos within its band (pos included). */
static const uint32_t s9_rowbox[27] = {
    0x01C0FFF, 0x01C0FFF, 0x01C0FFF, 0x0E071FF, 0x0E071FF, 0x0E071FF, 0x70381FF, 0x70381FF, 0x70381FF,
    0x01FFE07, 0x01FFE07, 0x01FFE07, 0x0E3FE38, 0x0E3FE38, 0x0E3FE38, 0x703FFC0, 0x703FFC0, 0x703FFC0,
    0x7FC0E07, 0x7FC0E07, 0x7FC0E07, 0x7FC7038, 0x7FC7038, 0x7FC7038, 0x7FF81C0, 0x7FF81C0, 0x7FF81C0,
};
/* s9_col[pos]: column of cell pos within its band. */
static const uint32_t s9_col[27] = {
    0x0040201, 0x0080402, 0x0100804, 0x0201008, 0x0402010, 0x0804020, 0x1008040, 0x2010080, 0x4020100,
    0x0040201, 0x0080402, 0x0100804, 0x0201008, 0x0402010, 0x0804020, 0x1008040, 0x2010080, 0x4020100,
    0x0040201, 0x0080402, 0x0100804, 0x0201008, 0x0402010, 0x0804020, 0x1008040, 0x2010080, 0x4020100,
};

/* s9_point[cols]: cols = columns (9 bits) where a digit is possible in one band.
 * For every box whose candidates lie in a single column, that column is cleared
 * in the result; the result is ANDed into the digit's words of the other bands. */
static const uint32_t s9_point[512] = {
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7DFEFF7, 0x7DBEDF6, 0x7D7EBF5, 0x7DFEFF7,
    0x7CFE7F3, 0x7DFEFF7, 0x7DFEFF7, 0x7DFEFF7, 0x7BFDFEF, 0x7BBDDEE,
    0x7B7DBED, 0x7BFDFEF, 0x7AFD7EB, 0x7BFDFEF, 0x7BFDFEF, 0x7BFDFEF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x77FBFDF, 0x77BBDDE, 0x777BBDD, 0x77FBFDF,
    0x76FB7DB, 0x77FBFDF, 0x77FBFDF, 0x77FBFDF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x6FF7FBF, 0x6FB7DBE,
    0x6F77BBD, 0x6FF7FBF, 0x6EF77BB, 0x6FF7FBF, 0x6FF7FBF, 0x6FF7FBF,
    0x6DF6FB7, 0x6DB6DB6, 0x6D76BB5, 0x6DF6FB7, 0x6CF67B3, 0x6DF6FB7,
    0x6DF6FB7, 0x6DF6FB7, 0x6BF5FAF, 0x6BB5DAE, 0x6B75BAD, 0x6BF5FAF,
    0x6AF57AB, 0x6BF5FAF, 0x6BF5FAF, 0x6BF5FAF, 0x6FF7FBF, 0x6FB7DBE,
    0x6F77BBD, 0x6FF7FBF, 0x6EF77BB, 0x6FF7FBF, 0x6FF7FBF, 0x6FF7FBF,
    0x67F3F9F, 0x67B3D9E, 0x6773B9D, 0x67F3F9F, 0x66F379B, 0x67F3F9F,
    0x67F3F9F, 0x67F3F9F, 0x6FF7FBF, 0x6FB7DBE, 0x6F77BBD, 0x6FF7FBF,
    0x6EF77BB, 0x6FF7FBF, 0x6FF7FBF, 0x6FF7FBF, 0x6FF7FBF, 0x6FB7DBE,
    0x6F77BBD, 0x6FF7FBF, 0x6EF77BB, 0x6FF7FBF, 0x6FF7FBF, 0x6FF7FBF,
    0x6FF7FBF, 0x6FB7DBE, 0x6F77BBD, 0x6FF7FBF, 0x6EF77BB, 0x6FF7FBF,
    0x6FF7FBF, 0x6FF7FBF, 0x5FEFF7F, 0x5FAFD7E, 0x5F6FB7D, 0x5FEFF7F,
    0x5EEF77B, 0x5FEFF7F, 0x5FEFF7F, 0x5FEFF7F, 0x5DEEF77, 0x5DAED76,
    0x5D6EB75, 0x5DEEF77, 0x5CEE773, 0x5DEEF77, 0x5DEEF77, 0x5DEEF77,
    0x5BEDF6F, 0x5BADD6E, 0x5B6DB6D, 0x5BEDF6F, 0x5AED76B, 0x5BEDF6F,
    0x5BEDF6F, 0x5BEDF6F, 0x5FEFF7F, 0x5FAFD7E, 0x5F6FB7D, 0x5FEFF7F,
    0x5EEF77B, 0x5FEFF7F, 0x5FEFF7F, 0x5FEFF7F, 0x57EBF5F, 0x57ABD5E,
    0x576BB5D, 0x57EBF5F, 0x56EB75B, 0x57EBF5F, 0x57EBF5F, 0x57EBF5F,
    0x5FEFF7F, 0x5FAFD7E, 0x5F6FB7D, 0x5FEFF7F, 0x5EEF77B, 0x5FEFF7F,
    0x5FEFF7F, 0x5FEFF7F, 0x5FEFF7F, 0x5FAFD7E, 0x5F6FB7D, 0x5FEFF7F,
    0x5EEF77B, 0x5FEFF7F, 0x5FEFF7F, 0x5FEFF7F, 0x5FEFF7F, 0x5FAFD7E,
    0x5F6FB7D, 0x5FEFF7F, 0x5EEF77B, 0x5FEFF7F, 0x5FEFF7F, 0x5FEFF7F,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7DFEFF7, 0x7DBEDF6, 0x7D7EBF5, 0x7DFEFF7,
    0x7CFE7F3, 0x7DFEFF7, 0x7DFEFF7, 0x7DFEFF7, 0x7BFDFEF, 0x7BBDDEE,
    0x7B7DBED, 0x7BFDFEF, 0x7AFD7EB, 0x7BFDFEF, 0x7BFDFEF, 0x7BFDFEF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x77FBFDF, 0x77BBDDE, 0x777BBDD, 0x77FBFDF,
    0x76FB7DB, 0x77FBFDF, 0x77FBFDF, 0x77FBFDF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x3FDFEFF, 0x3F9FCFE,
    0x3F5FAFD, 0x3FDFEFF, 0x3EDF6FB, 0x3FDFEFF, 0x3FDFEFF, 0x3FDFEFF,
    0x3DDEEF7, 0x3D9ECF6, 0x3D5EAF5, 0x3DDEEF7, 0x3CDE6F3, 0x3DDEEF7,
    0x3DDEEF7, 0x3DDEEF7, 0x3BDDEEF, 0x3B9DCEE, 0x3B5DAED, 0x3BDDEEF,
    0x3ADD6EB, 0x3BDDEEF, 0x3BDDEEF, 0x3BDDEEF, 0x3FDFEFF, 0x3F9FCFE,
    0x3F5FAFD, 0x3FDFEFF, 0x3EDF6FB, 0x3FDFEFF, 0x3FDFEFF, 0x3FDFEFF,
    0x37DBEDF, 0x379BCDE, 0x375BADD, 0x37DBEDF, 0x36DB6DB, 0x37DBEDF,
    0x37DBEDF, 0x37DBEDF, 0x3FDFEFF, 0x3F9FCFE, 0x3F5FAFD, 0x3FDFEFF,
    0x3EDF6FB, 0x3FDFEFF, 0x3FDFEFF, 0x3FDFEFF, 0x3FDFEFF, 0x3F9FCFE,
    0x3F5FAFD, 0x3FDFEFF, 0x3EDF6FB, 0x3FDFEFF, 0x3FDFEFF, 0x3FDFEFF,
    0x3FDFEFF, 0x3F9FCFE, 0x3F5FAFD, 0x3FDFEFF, 0x3EDF6FB, 0x3FDFEFF,
    0x3FDFEFF, 0x3FDFEFF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7DFEFF7, 0x7DBEDF6,
    0x7D7EBF5, 0x7DFEFF7, 0x7CFE7F3, 0x7DFEFF7, 0x7DFEFF7, 0x7DFEFF7,
    0x7BFDFEF, 0x7BBDDEE, 0x7B7DBED, 0x7BFDFEF, 0x7AFD7EB, 0x7BFDFEF,
    0x7BFDFEF, 0x7BFDFEF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x77FBFDF, 0x77BBDDE,
    0x777BBDD, 0x77FBFDF, 0x76FB7DB, 0x77FBFDF, 0x77FBFDF, 0x77FBFDF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7DFEFF7, 0x7DBEDF6, 0x7D7EBF5, 0x7DFEFF7,
    0x7CFE7F3, 0x7DFEFF7, 0x7DFEFF7, 0x7DFEFF7, 0x7BFDFEF, 0x7BBDDEE,
    0x7B7DBED, 0x7BFDFEF, 0x7AFD7EB, 0x7BFDFEF, 0x7BFDFEF, 0x7BFDFEF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x77FBFDF, 0x77BBDDE, 0x777BBDD, 0x77FBFDF,
    0x76FB7DB, 0x77FBFDF, 0x77FBFDF, 0x77FBFDF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x7DFEFF7, 0x7DBEDF6, 0x7D7EBF5, 0x7DFEFF7, 0x7CFE7F3, 0x7DFEFF7,
    0x7DFEFF7, 0x7DFEFF7, 0x7BFDFEF, 0x7BBDDEE, 0x7B7DBED, 0x7BFDFEF,
    0x7AFD7EB, 0x7BFDFEF, 0x7BFDFEF, 0x7BFDFEF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x77FBFDF, 0x77BBDDE, 0x777BBDD, 0x77FBFDF, 0x76FB7DB, 0x77FBFDF,
    0x77FBFDF, 0x77FBFDF, 0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF,
    0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF, 0x7FBFDFE,
    0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF, 0x7FFFFFF, 0x7FFFFFF,
    0x7FFFFFF, 0x7FBFDFE, 0x7F7FBFD, 0x7FFFFFF, 0x7EFF7FB, 0x7FFFFFF,
    0x7FFFFFF, 0x7FFFFFF,
};

/* s9_perm[m]: m is a 3x3 availability matrix (bit r*3+k); result = the pairs
 * (r,k) lying on at least one permutation contained in m. */
static const uint16_t s9_perm[512] = {
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x054, 0x054, 0x054, 0x054, 0x000, 0x000, 0x000, 0x000, 0x054, 0x054, 0x054, 0x054,
    0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062,
    0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062, 0x054, 0x054, 0x076, 0x076,
    0x000, 0x000, 0x062, 0x062, 0x054, 0x054, 0x076, 0x076, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x08C, 0x08C, 0x08C, 0x08C,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x08C, 0x08C, 0x08C, 0x08C, 0x000, 0x0A1, 0x000, 0x0A1, 0x000, 0x0A1, 0x000, 0x0A1,
    0x000, 0x0A1, 0x000, 0x0A1, 0x08C, 0x0AD, 0x08C, 0x0AD, 0x000, 0x0A1, 0x000, 0x0A1,
    0x000, 0x0A1, 0x000, 0x0A1, 0x000, 0x0A1, 0x000, 0x0A1, 0x08C, 0x0AD, 0x08C, 0x0AD,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x08C, 0x08C, 0x08C, 0x08C, 0x000, 0x000, 0x000, 0x000, 0x054, 0x054, 0x054, 0x054,
    0x000, 0x000, 0x000, 0x000, 0x0DC, 0x0DC, 0x0DC, 0x0DC, 0x000, 0x0A1, 0x062, 0x0E3,
    0x000, 0x0A1, 0x062, 0x0E3, 0x000, 0x0A1, 0x062, 0x0E3, 0x08C, 0x0AD, 0x0EE, 0x0EF,
    0x000, 0x0A1, 0x062, 0x0E3, 0x054, 0x0F5, 0x076, 0x0F7, 0x000, 0x0A1, 0x062, 0x0E3,
    0x0DC, 0x0FD, 0x0FE, 0x0FF, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x10A, 0x10A, 0x000, 0x000, 0x10A, 0x10A, 0x000, 0x111, 0x000, 0x111,
    0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x10A, 0x11B, 0x000, 0x111, 0x10A, 0x11B,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10A, 0x10A,
    0x000, 0x000, 0x10A, 0x10A, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
    0x000, 0x111, 0x10A, 0x11B, 0x000, 0x111, 0x10A, 0x11B, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10A, 0x10A, 0x000, 0x000, 0x10A, 0x10A,
    0x000, 0x111, 0x000, 0x111, 0x054, 0x155, 0x054, 0x155, 0x000, 0x111, 0x10A, 0x11B,
    0x054, 0x155, 0x15E, 0x15F, 0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062,
    0x000, 0x000, 0x16A, 0x16A, 0x000, 0x000, 0x16A, 0x16A, 0x000, 0x111, 0x062, 0x173,
    0x054, 0x155, 0x076, 0x177, 0x000, 0x111, 0x16A, 0x17B, 0x054, 0x155, 0x17E, 0x17F,
    0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10A, 0x10A,
    0x08C, 0x08C, 0x18E, 0x18E, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
    0x000, 0x111, 0x10A, 0x11B, 0x08C, 0x19D, 0x18E, 0x19F, 0x000, 0x0A1, 0x000, 0x0A1,
    0x000, 0x0A1, 0x000, 0x0A1, 0x000, 0x0A1, 0x10A, 0x1AB, 0x08C, 0x0AD, 0x18E, 0x1AF,
    0x000, 0x1B1, 0x000, 0x1B1, 0x000, 0x1B1, 0x000, 0x1B1, 0x000, 0x1B1, 0x10A, 0x1BB,
    0x08C, 0x1BD, 0x18E, 0x1BF, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
    0x000, 0x000, 0x10A, 0x10A, 0x08C, 0x08C, 0x18E, 0x18E, 0x000, 0x111, 0x000, 0x111,
    0x054, 0x155, 0x054, 0x155, 0x000, 0x111, 0x10A, 0x11B, 0x0DC, 0x1DD, 0x1DE, 0x1DF,
    0x000, 0x0A1, 0x062, 0x0E3, 0x000, 0x0A1, 0x062, 0x0E3, 0x000, 0x0A1, 0x16A, 0x1EB,
    0x08C, 0x0AD, 0x1EE, 0x1EF, 0x000, 0x1B1, 0x062, 0x1F3, 0x054, 0x1F5, 0x076, 0x1F7,
    0x000, 0x1B1, 0x16A, 0x1FB, 0x0DC, 0x1FD, 0x1FE, 0x1FF,
};

/* The six permutation matrices of a 3x3 (row, box) or (band, column) matrix, as
 * 9-bit masks (bit r*3+k). */
static const uint16_t s9_perm6[6] = {0x111, 0xa1, 0x10a, 0x62, 0x8c, 0x54};

/* s9_matrix[m] for a 3x3 matrix m (bit r*3+k): bits 0-8 = the entries that every
 * permutation matrix contained in m holds, bits 9-11 = how many permutation
 * matrices m contains (0-6). */
static const uint16_t s9_matrix[512] = {
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0254, 0x0254, 0x0254, 0x0254, 0x0000, 0x0000, 0x0000, 0x0000, 0x0254, 0x0254, 0x0254, 0x0254,
    0x0000, 0x0000, 0x0262, 0x0262, 0x0000, 0x0000, 0x0262, 0x0262, 0x0000, 0x0000, 0x0262, 0x0262,
    0x0000, 0x0000, 0x0262, 0x0262, 0x0000, 0x0000, 0x0262, 0x0262, 0x0254, 0x0254, 0x0440, 0x0440,
    0x0000, 0x0000, 0x0262, 0x0262, 0x0254, 0x0254, 0x0440, 0x0440, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x028C, 0x028C, 0x028C, 0x028C,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x028C, 0x028C, 0x028C, 0x028C, 0x0000, 0x02A1, 0x0000, 0x02A1, 0x0000, 0x02A1, 0x0000, 0x02A1,
    0x0000, 0x02A1, 0x0000, 0x02A1, 0x028C, 0x0480, 0x028C, 0x0480, 0x0000, 0x02A1, 0x0000, 0x02A1,
    0x0000, 0x02A1, 0x0000, 0x02A1, 0x0000, 0x02A1, 0x0000, 0x02A1, 0x028C, 0x0480, 0x028C, 0x0480,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x028C, 0x028C, 0x028C, 0x028C, 0x0000, 0x0000, 0x0000, 0x0000, 0x0254, 0x0254, 0x0254, 0x0254,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0404, 0x0404, 0x0404, 0x0404, 0x0000, 0x02A1, 0x0262, 0x0420,
    0x0000, 0x02A1, 0x0262, 0x0420, 0x0000, 0x02A1, 0x0262, 0x0420, 0x028C, 0x0480, 0x0400, 0x0600,
    0x0000, 0x02A1, 0x0262, 0x0420, 0x0254, 0x0400, 0x0440, 0x0600, 0x0000, 0x02A1, 0x0262, 0x0420,
    0x0404, 0x0600, 0x0600, 0x0800, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x030A, 0x030A, 0x0000, 0x0000, 0x030A, 0x030A, 0x0000, 0x0311, 0x0000, 0x0311,
    0x0000, 0x0311, 0x0000, 0x0311, 0x0000, 0x0311, 0x030A, 0x0500, 0x0000, 0x0311, 0x030A, 0x0500,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x030A, 0x030A,
    0x0000, 0x0000, 0x030A, 0x030A, 0x0000, 0x0311, 0x0000, 0x0311, 0x0000, 0x0311, 0x0000, 0x0311,
    0x0000, 0x0311, 0x030A, 0x0500, 0x0000, 0x0311, 0x030A, 0x0500, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x030A, 0x030A, 0x0000, 0x0000, 0x030A, 0x030A,
    0x0000, 0x0311, 0x0000, 0x0311, 0x0254, 0x0410, 0x0254, 0x0410, 0x0000, 0x0311, 0x030A, 0x0500,
    0x0254, 0x0410, 0x0400, 0x0600, 0x0000, 0x0000, 0x0262, 0x0262, 0x0000, 0x0000, 0x0262, 0x0262,
    0x0000, 0x0000, 0x0402, 0x0402, 0x0000, 0x0000, 0x0402, 0x0402, 0x0000, 0x0311, 0x0262, 0x0400,
    0x0254, 0x0410, 0x0440, 0x0600, 0x0000, 0x0311, 0x0402, 0x0600, 0x0254, 0x0410, 0x0600, 0x0800,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x030A, 0x030A,
    0x028C, 0x028C, 0x0408, 0x0408, 0x0000, 0x0311, 0x0000, 0x0311, 0x0000, 0x0311, 0x0000, 0x0311,
    0x0000, 0x0311, 0x030A, 0x0500, 0x028C, 0x0400, 0x0408, 0x0600, 0x0000, 0x02A1, 0x0000, 0x02A1,
    0x0000, 0x02A1, 0x0000, 0x02A1, 0x0000, 0x02A1, 0x030A, 0x0400, 0x028C, 0x0480, 0x0408, 0x0600,
    0x0000, 0x0401, 0x0000, 0x0401, 0x0000, 0x0401, 0x0000, 0x0401, 0x0000, 0x0401, 0x030A, 0x0600,
    0x028C, 0x0600, 0x0408, 0x0800, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
    0x0000, 0x0000, 0x030A, 0x030A, 0x028C, 0x028C, 0x0408, 0x0408, 0x0000, 0x0311, 0x0000, 0x0311,
    0x0254, 0x0410, 0x0254, 0x0410, 0x0000, 0x0311, 0x030A, 0x0500, 0x0404, 0x0600, 0x0600, 0x0800,
    0x0000, 0x02A1, 0x0262, 0x0420, 0x0000, 0x02A1, 0x0262, 0x0420, 0x0000, 0x02A1, 0x0402, 0x0600,
    0x028C, 0x0480, 0x0600, 0x0800, 0x0000, 0x0401, 0x0262, 0x0600, 0x0254, 0x0600, 0x0440, 0x0800,
    0x0000, 0x0401, 0x0402, 0x0800, 0x0404, 0x0800, 0x0800, 0x0C00,
};

#define S9_ROW_LSB 0x40201u /* lowest bit of each row of a band */

typedef struct s9_state {
    uint32_t F[27]; /* F[d*3+b]: candidate/placed cells of digit d in band b */
    uint32_t dirty; /* bit i: F[i] changed since its last update (pending work) */
    uint32_t U[3];  /* unsolved cells per band */
} s9_state;

/* A branch point.  The state there is fully propagated (no word is dirty), so only
 * F and U are saved. */
typedef struct s9_frame {
    uint32_t F[27]; /* F of the state before the branch */
    uint32_t U[3];  /* U of the state before the branch */
    uint32_t kind; /* S9_CELL: a cell's digits; S9_BAND / S9_STACK: a digit's places */
    uint32_t b;    /* S9_CELL: band of the cell; else the digit */
    uint32_t pos;  /* S9_CELL: bit position of the cell in its band; else the band or stack */
    uint32_t rem;  /* S9_CELL: digits (bit d) still to be tried; else permutations (bit i
                    * of s9_perm6) still to be tried */
} s9_frame;

enum { S9_CELL = 0, S9_BAND = 1, S9_STACK = 2 };

/* F[j] &= mask, marking word j dirty when that removed something. */
static inline void s9_and(s9_state *s, int j, uint32_t mask) {
    uint32_t o = s->F[j], n = o & mask;
    s->F[j] = n;
    s->dirty |= (uint32_t)(n != o) << j;
}

/* 9-bit mini-row occupancy of a band word (bit row*3+box). */
static inline uint32_t s9_minirows(uint32_t a) {
#if defined(__BMI2__)
    return _pext_u32(a | (a >> 1) | (a >> 2), 0x1249249u);
#else
    return (uint32_t)s9_shrink[a & 0x1FF] | (uint32_t)s9_shrink[(a >> 9) & 0x1FF] << 3 |
           (uint32_t)s9_shrink[(a >> 18) & 0x1FF] << 6;
#endif
}

/* Update digit-band word d*3+b.  Returns 0 on contradiction. */
static inline __attribute__((always_inline)) int s9_update(s9_state *s, const int d, const int b) {
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
static uint32_t s9_fixpoint(s9_state *s) {
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

#define S9_STACK0 0x1C0E07u /* three columns of stack 0 in a folded word, per band */

/* The columns of a digit's three band words folded: bit band*9 + column. */
static inline uint32_t s9_fold(uint32_t a0, uint32_t a1, uint32_t a2) {
    return ((a0 | (a0 >> 9) | (a0 >> 18)) & 0x1FFu) | ((a1 | (a1 >> 9) | (a1 >> 18)) & 0x1FFu) << 9 |
           ((a2 | (a2 >> 9) | (a2 >> 18)) & 0x1FFu) << 18;
}

/* The 3x3 (band, column) matrix of stack k in a folded word: bit band*3 + column. */
static inline uint32_t s9_stack_matrix(uint32_t x, int k) {
#if defined(__BMI2__)
    return _pext_u32(x, S9_STACK0 << (3 * k));
#else
    uint32_t y = x >> (3 * k);
    return (y & 7u) | ((y >> 6) & 0x38u) | ((y >> 12) & 0x1C0u);
#endif
}

/* A stack matrix m put back in place k of a folded word (s9_stack_matrix undone). */
static inline uint32_t s9_stack_unmatrix(uint32_t m, int k) {
#if defined(__BMI2__)
    return _pdep_u32(m, S9_STACK0 << (3 * k));
#else
    return ((m & 7u) | (m & 0x38u) << 6 | (m & 0x1C0u) << 12) << (3 * k);
#endif
}

/* Stack logic for digit d: in each stack the digit occupies one column per band
 * and one band per column, i.e. a permutation of the 3x3 (band, column)
 * occupancy matrix; columns of a band that lie on no such permutation are
 * removed (box/column locked candidates, column hidden singles). */
static inline __attribute__((always_inline)) int s9_stack(s9_state *s, const int d) {
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
static int s9_fixpoint_all(s9_state *s) {
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

/* Place digit d at bit pos of band b (the caller checked it is a candidate). */
static inline void s9_place(s9_state *s, int d, int b, int pos) {
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
static inline uint32_t s9_cands(const s9_state *s, int b, int pos) {
    uint32_t m = 0;
    #pragma GCC unroll 9
    for (int d = 0; d < 9; d++) m |= ((s->F[d * 3 + b] >> pos) & 1u) << d;
    return m;
}

/* The cells of band b with at least one, two and three candidates. */
static inline void s9_counts(const s9_state *s, int b, uint32_t *one, uint32_t *two,
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

/* Place naked singles.  Returns 0 on contradiction, 1 if something was placed,
 * 2 if nothing was placed; in that case bv[b] receives the bivalue cells of band b. */
static inline int s9_singles(s9_state *s, uint32_t *bv) {
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

/* The 3x3 matrices of every digit on every line of boxes: m[k][d] for band k
 * (mini-rows: bit row*3+box) and m[3+k][d] for stack k (mini-columns: bit
 * band*3+column); a set bit means digit d may still lie there. */
typedef struct s9_lines {
    uint32_t m[6][9];
    uint32_t e[6][9]; /* s9_matrix[m] (set by s9_triads) */
    int total[6];     /* permutations left to the nine digits of the line (s9_triads) */
} s9_lines;

static inline void s9_lines_of(const s9_state *s, s9_lines *L) {
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
static inline uint32_t s9_minirow_cells(uint32_t m) {
#if defined(__BMI2__)
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

/* Mini-row and mini-column sets.  The three cells of a box in one row (or column)
 * hold three digits, so when three digits must lie in a mini-row (on every
 * permutation left to each of them in its band), no other digit may; four such
 * digits are a contradiction.  Returns 0 on contradiction, 1 if a candidate went,
 * 2 if nothing changed. */
static int s9_triads(s9_state *s, s9_lines *L) {
    int changed = 0;
    const uint32_t unsolved = s9_fold(s->U[0], s->U[1], s->U[2]);
    for (int line = 0; line < 6; line++) {
        const uint32_t *mat = L->m[line];
        uint32_t *ent = L->e[line];
        uint32_t f1 = 0, f2 = 0, f3 = 0, f4 = 0, t = 0;
        #pragma GCC unroll 9
        for (int d = 0; d < 9; d++) {
            uint32_t e = s9_matrix[mat[d]], f = e & 0x1FFu;
            ent[d] = e;
            t += e >> 9;
            f4 |= f3 & f;
            f3 |= f2 & f;
            f2 |= f1 & f;
            f1 |= f;
        }
        if (f4) return 0;
        L->total[line] = (int)t;
        /* mini-rows (mini-columns) with an open cell */
        uint32_t open = line < 3 ? s9_minirows(s->U[line]) : s9_stack_matrix(unsolved, line - 3);
        uint32_t full = f3 & open;
        if (!full) continue;
        for (int d = 0; d < 9; d++) {
            uint32_t drop = full & mat[d] & ~ent[d];
            if (!drop) continue;
            changed = 1;
            if (line < 3) {
                s9_and(s, d * 3 + line, ~s9_minirow_cells(drop));
            } else {
                int k = line - 3;
                while (drop) {
                    int i = sd_ctz32(drop);
                    drop &= drop - 1;
                    s9_and(s, d * 3 + i / 3, ~(S9_ROW_LSB << (3 * k + i % 3)));
                }
            }
        }
    }
    return changed ? 1 : 2;
}

/* ---------------------------------------------------------------- AVX-512 propagation */
#if S9_HAVE_SIMD
#define S9V __attribute__((target("avx512f"))) static inline __attribute__((always_inline))
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
S9V __m512i s9v_rot1(__m512i c) { return TERN(SHR(c, 1), SHL(c, 2), V1(0x36DB6DB), SEL); }
S9V __m512i s9v_rot2(__m512i c) { return TERN(SHR(c, 2), _mm512_add_epi32(c, c), V1(0x1249249), SEL); }

/* OR of the 16 lanes, in every lane. */
S9V __m512i s9v_or_all(__m512i x) {
    x = OR(x, _mm512_shuffle_i32x4(x, x, 0x4E));
    x = OR(x, _mm512_shuffle_i32x4(x, x, 0xB1));
    x = OR(x, _mm512_shuffle_epi32(x, 0x4E));
    return OR(x, _mm512_shuffle_epi32(x, 0xB1));
}

/* Bits set in at least one lane (*one) and in at least two lanes (*two), in every lane. */
S9V void s9v_count2(__m512i x, __m512i *one, __m512i *two) {
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
S9V __m512i s9v_rows(__m512i x, __mmask16 want) {
    __mmask16 k0 = _mm512_test_epi32_mask(x, V1(0x1FF)) ^ want;
    __mmask16 k1 = _mm512_test_epi32_mask(x, V1(0x3FE00)) ^ want;
    __mmask16 k2 = _mm512_test_epi32_mask(x, V1(0x7FC0000)) ^ want;
    __m512i m = _mm512_maskz_mov_epi32((__mmask16)~k0, V1(0x1FF));
    m = _mm512_mask_or_epi32(m, (__mmask16)~k1, m, V1(0x3FE00));
    return _mm512_mask_or_epi32(m, (__mmask16)~k2, m, V1(0x7FC0000));
}

/* A band's mini-row permutations (row x box) on its digit words a (lane d): mini-rows on
 * no permutation go; a digit without any permutation is left empty. */
S9V __m512i s9v_minirows(__m512i a) {
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
S9V __m512i s9v_cols(__m512i a) { return AND(TERN(a, SHR(a, 9), SHR(a, 18), OR3), V1(0x1FF)); }

/* Every row of x set where c (9 columns) is. */
S9V __m512i s9v_spread(__m512i c) { return TERN(c, SHL(c, 9), SHL(c, 18), OR3); }

/* Solved cells s of each digit (lane): two of them in one row prove a contradiction
 * (*bad); otherwise the digit leaves the rest of their rows.  (The rest of their boxes
 * follows from the mini-row permutations: the row's one mini-row takes the box, and
 * their columns from the stack permutations.) */
S9V __m512i s9v_solved(__m512i a, __m512i s, __m512i *bad) {
    __m512i rows = s9v_rows(s, 0xFFFF);
    /* s with a cell added to each of its empty rows, so that no row is empty */
    __m512i t = TERN(s, rows, V1(0x40201), TA | (~TB & TC));
    *bad = AND(t, _mm512_sub_epi32(t, V1(0x40201)));
    return TERN(a, rows, s, TA & (~TB | TC));
}

/* Columns of a band (c0) that lie on a (band, column) permutation of their stack, given
 * the columns of the two other bands (their rotations within the stack r1x, r2x). */
S9V __m512i s9v_stack(__m512i c0, __m512i r11, __m512i r21, __m512i r12, __m512i r22) {
    __m512i k = TERN(r11, r22, AND(r21, r12), (TA & TB) | TC);
    return s9v_spread(AND(k, c0));
}

/* L->m (s9_lines_of) from the band registers a[b] (lane d = digit d) and their columns
 * c[b] (s9v_cols). */
S9V void s9v_lines(const __m512i *a, const __m512i *c, s9_lines *L) {
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
__attribute__((target("avx512f"))) static int s9v_fixpoint(s9_state *s, s9_lines *L) {
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
            f[b] = s9v_minirows(a[b]);
            c[b] = s9v_cols(f[b]);
            r1[b] = s9v_rot1(c[b]);
            r2[b] = s9v_rot2(c[b]);
        }
        n[0] = AND(f[0], s9v_stack(c[0], r1[1], r2[1], r1[2], r2[2]));
        n[1] = AND(f[1], s9v_stack(c[1], r1[2], r2[2], r1[0], r2[0]));
        n[2] = AND(f[2], s9v_stack(c[2], r1[0], r2[0], r1[1], r2[1]));
        #pragma GCC unroll 3
        for (int b = 0; b < 3; b++) {
            /* row singles: t drops each row's lowest cell (no row is empty, or n is bad) */
            __m512i t = AND(n[b], _mm512_sub_epi32(n[b], V1(0x40201)));
            __m512i ns = AND(n[b], s9v_rows(t, 0));
            __m512i h = s9v_or_all(ns);
            n[b] = TERN(n[b], h, ns, TA & (~TB | TC));
            __m512i one;
            s9v_count2(n[b], &one, &two[b]);
            /* a cell without candidates, or a row single of two digits */
            bad = TERN(bad, _mm512_andnot_si512(one, full), AND(h, two[b]), OR3);
        }
        /* the cells solved for lane d leave the rest of their rows */
        #pragma GCC unroll 3
        for (int b = 0; b < 3; b++) {
            __m512i dup;
            n[b] = s9v_solved(n[b], _mm512_andnot_si512(two[b], n[b]), &dup);
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
    if (L && (s->U[0] | s->U[1] | s->U[2])) s9v_lines(a, c, L);
    return 1;
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
#endif

/* Bivalue cells of every band (cells of U with two candidates; no cell of U has one). */
static void s9_bivalue(const s9_state *s, uint32_t *bv) {
    for (int b = 0; b < 3; b++) {
        uint32_t one, two, three;
        s9_counts(s, b, &one, &two, &three);
        bv[b] = s->U[b] & ~three;
    }
}

/* Full propagation (mini-row sets only with sets).  Returns 0 contradiction, 1 open (bv
 * filled; and L when sets), 2 solved. */
static int s9_propagate(s9_state *s, uint32_t *bv, s9_lines *L, int sets, int simd) {
#if S9_HAVE_SIMD
    if (simd) {
        for (;;) {
            if (!s9v_fixpoint(s, sets ? L : NULL)) return 0;
            if (!(s->U[0] | s->U[1] | s->U[2])) return 2;
            if (!sets) {
                s9_bivalue(s, bv);
                return 1;
            }
            int r = s9_triads(s, L);
            if (r != 1) return r == 0 ? 0 : 1;
        }
    }
#else
    (void)simd;
#endif
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
}

/* Choose the branch cell among the bivalue cells: the one with the most unsolved
 * peers plus bivalue peers (first one on ties).  Returns 0 when there is none. */
static inline int s9_pick_bivalue(const s9_state *s, const uint32_t *bv, int *bb, int *bpos) {
    int best = -1;
    for (int b = 0; b < 3; b++) {
        uint32_t m = bv[b];
        int o1 = (b + 1) % 3, o2 = (b + 2) % 3;
        uint32_t uo = s->U[o1] | s->U[o2], bo = bv[o1] | bv[o2];
        while (m) {
            int pos = sd_ctz32(m);
            m &= m - 1;
            uint32_t rb = s9_rowbox[pos], cl = s9_col[pos];
            int sc = sd_popc32(s->U[b] & rb) + sd_popc32(uo & cl) +
                     sd_popc32(bv[b] & rb) + sd_popc32(bo & cl);
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
static void s9_min_cell(const s9_state *s, int *bb, int *bpos) {
    int best = 10;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->U[b];
        while (u) {
            int pos = sd_ctz32(u);
            u &= u - 1;
            int n = sd_popc32(s9_cands(s, b, pos));
            if (n < best) {
                best = n;
                *bb = b;
                *bpos = pos;
            }
        }
    }
}

/* Permutations (bit i of s9_perm6) contained in the 3x3 matrix m. */
static inline uint32_t s9_perms_in(uint32_t m) {
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
static int s9_pick_places(const s9_lines *L, s9_frame *f) {
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
static inline void s9_restrict(s9_state *s, uint32_t kind, int d, int k, uint32_t p) {
    if (kind == S9_BAND) {
        s9_and(s, d * 3 + k, s9_minirow_cells(p));
    } else {
        uint32_t others = ~(S9_STACK0 << (3 * k));
        for (int b = 0; b < 3; b++)
            s9_and(s, d * 3 + b, others | (S9_ROW_LSB << (3 * k + sd_ctz32((p >> (b * 3)) & 7u))));
    }
}

/* Remove and return one digit of *rem: the lowest, or a random one with rng. */
static inline int s9_take(uint32_t *rem, uint64_t *rng) {
    uint32_t m = *rem;
    if (rng) {
        uint32_t k = sd_below(rng, (uint32_t)sd_popc32(m));
        while (k--) m &= m - 1;
    }
    int d = sd_ctz32(m);
    *rem &= ~(1u << d);
    return d;
}

/* Take the next choice of frame f and apply it to s. */
static inline void s9_branch(s9_state *s, s9_frame *f, uint64_t *rng) {
    int i = s9_take(&f->rem, rng);
    if (f->kind == S9_CELL)
        s9_place(s, i, (int)f->b, (int)f->pos);
    else
        s9_restrict(s, f->kind, (int)f->b, (int)f->pos, s9_perm6[i]);
}

static void s9_extract(const s9_state *s, uint8_t *out) {
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) {
            uint32_t m = s->F[d * 3 + b];
            while (m) {
                out[b * 27 + sd_ctz32(m)] = (uint8_t)(d + 1);
                m &= m - 1;
            }
        }
}

int s9_solve(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng, sd_stats *st) {
    return s9_solve_ticked(in, out, limit, rng, st, NULL, NULL);
}

int s9_solve_ticked(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng, sd_stats *st,
                    s9_tick tick, void *ctx) {
    s9_frame stack[81 + 54 + 1]; /* each level fixes a cell or a digit on a line for good */
    s9_state cur;
    int sp = 0, count = 0;
    uint64_t guesses = 0, nodes = 0;

    const int simd = s9_simd_active();
    if (limit < 1) limit = 1;
    for (int i = 0; i < 27; i++) {
        cur.F[i] = 0x7FFFFFFu;
    }
    cur.U[0] = cur.U[1] = cur.U[2] = 0x7FFFFFFu;
    cur.dirty = 0x7FFFFFFu; /* a first update of every word */
    for (int c = 0; c < 81; c++) {
        unsigned v = in[c];
        if (v == 0 || v > 9) continue;
        int b = c / 27, pos = c % 27, d = (int)v - 1;
        if (!((cur.F[d * 3 + b] >> pos) & 1u)) goto done; /* conflicting givens */
        s9_place(&cur, d, b, pos);
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
        int r = s9_propagate(&cur, bv, &L, rng == NULL, simd);
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
