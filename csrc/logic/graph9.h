/* The strong/weak link graph of a 9x9 pencilmark state as bitset rows: the graph of
 * shudu.logic.links.ChainGraph.build (without ALS nodes nor constraint labels), made in
 * C for the chain search (chain.h), independent of Python.  The grid is classic (rows,
 * columns, boxes) or any 9x9 grid given by its houses and peers (g9_geo). */
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
#define G9_CAND_WORDS 12             /* 64-bit words of a row of the 729 candidates */
#define G9_MAX_HOUSES 64
#define G9_MAX_INTERS (9 * 18)       /* a box/line intersection per box and line at most */
#define G9_MAX_GROUPS (9 * G9_MAX_INTERS) /* a group per digit and intersection */
#define G9_MAX_NODES (G9_BASE + G9_MAX_GROUPS)
#define G9_MAX_WORDS ((G9_MAX_NODES + 63) / 64)

/* A 9x9 grid beyond rows, columns and boxes: its houses (the first 27 its rows, columns
 * and boxes or regions, as shudu's Rules.houses orders them; the others diagonals,
 * windows, cages of nine cells ...) and each cell's peers. */
typedef struct g9_geo {
    int nh;                          /* 27 .. G9_MAX_HOUSES */
    bb81 house[G9_MAX_HOUSES];
    bb81 peer[81];
} g9_geo;

/* Box/line intersections of two cells or more in ChainGraph's order (per box: the rows,
 * then the columns), and per house of the first 27 its cuts (a line: by boxes; a box: by
 * rows, then by columns), each cut as its segments (the house's nonempty meets with the
 * boxes, rows or columns) with the intersection each segment is (-1: a single cell). */
typedef struct g9_inters {
    int count;
    bb81 cells[G9_MAX_INTERS];
    uint8_t nseg[27][2];
    bb81 seg[27][2][9];
    int16_t seg_inter[27][2][9];
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
    /* constraint weak links (or NULL): 729 rows of G9_CAND_WORDS 64-bit words (in the
     * byte order of the rows), at any alignment: row i's bits join candidate i to the
     * candidates (below G9_BASE) that a constraint forbids with it, kept where both are
     * nodes.  Set by the caller. */
    const unsigned char *extra_weak;
    /* what g9_layout works out for g9_links */
    int flags;
    g9_inters inters;
    bb81 house[G9_MAX_HOUSES], peer[81];
    int nh;
    uint8_t ncell_houses[81], cell_houses[81][G9_MAX_HOUSES];
    bb81 dm[9], bival;               /* each digit's cells; the bivalue cells */
    int gidx[9 * G9_MAX_INTERS];     /* the group node of a digit and intersection, or -1 */
} g9_graph;

/* The graph of the candidate masks (9 bits per cell; a solved cell holds 0) with the
 * links of flags (G9_*), on the grid geo (NULL: rows, columns and boxes), in two steps so
 * that the rows live where the caller wants them: g9_layout fills the groups, size and
 * words (and sets the row pointers and extra_weak to NULL); the caller points strong,
 * weak and conf at size * words zeroed words each (and may set extra_weak), and g9_links
 * (the same masks) fills them. */
void g9_layout(const uint16_t masks[81], int flags, const g9_geo *geo, g9_graph *g);
void g9_links(const uint16_t masks[81], g9_graph *g);

#ifdef __cplusplus
}
#endif

#endif
