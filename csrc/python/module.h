/* Shared pieces of the CPython glue of shudu._engine: the argument helpers of module.c and
 * the entry points that py_solve.c and py_logic.c give the method table. */
#ifndef SHUDU_MODULE_H
#define SHUDU_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#define MAX_N 25
#define MAX_THREADS 256
#define MAX_LIMIT 1000000000L /* most solutions one search counts */

/* module.c: symbols and arguments */
extern uint8_t MAP9[256];      /* bytes: raw values or symbols */
extern uint8_t MAP9_TEXT[256]; /* str: symbols only */
/* The ints 0..511 (every candidate mask), made once: most masks are above the small-int
 * cache, and the logic entry points return 81 of them per call. */
extern PyObject *MASK_INTS;
void build_symbol_map(int n, uint8_t map[256]);
void build_text_map(int n, uint8_t map[256]);
Py_ssize_t convert(const uint8_t *src, Py_ssize_t len, const uint8_t *map, uint8_t *dst);
PyObject *bad_symbol(Py_ssize_t pos, int cell_count, int symbol);
int read_puzzle(PyObject *obj, int ncells, const uint8_t *map, const uint8_t *text_map,
                uint8_t *out);
int parse_seed(PyObject *seed_obj, uint64_t *state, uint64_t **rng);
int check_limit(long limit);
int read_int_range(PyObject *obj, long lo, long hi, const char *what, long *out);
int read_limit(PyObject *obj, long *limit);
int read_timeout(PyObject *obj, double *out);
extern unsigned long MAIN_THREAD; /* ident of the thread that sees Ctrl-C */

/* py_solve.c: solving, counting and batches */
extern PyTypeObject RulesType;
extern PyTypeObject EnumType;
PyObject *py_solve9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_has_conflict9(PyObject *self, PyObject *arg);
PyObject *py_search(PyObject *self, PyObject *args);
PyObject *py_nested_refute(PyObject *self, PyObject *args);
PyObject *py_batch(PyObject *self, PyObject *args);

/* py_logic.c: the 9x9 ladder, the detectors, the chain search and the cage trials */
PyObject *py_ktrial9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_ktrial9_cuts(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_state(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_probe(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_single(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_direct(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_locked(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_naked_subsets(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_hidden_subsets(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_trios(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_singles(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_hidden_singles(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_fish_digits(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_finned_fish(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_fish_any(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_als_index(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_als_wing(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_als_xz_wing(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_als_xz(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_als_chain(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_logic9_detect(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_aic_pairs(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_chain_closures(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_chain_loop_starts(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_chain_verity(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_sum_supports(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_msls9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_chain_parents(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_chain_graph9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_net_geometry(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_net_propagate(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_net_root(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_net_propagate2(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_net_first_broken(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_net_explain(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_aligned9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_uloop9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_nishio9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_sechain9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_sechain9_forget(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_sestatic9(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
int add_technique_ids(PyObject *m);

#endif
