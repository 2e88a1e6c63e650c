/* Records of the generic solver's constraint program (rules_extra.h) for clues outside a
 * house and for digits a few cells must hold:
 *
 *   GX_XSUM       total k c*k        the k cells are a whole house, in order from the
 *                                    clue; the first X of them add up to total, X being
 *                                    the digit of the first
 *   GX_SKYSCRAPER count k c*k        the k cells are a whole house, in order from the
 *                                    clue; count of them hold a digit larger than every
 *                                    digit before them (the skyscrapers seen)
 *   GX_CONTAIN    k j c*k d*j l*k    the k cells (1..8) hold the j digits d (a digit
 *                                    listed twice is held twice); l[i]: a mask of the
 *                                    places whose cells see cell i (they differ)
 *
 * Their numbers stand apart from the records of rules_extra.h.  gx_outside_size checks a
 * record and gx_outside_supports narrows it: it writes, for each of its cells, the digits
 * that some way of keeping the record allows, given the candidate masks (exact for the
 * house clues up to 12x12, where the house's digits are told apart; larger grids only
 * check a filled house).  It is sound: every kept assignment of a filled house passes. */
#ifndef SHUDU_OUTSIDE_H
#define SHUDU_OUTSIDE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GX_XSUM = 16, GX_SKYSCRAPER = 17, GX_CONTAIN = 18 };

/* The largest side whose house clues are narrowed exactly (tables of 2^n digit sets). */
#define GX_OUTSIDE_EXACT_N 12
/* The most cells of a GX_CONTAIN record. */
#define GX_CONTAIN_CELLS 8

typedef struct gx_outside gx_outside; /* scratch of the narrowing, one per thread */

/* 1 when kind is one of these records. */
int gx_outside_kind(int32_t kind);

/* How many program values the record at rec (its kind's data, avail values there) takes
 * on a grid of side n with ncells cells; 0 with a message in err when it is malformed.
 * stamp: ncells marks, mark fresh for this record (repeated cells); r: its number. */
size_t gx_outside_size(int32_t kind, int n, int ncells, const int32_t *rec, size_t avail,
                       uint32_t *stamp, uint32_t mark, int r, char *err, size_t errlen);

/* The cells of a record (its data o), written to out; returns how many. */
int gx_outside_cells(int32_t kind, const int32_t *o, int32_t *out);

gx_outside *gx_outside_new(int n);
void gx_outside_free(gx_outside *s);

/* For each cell of the record (in its order), the digits it may keep given the masks of
 * every cell (work), written to keep; 0, or -1 when nothing keeps the record. */
int gx_outside_supports(gx_outside *s, int32_t kind, const int32_t *o, const uint32_t *work,
                        uint32_t *keep);

#ifdef __cplusplus
}
#endif

#endif
