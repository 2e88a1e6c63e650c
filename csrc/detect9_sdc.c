/* Detector of Sue de Coq (see detect9.h).  Not written yet: it answers 1 ("maybe"), so
 * the solver runs the Python finder. */
#include "detect9.h"

int d9_sue_de_coq(const d9_state *s) {
    (void)s;
    return 1;
}
