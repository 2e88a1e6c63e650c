/* Detectors of the als family (see detect9.h).  Not written yet: every detector
 * answers 1 ("maybe"), so the solver runs the Python finders. */
#include "detect9.h"

int d9_als_xz(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_als_xy_wing(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_als_xy_chain(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_death_blossom(const d9_state *s) {
    (void)s;
    return 1;
}
