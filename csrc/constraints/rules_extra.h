/* Constraints beyond houses, peers and killer cages for the generic solver: digit
 * relations between two cells (thermometers, Kropki dots, XV, whispers, palindromes,
 * non-consecutive ...), allowed digits of one cell (odd/even), weighted sums (arrows,
 * little killers), renban lines and sandwich sums.
 *
 * They arrive as one flat int32 program, one record after another:
 *   GX_PAIR     a b m[0..n-1]       m[d]: the digits b may hold when a holds d+1
 *   GX_MASK     c m                 the digits c may hold
 *   GX_LINEAR   k total (c w)*k     sum of w * digit over the k distinct cells = total
 *   GX_RENBAN   k c*k               the k digits form a run of consecutive values
 *   GX_SANDWICH total k c*k         the k cells (a house, in order) hold 1 and n with
 *                                   digits between them adding up to total
 *   GX_BOUND    k total (c w)*k     as GX_LINEAR, narrowed by its bounds only (a sum
 *                                   derived from others, quick to check, that only helps
 *                                   the search)
 *   GX_BETWEEN  k gap out a b c*k   the ends a and b differ by at least gap, and each of
 *                                   the k cells holds a digit strictly between theirs
 *                                   (out = 0: a between line) or outside the two and
 *                                   every digit between them (out = 1: a lockout line)
 *   and the records of outside.h: X-sums, skyscrapers, digits some cells must hold.
 * gx_new checks every record (cells in range, masks within the digits, no repeated
 * cell in a record, sums that cannot overflow) and refuses a bad program with a message.
 *
 * gx_narrow looks at every record once over the candidate masks and reports the digits
 * each cell may keep: every kept digit has a support in that record (a relation's
 * partner digit, a bound of a sum, a window of a renban, a placement of 1 and n of a
 * sandwich).  It is sound, not complete: the caller repeats it with its other
 * deductions until nothing changes, and a full assignment that survives it satisfies
 * every record. */
#ifndef SHUDU_RULES_EXTRA_H
#define SHUDU_RULES_EXTRA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GX_PAIR = 1, GX_MASK = 2, GX_LINEAR = 3, GX_RENBAN = 4, GX_SANDWICH = 5, GX_BOUND = 6,
       GX_BETWEEN = 10 };

typedef struct gx_set gx_set; /* compiled program, owns its memory */

/* Compile a program for a grid of side n (1..32) with ncells cells.  NULL with a
 * message in err (errlen bytes) when the program is malformed or memory runs out. */
gx_set *gx_new(int n, int ncells, const int32_t *prog, size_t len, char *err, size_t errlen);
void gx_free(gx_set *g);

/* Tell the set which cells see each other (peers[pstart[c] .. pstart[c + 1]) are cell c's
 * peers): a sum of +1/-1 terms whose cells include peers is then also narrowed with those
 * cells' digits differing, by views of it that split its cells into groups that see each
 * other (sound, and exact where all its cells see each other).  0, or -1 when memory ran
 * out (the set then works as before). */
int gx_use_peers(gx_set *g, const int32_t *pstart, const int32_t *peers);

/* With light set, sums whose cells see each other are narrowed as if digits could repeat
 * (the quick narrowing a search's lookahead wants; still sound). */
void gx_light(gx_set *g, int light);

/* With deep set, GX_BOUND records are narrowed like GX_LINEAR ones (exactly, and with
 * their cells' digits differing where they see each other): worth it near the root of a
 * search, where one narrowing cuts a large subtree. */
void gx_deep(gx_set *g, int deep);

/* 1 when every record is a GX_BOUND (sums derived from others, no rule of their own). */
int gx_only_bounds(const gx_set *g);

/* How many (cell, mask) entries gx_narrow may write at most. */
size_t gx_capacity(const gx_set *g);

/* Narrow (the set keeps its scratch masks, so one set serves one thread): for each record, write (cell, digits it may keep) pairs for the cells whose
 * candidates lose a digit.  Returns how many pairs were written (0: nothing to narrow),
 * -1 when a record has no support left (a contradiction). */
int gx_narrow(gx_set *g, const uint32_t *cand, uint16_t *cells, uint32_t *keep);

#ifdef __cplusplus
}
#endif

#endif
