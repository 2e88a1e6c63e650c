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

#include "board9.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Technique ids; the Python side maps registry keys to them (shudu.logic.ladder9). */
enum {
    D9_FINNED_X_WING = 0,
    D9_SASHIMI_X_WING,
    D9_FINNED_SWORDFISH,
    D9_SASHIMI_SWORDFISH,
    D9_FINNED_JELLYFISH,
    D9_SASHIMI_JELLYFISH,
    D9_XY_WING,
    D9_XYZ_WING,
    D9_W_WING,
    D9_WXYZ_WING,
    D9_REMOTE_PAIR,
    D9_SKYSCRAPER,
    D9_TWO_STRING_KITE,
    D9_EMPTY_RECTANGLE,
    D9_TURBOT_FISH,
    D9_DUAL_TWO_STRING_KITE,
    D9_DUAL_EMPTY_RECTANGLE,
    D9_UR_TYPE_1,
    D9_UR_TYPE_2,
    D9_UR_TYPE_3,
    D9_UR_TYPE_4,
    D9_UR_TYPE_5,
    D9_UR_TYPE_6,
    D9_AVOIDABLE_RECTANGLE_1,
    D9_AVOIDABLE_RECTANGLE_2,
    D9_HIDDEN_RECTANGLE,
    D9_BUG_PLUS_1,
    D9_SUE_DE_COQ,
    D9_SIMPLE_COLORS_TRAP,
    D9_SIMPLE_COLORS_WRAP,
    D9_MULTI_COLORS_1,
    D9_MULTI_COLORS_2,
    D9_MEDUSA_3D,
    D9_X_CHAIN,
    D9_XY_CHAIN,
    D9_ALS_XZ,
    D9_ALS_XY_WING,
    D9_ALS_XY_CHAIN,
    D9_DEATH_BLOSSOM,
    D9_COUNT
};

/* A read-only classic 9x9 pencilmark state, built once per question (houses, cells and
 * bitboards as in board9.h). */
typedef struct d9_state {
    uint16_t c[81];       /* candidate mask of each open cell (bit d - 1 = digit d); 0 when placed */
    uint8_t v[81];        /* placed digit, 0 = open */
    uint8_t given[81];    /* 1 when the cell is a given (placed from the start) */
    uint16_t pos[9][27];  /* pos[d][h]: bit k set when cell B9_HOUSE[h][k] has candidate d + 1 */
    bb81 cells[9];        /* the open cells holding candidate d + 1 */
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

#ifdef __cplusplus
}
#endif

#endif
