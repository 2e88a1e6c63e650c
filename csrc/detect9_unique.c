/* Detectors of the unique family (see detect9.h).  Not written yet: every detector
 * answers 1 ("maybe"), so the solver runs the Python finders. */
#include "detect9.h"

int d9_ur(const d9_state *s, int type) {
    (void)s;
    (void)type;
    return 1;
}

int d9_avoidable_rectangle(const d9_state *s, int type) {
    (void)s;
    (void)type;
    return 1;
}

int d9_hidden_rectangle(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_bug_plus_1(const d9_state *s) {
    (void)s;
    return 1;
}
