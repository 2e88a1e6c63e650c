/* Detectors of the wings family (see detect9.h).  Not written yet: every detector
 * answers 1 ("maybe"), so the solver runs the Python finders. */
#include "detect9.h"

int d9_xy_wing(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_xyz_wing(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_w_wing(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_wxyz_wing(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_remote_pair(const d9_state *s) {
    (void)s;
    return 1;
}
