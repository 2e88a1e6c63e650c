/* Detectors of the patterns family (see detect9.h).  Not written yet: every detector
 * answers 1 ("maybe"), so the solver runs the Python finders. */
#include "detect9.h"

int d9_skyscraper(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_two_string_kite(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_empty_rectangle(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_turbot_fish(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_dual_two_string_kite(const d9_state *s) {
    (void)s;
    return 1;
}

int d9_dual_empty_rectangle(const d9_state *s) {
    (void)s;
    return 1;
}
