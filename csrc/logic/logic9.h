/* Pencilmark logic solver for classic 9x9 Sudoku, limited to a fixed ladder of techniques. */
#ifndef SHUDU_LOGIC9_H
#define SHUDU_LOGIC9_H

#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The technique levels of the C ladder, easiest first, as one list:
 *   X(ID, KEYS, APPLY)
 * ID: the level's enum name (its value is its place in the list); KEYS: the technique
 * keys of shudu.logic that the level stands for, separated by spaces (exported as
 * _engine.LADDER9_LEVELS, read by shudu.logic.ladder9); APPLY: the expression logic9.c
 * evaluates to apply every instance of the level to its state s. */
#define SHUDU_LADDER9_LEVELS(X)                                                           \
    X(L9_HIDDEN_SINGLE, "full-house hidden-single", hidden_singles(s))                    \
    X(L9_NAKED_SINGLE, "naked-single", naked_singles(s))                                  \
    X(L9_POINTING, "pointing", pointing(s))                                               \
    X(L9_CLAIMING, "claiming", claiming(s))                                               \
    X(L9_NAKED_PAIR, "locked-pair naked-pair", naked_subsets(s, 2))                       \
    X(L9_X_WING, "x-wing", fish(s, 2))                                                    \
    X(L9_HIDDEN_PAIR, "hidden-pair", hidden_subsets(s, 2))                                \
    X(L9_NAKED_TRIPLE, "locked-triple naked-triple", naked_subsets(s, 3))                 \
    X(L9_SWORDFISH, "swordfish", fish(s, 3))                                              \
    X(L9_HIDDEN_TRIPLE, "hidden-triple", hidden_subsets(s, 3))                            \
    X(L9_NAKED_QUAD, "naked-quad", naked_subsets(s, 4))                                   \
    X(L9_JELLYFISH, "jellyfish", fish(s, 4))                                              \
    X(L9_HIDDEN_QUAD, "hidden-quad", hidden_subsets(s, 4))

/* Technique levels, easiest first.  Level 0 covers full houses and hidden singles. */
enum {
#define L9_LEVEL_ID(id, keys, apply) id,
    SHUDU_LADDER9_LEVELS(L9_LEVEL_ID)
#undef L9_LEVEL_ID
    L9_LEVELS
};

/* Solve a 9x9 puzzle with the techniques of level <= max_level only.
 * in:        81 cell values, row-major, 0 = empty, 1..9 = given (values > 9 are treated
 *            as empty).
 * max_level: the hardest level allowed; values below 0 allow nothing (only a complete
 *            grid counts as solved), values above L9_LEVELS - 1 allow every level.
 * cands:     if non-NULL, receives the final candidate mask of every cell (bit d - 1 for
 *            digit d; a placed cell has exactly its own bit).
 * hardest:   if non-NULL, receives the hardest level used (-1 when none was).
 * The solver repeats "apply every instance of the easiest technique that makes progress"
 * until the grid is full or no allowed technique changes anything.  Returns 1 when every
 * cell was filled, 0 when stuck (conflicting givens and contradictions count as stuck).
 * Reentrant and thread-safe: uses no mutable global state. */
int l9_solve(const uint8_t *in, int max_level, uint16_t *cands, int *hardest);

/* Go on from a pencilmark state, in place, with the techniques of level <= max_level.
 * values:  81 cell values (0 = open; values > 9 are treated as open);
 * cands:   81 candidate masks of the open cells (bits above the ninth are ignored);
 *          placed cells' masks are ignored on input and set to 0 on output;
 * hardest: if non-NULL, receives the hardest level used (-1 when none was);
 * passes:  if non-NULL, an array of L9_LEVELS counters, each incremented once per round
 *          in which its level made progress.
 * Returns 1 when every cell is filled, 0 when stuck, -1 on a contradiction.
 * Reentrant and thread-safe. */
int l9_continue(uint8_t *values, uint16_t *cands, int max_level, int *hardest, int *passes);

/* The easiest level <= max_level that would change the state (values and cands as for
 * l9_continue, left untouched), -1 when none would.  A contradictory state, or a level
 * that finds a contradiction, counts as changing it. */
int l9_probe(const uint8_t *values, const uint16_t *cands, int max_level);

/* The first single of a state (values and cands as for l9_continue), in the order the
 * Python finders report them.  kind 0: full house (houses 0..26, the one open cell of a
 * house, holding one candidate); 1: hidden single (boxes, rows, columns; digits in
 * order); 2: naked single (cells in order).  Returns 1 and sets cell, digit (1..9) and
 * house (-1 for a naked single), or 0 when there is none. */
int l9_single(const uint8_t *values, const uint16_t *cands, int kind, int *cell, int *digit,
              int *house);

#ifdef __cplusplus
}
#endif

#endif
