/* Detectors for classic 9x9 pencilmark states: does a technique have an instance that
 * changes the state?
 *
 * Each detector answers for one technique of the Python solver (shudu.logic): it returns
 * 1 when that technique's Python finder would yield at least one step that places a digit
 * in an open cell or removes a candidate that is present, and 0 when it would not.  The
 * solver asks before running the (far slower) Python finders and skips the techniques
 * whose detector says 0, so a detector must never return 0 when the finder would find
 * something; returning 1 when it would not only costs time.  tests/test_detect9_*.py
 * compare every detector with its Python finder on thousands of states.
 */
#ifndef SHUDU_DETECT9_H
#define SHUDU_DETECT9_H

#include <stdint.h>

#include "engine/board9.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The techniques with a detector, as one list:
 *   X(ID, KEY, DETECT)
 * ID: the technique id's enum name (its value is its place in the list); KEY: the
 * technique key of shudu.logic (exported as _engine.DETECTORS, read by
 * shudu.logic.ladder9, which maps keys to ids); DETECT: the detector call d9_detect
 * evaluates on its state s. */
#define SHUDU_DETECTORS(X) \
    X(D9_FINNED_X_WING, "finned-x-wing", d9_finned_fish(s, 2, 0))                       \
    X(D9_SASHIMI_X_WING, "sashimi-x-wing", d9_finned_fish(s, 2, 1))                     \
    X(D9_FINNED_SWORDFISH, "finned-swordfish", d9_finned_fish(s, 3, 0))                 \
    X(D9_SASHIMI_SWORDFISH, "sashimi-swordfish", d9_finned_fish(s, 3, 1))               \
    X(D9_FINNED_JELLYFISH, "finned-jellyfish", d9_finned_fish(s, 4, 0))                 \
    X(D9_SASHIMI_JELLYFISH, "sashimi-jellyfish", d9_finned_fish(s, 4, 1))               \
    X(D9_XY_WING, "xy-wing", d9_xy_wing(s))                                             \
    X(D9_XYZ_WING, "xyz-wing", d9_xyz_wing(s))                                          \
    X(D9_W_WING, "w-wing", d9_w_wing(s))                                                \
    X(D9_WXYZ_WING, "wxyz-wing", d9_wxyz_wing(s))                                       \
    X(D9_REMOTE_PAIR, "remote-pair", d9_remote_pair(s))                                 \
    X(D9_SKYSCRAPER, "skyscraper", d9_skyscraper(s))                                    \
    X(D9_TWO_STRING_KITE, "two-string-kite", d9_two_string_kite(s))                     \
    X(D9_EMPTY_RECTANGLE, "empty-rectangle", d9_empty_rectangle(s))                     \
    X(D9_TURBOT_FISH, "turbot-fish", d9_turbot_fish(s))                                 \
    X(D9_DUAL_TWO_STRING_KITE, "dual-two-string-kite", d9_dual_two_string_kite(s))      \
    X(D9_DUAL_EMPTY_RECTANGLE, "dual-empty-rectangle", d9_dual_empty_rectangle(s))      \
    X(D9_UR_TYPE_1, "ur-type-1", d9_ur(s, 1))                                           \
    X(D9_UR_TYPE_2, "ur-type-2", d9_ur(s, 2))                                           \
    X(D9_UR_TYPE_3, "ur-type-3", d9_ur(s, 3))                                           \
    X(D9_UR_TYPE_4, "ur-type-4", d9_ur(s, 4))                                           \
    X(D9_UR_TYPE_5, "ur-type-5", d9_ur(s, 5))                                           \
    X(D9_UR_TYPE_6, "ur-type-6", d9_ur(s, 6))                                           \
    X(D9_AVOIDABLE_RECTANGLE_1, "avoidable-rectangle-1", d9_avoidable_rectangle(s, 1))  \
    X(D9_AVOIDABLE_RECTANGLE_2, "avoidable-rectangle-2", d9_avoidable_rectangle(s, 2))  \
    X(D9_HIDDEN_RECTANGLE, "hidden-rectangle", d9_hidden_rectangle(s))                  \
    X(D9_BUG_PLUS_1, "bug-plus-1", d9_bug_plus_1(s))                                    \
    X(D9_SUE_DE_COQ, "sue-de-coq", d9_sue_de_coq(s))                                    \
    X(D9_SIMPLE_COLORS_TRAP, "simple-colors-trap", d9_simple_colors(s, 0))              \
    X(D9_SIMPLE_COLORS_WRAP, "simple-colors-wrap", d9_simple_colors(s, 1))              \
    X(D9_MULTI_COLORS_1, "multi-colors-1", d9_multi_colors(s, 1))                       \
    X(D9_MULTI_COLORS_2, "multi-colors-2", d9_multi_colors(s, 2))                       \
    X(D9_MEDUSA_3D, "3d-medusa", d9_medusa(s))                                          \
    X(D9_X_CHAIN, "x-chain", d9_x_chain(s))                                             \
    X(D9_XY_CHAIN, "xy-chain", d9_xy_chain(s))                                          \
    X(D9_ALS_XZ, "als-xz", d9_als_xz(s))                                                \
    X(D9_ALS_XY_WING, "als-xy-wing", d9_als_xy_wing(s))                                 \
    X(D9_ALS_XY_CHAIN, "als-xy-chain", d9_als_xy_chain(s))                              \
    X(D9_DEATH_BLOSSOM, "death-blossom", d9_death_blossom(s))

/* Technique ids, in the order of SHUDU_DETECTORS. */
enum {
#define D9_ID(id, key, detect) id,
    SHUDU_DETECTORS(D9_ID)
#undef D9_ID
    D9_COUNT
};

/* A read-only classic 9x9 pencilmark state, built once per question (houses, cells and
 * bitboards as in board9.h). */
/* The rectangles a Unique Rectangle detector looks at (two rows, two columns, two boxes,
 * all four corners open), each with a pair of digits that one corner holds alone and
 * every corner holds: at most 486 rectangles, four pairs each. */
#define D9_MAX_RECTS (486 * 4)
typedef struct d9_rects {
    int ready, n;   /* ready: the list below is filled for the state */
    struct {
        uint8_t r1, r2, c1, c2;
        uint16_t ab;
    } item[D9_MAX_RECTS];
    /* fish[size - 2][sashimi]: whether the state has a finned (0) or sashimi (1) fish of
     * that size that removes something; -1 while not known (one search answers both) */
    signed char fish[3][2];
} d9_rects;

typedef struct d9_state {
    uint16_t c[81];       /* candidate mask of each open cell (bit d - 1 = digit d); 0 when placed */
    uint8_t v[81];        /* placed digit, 0 = open */
    uint8_t given[81];    /* 1 when the cell is a given (placed from the start) */
    uint16_t pos[9][27];  /* pos[d][h]: bit k set when cell B9_HOUSE[h][k] has candidate d + 1 */
    bb81 cells[9];        /* the open cells holding candidate d + 1 */
    d9_rects *rects;      /* NULL, or where the UR and fish detectors keep what they share */
} d9_state;

/* Fill a state from 81 values (0..9), 81 masks (9 bits; ignored for placed cells) and
 * 81 given flags (non-zero = given; NULL = none). */
void d9_build(d9_state *s, const uint8_t *values, const uint16_t *masks, const uint8_t *givens);

/* The detector of technique id (0 .. D9_COUNT - 1): 1 = would change the state. */
int d9_detect(const d9_state *s, int id);

/* The index in ids[0 .. n - 1] of the first technique that would change the state, or -1.
 * Ids outside 0 .. D9_COUNT - 1 count as "would change" (the caller then runs its finder). */
int d9_first(const d9_state *s, const uint8_t *ids, int n);

/* One detector per technique, grouped by family in detect9_<family>.c. */
int d9_finned_fish(const d9_state *s, int size, int sashimi); /* detect9_fish.c */
/* The digits (bit d - 1) that have such a fish: only their fish need looking for. */
unsigned d9_finned_fish_digits(const d9_state *s, int size, int sashimi);

/* Receives one finned or sashimi fish: its base and cover houses (rows 0-8, columns
 * 9-17; size each), its base cells, fins and eliminations.  A negative answer stops the
 * search. */
typedef int (*d9_fish_sink)(void *ctx, const int *base, const int *cover, int size, bb81 cells,
                            bb81 fins, bb81 elims);

/* Every finned and sashimi fish of `size` (2..4) of the digit whose cells are dm, with
 * rows (base_kind 0) or columns (1) as base, in the order shudu.logic.fish's Python
 * search yields them (detect9_fish.c).  Returns 0, or -1 on bad arguments or when the
 * sink stopped the search. */
int d9_finned_fish_list(bb81 dm, int size, int base_kind, d9_fish_sink sink, void *ctx);
int d9_xy_wing(const d9_state *s);                            /* detect9_wings.c */
int d9_xyz_wing(const d9_state *s);
int d9_w_wing(const d9_state *s);
int d9_wxyz_wing(const d9_state *s);
int d9_remote_pair(const d9_state *s);
int d9_skyscraper(const d9_state *s);                         /* detect9_patterns.c */
int d9_two_string_kite(const d9_state *s);
int d9_empty_rectangle(const d9_state *s);
int d9_turbot_fish(const d9_state *s);
int d9_dual_two_string_kite(const d9_state *s);
int d9_dual_empty_rectangle(const d9_state *s);
int d9_ur(const d9_state *s, int type);                       /* detect9_unique.c: 1..6 */
int d9_avoidable_rectangle(const d9_state *s, int type);      /* 1..2 */
int d9_hidden_rectangle(const d9_state *s);
int d9_bug_plus_1(const d9_state *s);
int d9_sue_de_coq(const d9_state *s);                          /* detect9_sdc.c */
int d9_simple_colors(const d9_state *s, int wrap);            /* detect9_colour.c */
int d9_multi_colors(const d9_state *s, int type);             /* 1..2 */
int d9_medusa(const d9_state *s);
int d9_x_chain(const d9_state *s);
int d9_xy_chain(const d9_state *s);
int d9_als_xz(const d9_state *s);                             /* detect9_als.c */
int d9_als_xy_wing(const d9_state *s);
int d9_als_xy_chain(const d9_state *s);
int d9_death_blossom(const d9_state *s);

/* Receive the almost locked sets of a state (d9_als_export), one call per set in the
 * order of shudu.logic.als.AlsIndex (size, then cell bitboard): its cells, digits (bit d
 * for digit d + 1), first house (rows 0-8, columns 9-17, boxes 18-26), and per digit
 * index its cells holding the digit and its target cells (cells outside the set holding
 * the digit and seeing every one of those; both empty for digits not in the set); then
 * every pair of sets with a restricted common candidate, once, in the order the Python
 * index first links them, with all their RCC digits.  A negative answer stops. */
typedef int (*d9_als_set_sink)(void *ctx, bb81 cells, unsigned digits, int house,
                               const bb81 *dcells, const bb81 *targ);
typedef int (*d9_als_pair_sink)(void *ctx, int i, int j, unsigned rcc);

/* The ALS index of a state through the two sinks.  Returns 1, 0 when the state holds
 * more sets or links than the fixed tables (nothing was sent), -1 when a sink stopped,
 * -2 when out of memory. */
int d9_als_export(const d9_state *s, d9_als_set_sink set_sink, d9_als_pair_sink pair_sink,
                  void *ctx);

/* A 9x9 grid's own houses (each of 9 cells, in the order of its geometry) and peers, for
 * grids beyond rows, columns and boxes (diagonals, extra regions, cages whose cells
 * differ). */
#define D9_ALS_MAX_HOUSES 64
typedef struct d9_als_geo {
    int nh;
    uint8_t house[D9_ALS_MAX_HOUSES][9];
    bb81 peer[81];
} d9_als_geo;

/* d9_als_export over the houses and peers of geo: the sets of AlsIndex on that grid (a
 * set's house is the first of geo's houses holding it). */
int d9_als_export_geo(const d9_state *s, const d9_als_geo *geo, d9_als_set_sink set_sink,
                      d9_als_pair_sink pair_sink, void *ctx);

/* The first ALS-XY-Wing shudu.logic.als.find_als_xy_wing yields: sets = the cells of A, B
 * and the pivot C, out = the RCC digit indices x (A-C) and y (B-C).  Returns 1, 0 when
 * there is none, -1 when the state holds more sets or links than the tables, -2 when out
 * of memory. */
int d9_als_xy_wing_first(const d9_state *s, bb81 *sets, int *out);

/* The first ALS-XZ shudu.logic.als.find_als_xz yields: sets = the cells of A and B, rcc =
 * their RCC digits (bit d for digit index d).  Returns as d9_als_xy_wing_first. */
int d9_als_xz_first(const d9_state *s, bb81 *sets, unsigned *rcc);
/* Both at once, from one index: the first ALS-XZ (into xz_sets, rcc; *xz_got 1 or 0) and
 * the first ALS-XY-Wing (the answer, as d9_als_xy_wing_first; *xz_got is set only when
 * the answer is 0 or 1). */
int d9_als_xz_wing_first(const d9_state *s, bb81 *xz_sets, unsigned *rcc, int *xz_got,
                         bb81 *wing_sets, int *out);

/* The first ALS-XY-Chain shudu.logic.als.find_als_xy_chain yields: sets = the cells of its
 * sets in chain order (room for 7), rcc = the RCC digit index of each link (room for 6), zmask = the
 * digits it eliminates (bit d for digit index d).  Returns the number of sets, 0 when
 * there is none, -1 when the state holds more sets, links or sets of eliminations than
 * the tables, -2 when out of memory. */
int d9_als_xy_chain_first(const d9_state *s, bb81 *sets, int *rcc, unsigned *zmask);

/* The rater's "direct" forms (detect9_direct.c): 1 when some instance of pointing (kind
 * 0), claiming (1), hidden pair (2) or hidden triple (3) removes a candidate and leaves
 * a hidden single where SE looks for it (another box of a pointing, another line of a
 * claiming's kind, the house of a hidden subset) once its eliminations are made; 1 for
 * any other kind. */
int d9_direct(const d9_state *s, int kind);

/* The first pointing (pointing = 1: a box's digit on one line, removed from the rest of
 * the line) or claiming (0: a line's digit in one box, removed from the rest of the box)
 * in the order of the Python finder (shudu.logic.intersections): houses a ascending, the
 * houses b crossing them ascending, digits ascending.  1 and (a, b, digit) when there is
 * one, else 0 (detect9_direct.c). */
int d9_first_locked(const d9_state *s, int pointing, int *first, int *second, int *digit);

/* A walk over the hidden subsets of a state: start it as D9_HIDDEN_WALK. */
typedef struct {
    int i, house, n;
    unsigned places[9];
    int digits[9];
    combo k;
} d9_hidden_walk;
#define D9_HIDDEN_WALK {-1, -1, 0, {0}, {0}, {{0}, 0, {0}}}

/* The next hidden subset of `size` (2..4) digits: `digits` (bit d - 1) confined to the
 * `size` cells `where` (positions) of `house`, in the Python search's order (boxes, rows,
 * columns; digits combined in order; the same cells and digits may come again from
 * another house); 1, or 0 when the walk is over (detect9_direct.c). */
int d9_hidden_next(const d9_state *s, int size, d9_hidden_walk *w, int *house,
                   unsigned *digits, unsigned *where);

#ifdef __cplusplus
}
#endif

#endif
