/* Detectors for classic 9x9 pencilmark states: the state and the
 * dispatcher (see detect9.h).  The detectors themselves live in detect9_<family>.c. */
#include "detect9.h"

#include <string.h>

void d9_build(d9_state *s, const uint8_t *values, const uint16_t *masks, const uint8_t *givens) {
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 81; i++) {
        uint8_t v = values[i] <= 9 ? values[i] : 0;
        s->v[i] = v;
        s->given[i] = (uint8_t)(givens && givens[i] ? 1 : 0);
        s->c[i] = v ? 0 : (uint16_t)(masks[i] & 0x1FFu);
    }
    b9_positions(s->c, s->v, s->pos, NULL);
    for (int i = 0; i < 81; i++) {
        unsigned m = s->c[i];
        while (m) {
            int d = __builtin_ctz(m);
            m &= m - 1;
            bb_set(&s->cells[d], i);
        }
    }
}

int d9_detect(const d9_state *s, int id) {
    switch (id) {
    case D9_FINNED_X_WING: return d9_finned_fish(s, 2, 0);
    case D9_SASHIMI_X_WING: return d9_finned_fish(s, 2, 1);
    case D9_FINNED_SWORDFISH: return d9_finned_fish(s, 3, 0);
    case D9_SASHIMI_SWORDFISH: return d9_finned_fish(s, 3, 1);
    case D9_FINNED_JELLYFISH: return d9_finned_fish(s, 4, 0);
    case D9_SASHIMI_JELLYFISH: return d9_finned_fish(s, 4, 1);
    case D9_XY_WING: return d9_xy_wing(s);
    case D9_XYZ_WING: return d9_xyz_wing(s);
    case D9_W_WING: return d9_w_wing(s);
    case D9_WXYZ_WING: return d9_wxyz_wing(s);
    case D9_REMOTE_PAIR: return d9_remote_pair(s);
    case D9_SKYSCRAPER: return d9_skyscraper(s);
    case D9_TWO_STRING_KITE: return d9_two_string_kite(s);
    case D9_EMPTY_RECTANGLE: return d9_empty_rectangle(s);
    case D9_TURBOT_FISH: return d9_turbot_fish(s);
    case D9_DUAL_TWO_STRING_KITE: return d9_dual_two_string_kite(s);
    case D9_DUAL_EMPTY_RECTANGLE: return d9_dual_empty_rectangle(s);
    case D9_UR_TYPE_1: return d9_ur(s, 1);
    case D9_UR_TYPE_2: return d9_ur(s, 2);
    case D9_UR_TYPE_3: return d9_ur(s, 3);
    case D9_UR_TYPE_4: return d9_ur(s, 4);
    case D9_UR_TYPE_5: return d9_ur(s, 5);
    case D9_UR_TYPE_6: return d9_ur(s, 6);
    case D9_AVOIDABLE_RECTANGLE_1: return d9_avoidable_rectangle(s, 1);
    case D9_AVOIDABLE_RECTANGLE_2: return d9_avoidable_rectangle(s, 2);
    case D9_HIDDEN_RECTANGLE: return d9_hidden_rectangle(s);
    case D9_BUG_PLUS_1: return d9_bug_plus_1(s);
    case D9_SUE_DE_COQ: return d9_sue_de_coq(s);
    case D9_SIMPLE_COLORS_TRAP: return d9_simple_colors(s, 0);
    case D9_SIMPLE_COLORS_WRAP: return d9_simple_colors(s, 1);
    case D9_MULTI_COLORS_1: return d9_multi_colors(s, 1);
    case D9_MULTI_COLORS_2: return d9_multi_colors(s, 2);
    case D9_MEDUSA_3D: return d9_medusa(s);
    case D9_X_CHAIN: return d9_x_chain(s);
    case D9_XY_CHAIN: return d9_xy_chain(s);
    case D9_ALS_XZ: return d9_als_xz(s);
    case D9_ALS_XY_WING: return d9_als_xy_wing(s);
    case D9_ALS_XY_CHAIN: return d9_als_xy_chain(s);
    case D9_DEATH_BLOSSOM: return d9_death_blossom(s);
    default: return 1;
    }
}

int d9_first(const d9_state *s, const uint8_t *ids, int n) {
    for (int i = 0; i < n; i++)
        if (d9_detect(s, ids[i])) return i;
    return -1;
}
