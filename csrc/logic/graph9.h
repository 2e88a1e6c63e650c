/* The strong/weak link graph of a classic 9x9 pencilmark state as bitset rows: the graph
 * of shudu.logic.links.ChainGraph.build (without ALS nodes), made in C for the chain
 * search (chain.h), independent of Python. */
#ifndef SHUDU_GRAPH9_H
#define SHUDU_GRAPH9_H

#include <stddef.h>
#include <stdint.h>

#include "engine/board9.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which links the graph has (ChainGraph.build's options). */
enum {
    G9_CONJUGATE = 1,    /* strong: the two places of a digit in a house */
    G9_BIVALUE = 2,      /* strong: the two digits of a bivalue cell */
    G9_CELL_WEAK = 4,    /* weak: two digits of one cell */
    G9_ONLY_BIVALUE = 8, /* nodes: only the candidates of bivalue cells */
    G9_GROUPED = 16      /* nodes: also box/line groups, with their weak and strong links */
};

#define G9_BASE 729                  /* the first group node: 9 digits x 81 cells */
#define G9_MAX_GROUPS (9 * 54)       /* a group per digit and box/line intersection */
#define G9_MAX_NODES (G9_BASE + G9_MAX_GROUPS)
#define G9_MAX_WORDS ((G9_MAX_NODES + 63) / 64)

/* Box/line intersections in ChainGraph's order (per box: its rows, then its columns),
 * their box and line, and per house the intersections that cut it. */
typedef struct g9_inters {
    bb81 cells[54];
    uint8_t line[54], box[54];
    int8_t of_line_box[18][9]; /* intersection of a line and a box, or -1 */
} g9_inters;

/* A built graph.  Node k (candidate digit * 81 + cell below G9_BASE, group k - G9_BASE
 * above) has its rows at word k * words of strong, weak and conf: its strong partners,
 * its weak partners and the candidates it conflicts with (rows of nodes not in the graph
 * are zero).  nodes: the graph's nodes, one row. */
typedef struct g9_graph {
    int size;                         /* G9_BASE + ngroups */
    int words;                        /* 64-bit words per row: (size + 63) / 64 */
    int ngroups;
    bb81 group_cells[G9_MAX_GROUPS];  /* in ChainGraph's order: digit, then intersection */
    uint8_t group_digit[G9_MAX_GROUPS];  /* 0-based */
    uint64_t nodes[G9_MAX_WORDS];
    uint64_t *strong, *weak, *conf;   /* size * words words each, the caller's */
    /* what g9_layout works out for g9_links */
    int flags;
    g9_inters inters;
    bb81 dm[9], bival;               /* each digit's cells; the bivalue cells */
    int gidx[9 * 54];                /* the group node of a digit and intersection, or -1 */
} g9_graph;

/* The graph of the candidate masks (9 bits per cell; a solved cell holds 0) with the
 * links of flags (G9_*), in two steps so that the rows live where the caller wants them:
 * g9_layout fills the groups, size and words (and sets the row pointers to NULL); the
 * caller points strong, weak and conf at size * words zeroed words each, and g9_links
 * (the same masks) fills them. */
void g9_layout(const uint16_t masks[81], int flags, g9_graph *g);
void g9_links(const uint16_t masks[81], g9_graph *g);

#ifdef __cplusplus
}
#endif

#endif
