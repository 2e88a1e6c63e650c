/* Chain search over a link graph of candidate nodes: the closure behind the AIC search of
 * shudu.logic.chains (ChainGraph.closure_false, _aic_found), independent of Python. */
#ifndef SHUDU_CHAIN_H
#define SHUDU_CHAIN_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Receives one chain-end pair: a, b (node indices), least (the fewest links from "a
 * false" to "b true"), count (the number of common conflicts) and elims (the common
 * conflicts, one row of `words` 64-bit words, little-endian).  A non-zero return stops
 * the search, which then returns that value. */
typedef int (*ch_pair_fn)(void *ctx, ptrdiff_t a, ptrdiff_t b, int least, int count,
                          const uint8_t *elims);

/* The chain ends of shudu.logic.chains._aic_found, in its order.
 * strong, weak, conf: one little-endian bitset of `words` 64-bit words per node (node
 * k's row at bytes 8 * words * k): its strong links, its weak links, the candidates it
 * conflicts with (bits at or past `nodes` are ignored); starts: one row, the nodes to
 * start from; base: the first group node; cells: cells per digit (nodes below base are
 * digit * cells + cell).  For each start a (ascending) whose closure makes false
 * something it conflicts with (or any start when complete is 0), every b that a's
 * closure makes true, b != a, whose conflicts meet a's, unless the pair came up before
 * from b or both ends lie in one cell, is passed to emit.
 * closures: NULL, or two rows per node that receive the T and F rows of every start's
 * closure: alternately, the strong partners of the nodes made false become true and the
 * weak partners of the nodes made true become false (F includes the start).
 * words: 1 .. 1024.  Returns 0 when done, -1 when out of memory, or emit's non-zero
 * return value. */
int ch_aic_pairs(const uint8_t *strong, const uint8_t *weak, const uint8_t *conf,
                 const uint8_t *starts, ptrdiff_t words, ptrdiff_t nodes, ptrdiff_t base,
                 ptrdiff_t cells, int complete, uint8_t *closures, ch_pair_fn emit, void *ctx);

/* Every node's closures (shudu.logic.links.ChainGraph.closure_false and closure_true) over
 * the rows of ch_aic_pairs.  false_rows, true_rows: two rows per node (T, then F) for
 * "node false" and "node true" (zero for nodes not in starts); eliminable: one row, the
 * union over the starts a of a's conflicts made false by "a false"; clash_false,
 * clash_true: one row each, the starts whose closure makes some node both true and
 * false.  "a true" makes a true and its weak partners false, with their closures.
 * weak_return: one row, the starts a with a weak partner y such that "y false" makes a
 * false (a discontinuous nice loop's weak-weak end).  With `given` non-zero, false_rows
 * already holds the "a false" closures of every start (as ch_aic_pairs stores them) and
 * is only read.
 * Returns 0, or -1 when out of memory. */
int ch_closures(const uint8_t *strong, const uint8_t *weak, const uint8_t *conf,
                const uint8_t *starts, ptrdiff_t words, ptrdiff_t nodes, uint8_t *false_rows,
                int given, uint8_t *true_rows, uint8_t *eliminable, uint8_t *clash_false,
                uint8_t *clash_true, uint8_t *weak_return);

/* The candidate nodes a (a < base, node = digit * cells + cell) whose "a false" closure
 * (row 2a of false_rows, as ch_closures makes them) makes a itself true, or another
 * candidate of a's cell above a (a discontinuous nice loop's set or strong end): one row
 * (words 64-bit words) to out. */
void ch_loop_starts(const uint8_t *false_rows, ptrdiff_t words, ptrdiff_t nodes,
                    ptrdiff_t base, ptrdiff_t cells, uint8_t *out);

/* Breadth-first parents of the literals (2 * node + truth; truth 1 = "node true") reached
 * from literal lit over the rows of ch_aic_pairs (ChainGraph.parents): a false node makes
 * its strong partners true, a true node its weak partners false; nodes of the row
 * `banned` are never entered; the start node may be reached again but is not expanded.
 * parent: 2 * nodes entries, each the literal it was first derived from, -1 for lit,
 * -2 when not reached.  Returns 0, or -1 when out of memory. */
int ch_parents(const uint8_t *strong, const uint8_t *weak, ptrdiff_t words, ptrdiff_t nodes,
               ptrdiff_t lit, const uint8_t *banned, int32_t *parent);

#ifdef __cplusplus
}
#endif

#endif
