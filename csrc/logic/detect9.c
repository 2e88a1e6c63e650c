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
            int d = sd_ctz32(m);
            m &= m - 1;
            bb_set(&s->cells[d], i);
        }
    }
}

int d9_detect(const d9_state *s, int id) {
    switch (id) {
#define D9_CASE(id, key, detect) \
    case id: return detect;
        SHUDU_DETECTORS(D9_CASE)
#undef D9_CASE
    default: return 1;
    }
}

int d9_first(const d9_state *s, const uint8_t *ids, int n) {
    /* the Unique Rectangle detectors share the state's rectangles, listed once, and the
     * finned and sashimi fish of a size one search */
    d9_rects rects;
    rects.ready = 0;
    memset(rects.fish, -1, sizeof rects.fish);
    d9_state view = *s;
    view.rects = &rects;
    for (int i = 0; i < n; i++)
        if (d9_detect(&view, ids[i])) return i;
    return -1;
}
