/* Detectors of the colour family (see detect9.h).  Not written yet: every detector
 * answers 1 ("maybe"), so the solver runs the Python finders. */
#include "detect9.h"

int d9_simple_colors(const d9_state *s, int wrap) {
    (void)s;
    (void)wrap;
    return 1;
}

int d9_multi_colors(const d9_state *s, int type) {
    (void)s;
    (void)type;
    return 1;
}

int d9_medusa(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_x_chain(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_xy_chain(const d9_state *s) {
    (void)s;
    return 1;
}
