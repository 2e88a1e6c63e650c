/* CPython glue for the shudu solving engine: module shudu._engine (module init, method
 * table, shared argument helpers; the entry points live in py_solve.c and py_logic.c).
 *
 * Every value that reaches the C solvers is checked in the glue first: puzzle length,
 * symbols, digit range and the consistency of rule tables.  The solvers themselves then run with
 * the GIL released, on private copies of the input, so nothing another Python thread
 * does to the caller's buffers can reach them.
 */
#include "module.h"

#include <string.h>

#include "common.h"
#include "engine/solve9.h"

/* ------------------------------------------------------------------------ symbols */

/* Map of input byte -> cell value for a size n; 0xFF marks a byte that is not allowed.
 * Accepted: raw values 0..n, '1'-'9' then 'A'-'P' / 'a'-'p' (10..25) up to n, and the
 * blanks '0' . x X * - _ . */
void build_symbol_map(int n, uint8_t map[256]) {
    memset(map, 0xFF, 256);
    for (int v = 0; v <= n; v++) map[v] = (uint8_t)v;
    map['0'] = map['.'] = map['x'] = map['X'] = map['*'] = map['-'] = map['_'] = 0;
    for (int v = 1; v <= n && v <= 9; v++) map['0' + v] = (uint8_t)v;
    for (int v = 10; v <= n; v++) {
        map['A' + v - 10] = (uint8_t)v;
        map['a' + v - 10] = (uint8_t)v;
    }
}

uint8_t MAP9[256];
uint8_t MAP9_TEXT[256];

void build_text_map(int n, uint8_t map[256]) {
    build_symbol_map(n, map);
    for (int v = 0; v <= n; v++)
        if (v < '*') map[v] = 0xFF;
}

/* Convert `len` bytes through `map` into dst; returns index of the first bad byte or -1. */
Py_ssize_t convert(const uint8_t *src, Py_ssize_t len, const uint8_t *map, uint8_t *dst) {
    for (Py_ssize_t i = 0; i < len; i++) {
        uint8_t v = map[src[i]];
        if (v == 0xFF) return i;
        dst[i] = v;
    }
    return -1;
}

PyObject *bad_symbol(Py_ssize_t pos, int cell_count, int symbol) {
    Py_ssize_t puzzle = pos / cell_count, cell = pos % cell_count;
    PyErr_Format(PyExc_ValueError,
                 "puzzle %zd, cell %zd: expected a digit or a blank, found byte %d",
                 puzzle + 1, cell + 1, symbol);
    return NULL;
}

/* Read one puzzle argument (str of ASCII, or bytes-like) into `out` (n*n values). */
int read_puzzle(PyObject *obj, int ncells, const uint8_t *map, const uint8_t *text_map,
                       uint8_t *out) {
    if (PyUnicode_Check(obj)) {
        map = text_map;
        if (PyUnicode_GET_LENGTH(obj) != ncells || !PyUnicode_IS_ASCII(obj)) {
            PyErr_Format(PyExc_ValueError, "expected %d ASCII cells", ncells);
            return -1;
        }
        const uint8_t *src = PyUnicode_1BYTE_DATA(obj);
        Py_ssize_t bad = convert(src, ncells, map, out);
        if (bad >= 0) {
            bad_symbol(bad, ncells, src[bad]);
            return -1;
        }
        return 0;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    int rc = 0;
    if (view.len != ncells) {
        PyErr_Format(PyExc_ValueError, "expected %d cells, got %zd", ncells, view.len);
        rc = -1;
    } else {
        Py_ssize_t bad = convert((const uint8_t *)view.buf, ncells, map, out);
        if (bad >= 0) {
            bad_symbol(bad, ncells, ((const uint8_t *)view.buf)[bad]);
            rc = -1;
        }
    }
    PyBuffer_Release(&view);
    return rc;
}

/* A seed: any int that fits 64 bits, signed or unsigned (-2**63 .. 2**64-1). */
int parse_seed(PyObject *seed_obj, uint64_t *state, uint64_t **rng) {
    *rng = NULL;
    if (seed_obj == NULL || seed_obj == Py_None) return 0;
    if (!PyLong_Check(seed_obj) || PyBool_Check(seed_obj)) {
        PyErr_Format(PyExc_TypeError, "seed must be an int or None, not %s",
                     Py_TYPE(seed_obj)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long signed_seed = PyLong_AsLongLongAndOverflow(seed_obj, &overflow);
    if (signed_seed == -1 && PyErr_Occurred()) return -1;
    uint64_t seed = (uint64_t)signed_seed;
    if (overflow > 0) {
        unsigned long long big = PyLong_AsUnsignedLongLong(seed_obj);
        if (big == (unsigned long long)-1 && PyErr_Occurred()) overflow = 2;
        else seed = (uint64_t)big;
    }
    if (overflow < 0 || overflow == 2) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "seed must be an int from -2**63 to 2**64-1");
        return -1;
    }
    *state = sd_seed(seed);
    *rng = state;
    return 0;
}

int check_limit(long limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "limit must be an int from 1 to 10**9");
        return -1;
    }
    return 0;
}

/* An int argument in lo..hi: a ValueError naming the range for any other int (however
 * big), a TypeError for what is not an int. */
int read_int_range(PyObject *obj, long lo, long hi, const char *what, long *out) {
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %s", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be an int from %ld to %ld", what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int read_limit(PyObject *obj, long *limit) {
    if (read_int_range(obj, 1, MAX_LIMIT, "limit", limit) < 0) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            check_limit(0);
        }
        return -1;
    }
    return 0;
}

/* Seconds a search may take: a number >= 0 (0 or inf: no bound), never NaN. */
int read_timeout(PyObject *obj, double *out) {
    double t = PyFloat_AsDouble(obj);
    if (t == -1.0 && PyErr_Occurred()) return -1;
    if (!(t >= 0.0)) {
        PyErr_SetString(PyExc_ValueError, "timeout must be a number of seconds >= 0 (0: no bound)");
        return -1;
    }
    *out = t;
    return 0;
}

unsigned long MAIN_THREAD; /* filled by PyInit__engine */

PyObject *MASK_INTS; /* filled by PyInit__engine */

/* ------------------------------------------------------------------------ module */

/* An int beyond what an entry point's C types hold is a ValueError, as any other number
 * out of range, never an OverflowError: every METH_FASTCALL entry point goes through this. */
static PyObject *no_overflow(PyObject *result) {
    if (!result && PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_Format(PyExc_ValueError, "a number is out of range (%S)", value ? value : Py_None);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
    }
    return result;
}

#define CHECKED(name)                                                                      \
    static PyObject *checked_##name(PyObject *self, PyObject *const *args, Py_ssize_t n) { \
        return no_overflow(name(self, args, n));                                           \
    }
CHECKED(py_solve9)
CHECKED(py_logic9)
CHECKED(py_logic9_state)
CHECKED(py_logic9_probe)
CHECKED(py_logic9_single)
CHECKED(py_logic9_locked)
CHECKED(py_logic9_naked_subsets)
CHECKED(py_logic9_hidden_subsets)
CHECKED(py_logic9_trios)
CHECKED(py_logic9_singles)
CHECKED(py_logic9_hidden_singles)
CHECKED(py_logic9_direct)
CHECKED(py_aic_pairs)
CHECKED(py_net_explain)
CHECKED(py_chain_closures)
CHECKED(py_chain_loop_starts)
CHECKED(py_chain_verity)
CHECKED(py_sum_supports)
CHECKED(py_msls9)
CHECKED(py_chain_parents)
CHECKED(py_chain_graph9)
CHECKED(py_logic9_finned_fish)
CHECKED(py_logic9_fish_any)
CHECKED(py_logic9_als_index)
CHECKED(py_logic9_als_wing)
CHECKED(py_logic9_als_xz_wing)
CHECKED(py_logic9_als_xz)
CHECKED(py_logic9_als_chain)
CHECKED(py_logic9_fish_digits)
CHECKED(py_logic9_detect)
CHECKED(py_net_geometry)
CHECKED(py_net_propagate)
CHECKED(py_net_root)
CHECKED(py_net_propagate2)
CHECKED(py_net_first_broken)
CHECKED(py_aligned9)
CHECKED(py_uloop9)
CHECKED(py_nishio9)
CHECKED(py_sechain9)
CHECKED(py_sechain9_forget)
CHECKED(py_sestatic9)
CHECKED(py_ktrial9)
CHECKED(py_ktrial9_cuts)

static PyMethodDef methods[] = {
    {"solve9", (PyCFunction)(void (*)(void))checked_py_solve9, METH_FASTCALL,
     "solve9(puzzle, limit=1, seed=None, timeout=0.0, stop=None) -> (count, solution|None, "
     "guesses, nodes); count -2 when the timeout passed or stop[0] was set"},
    {"logic9", (PyCFunction)(void (*)(void))checked_py_logic9, METH_FASTCALL,
     "logic9(cells, max_level) -> (solved, hardest_level, candidate masks): 9x9 logic with "
     "techniques up to max_level (0 hidden single ... 12 hidden quad)"},
    {"logic9_state", (PyCFunction)(void (*)(void))checked_py_logic9_state, METH_FASTCALL,
     "logic9_state(values, masks, max_level) -> (status, hardest_level, passes, values, "
     "masks): go on from a 9x9 pencilmark state with techniques up to max_level"},
    {"logic9_probe", (PyCFunction)(void (*)(void))checked_py_logic9_probe, METH_FASTCALL,
     "logic9_probe(values, masks) -> the easiest level of the 9x9 C ladder that would change "
     "the state, or -1"},
    {"logic9_single", (PyCFunction)(void (*)(void))checked_py_logic9_single, METH_FASTCALL,
     "logic9_single(values, masks, kind) -> (cell, digit, house) of the first full house (0), "
     "hidden single (1) or naked single (2), or None"},
    {"logic9_locked", (PyCFunction)(void (*)(void))checked_py_logic9_locked, METH_FASTCALL,
     "logic9_locked(values, masks, pointing) -> (first house, second house, digit) of the "
     "first pointing (or claiming) in the Python finder's order, or None"},
    {"logic9_naked_subsets", (PyCFunction)(void (*)(void))checked_py_logic9_naked_subsets, METH_FASTCALL,
     "logic9_naked_subsets(values, masks, size) -> [(cells, digits, house, common, "
     "eliminations, locked)]: every naked subset that eliminates something, in the Python "
     "search's order"},
    {"logic9_hidden_subsets", (PyCFunction)(void (*)(void))checked_py_logic9_hidden_subsets,
     METH_FASTCALL,
     "logic9_hidden_subsets(values, masks, size) -> [(house, cells, digits)]: every hidden "
     "subset that eliminates something, in the Python search's order"},
    {"logic9_trios", (PyCFunction)(void (*)(void))checked_py_logic9_trios, METH_FASTCALL,
     "logic9_trios(values, masks) -> for each pair of bands and pair of stacks, the digit "
     "trios at least nine open cells of those four boxes fit in (tridagon candidates)"},
    {"logic9_singles", (PyCFunction)(void (*)(void))checked_py_logic9_singles, METH_FASTCALL,
     "logic9_singles(values, masks) -> [(kind, cell, digit, house), ...]: the singles found "
     "one after another (each the first full house, else hidden, else naked single, placed "
     "before the next) while only singles apply"},
    {"logic9_hidden_singles", (PyCFunction)(void (*)(void))checked_py_logic9_hidden_singles,
     METH_FASTCALL,
     "logic9_hidden_singles(values, masks) -> [(kind, cell, digit, house), ...]: every digit "
     "with one place in a house, in houses with one open cell (0), other boxes (1), other "
     "lines (2)"},
    {"logic9_direct", (PyCFunction)(void (*)(void))checked_py_logic9_direct, METH_FASTCALL,
     "logic9_direct(values, masks, kind) -> whether a pointing (0), claiming (1), hidden "
     "pair (2) or hidden triple (3) removes a candidate and leaves a hidden single"},
    {"aic_pairs", (PyCFunction)(void (*)(void))checked_py_aic_pairs, METH_FASTCALL,
     "aic_pairs(strong, weak, conf, words, nodes, base, cells, complete) -> [(a, b, least, "
     "count, elims)]: the chain ends an AIC search looks at, in order"},
    {"net_explain", (PyCFunction)(void (*)(void))checked_py_net_explain, METH_FASTCALL,
     "net_explain(geometry, dm, place_cell, place_digit, remove) -> (events, outcome, at, "
     "digit): why the plain net of one assumption does what it does"},
    {"chain_closures", (PyCFunction)(void (*)(void))checked_py_chain_closures, METH_FASTCALL,
     "chain_closures(strong, weak, conf, words, nodes[, false_rows]) -> (false_rows, "
     "true_rows, eliminable, clash_false, clash_true, weak_return): every node's closures "
     "over a link graph (the false ones read from false_rows when given)"},
    {"chain_loop_starts", (PyCFunction)(void (*)(void))checked_py_chain_loop_starts,
     METH_FASTCALL,
     "chain_loop_starts(false_rows, words, base, cells) -> row: the candidates whose false "
     "closure makes them, or a later candidate of their cell, true"},
    {"chain_verity", (PyCFunction)(void (*)(void))checked_py_chain_verity, METH_FASTCALL,
     "chain_verity(true_rows, words, present, sets) -> [(k, T, F)]: what every branch of "
     "each branch set implies (the AND of their true closures)"},
    {"sum_supports", (PyCFunction)(void (*)(void))checked_py_sum_supports, METH_FASTCALL,
     "sum_supports(total, masks, links, signs) -> the digits each cell of a signed sum "
     "takes in some filling, or () when none"},
    {"msls9", (PyCFunction)(void (*)(void))checked_py_msls9, METH_FASTCALL,
     "msls9(values, masks, min_cells, limit) -> [(rows, cols)]: multi-sector locked sets "
     "over rows and columns of a 9x9 pencilmark state"},
    {"chain_parents", (PyCFunction)(void (*)(void))checked_py_chain_parents, METH_FASTCALL,
     "chain_parents(strong, weak, words, lit, banned) -> int32 parents of the literals "
     "reached breadth first from lit"},
    {"chain_graph9", (PyCFunction)(void (*)(void))checked_py_chain_graph9, METH_FASTCALL,
     "chain_graph9(values, masks, flags[, houses, peers, weak]) -> (words, nodes, strong, "
     "weak, conf, group_cells, group_digits): the link graph of a 9x9 pencilmark state as "
     "bitset rows (over the given houses and peers, with the given constraint weak links)"},
    {"logic9_finned_fish", (PyCFunction)(void (*)(void))checked_py_logic9_finned_fish, METH_FASTCALL,
     "logic9_finned_fish(cells, size, base_kind) -> the finned and sashimi fish of one digit "
     "of a classic 9x9 grid, as shudu.logic.fish's search yields them."},
    {"logic9_fish_any", (PyCFunction)(void (*)(void))checked_py_logic9_fish_any, METH_FASTCALL,
     "logic9_fish_any(cells, size, base_kind, peers, max_fins) -> whether a finned fish of one digit "
     "of a 9x9 grid of any geometry may have an elimination (else the search finds none)."},
    {"logic9_als_index", (PyCFunction)(void (*)(void))checked_py_logic9_als_index, METH_FASTCALL,
     "logic9_als_index(values, masks[, houses, peers]) -> (cells, digits, houses, dcells, "
     "targ, rcc) or None: the almost locked sets of a 9x9 pencilmark state and their "
     "restricted common candidates, as shudu.logic.als indexes them (over the given houses "
     "and peers)"},
    {"logic9_als_wing", (PyCFunction)(void (*)(void))checked_py_logic9_als_wing, METH_FASTCALL,
     "logic9_als_wing(values, masks) -> (a, b, c, x, y), () or None: the first ALS-XY-Wing "
     "of a 9x9 pencilmark state (its sets' cells and RCC digit indices), as shudu.logic.als "
     "finds it"},
    {"logic9_als_xz_wing", (PyCFunction)(void (*)(void))checked_py_logic9_als_xz_wing,
     METH_FASTCALL,
     "logic9_als_xz_wing(values, masks) -> (xz, wing) or None: the first ALS-XZ and "
     "ALS-XY-Wing of a 9x9 state from one index"},
    {"logic9_als_xz", (PyCFunction)(void (*)(void))checked_py_logic9_als_xz, METH_FASTCALL,
     "logic9_als_xz(values, masks) -> (a, b, rcc), () or None: the first ALS-XZ of a 9x9 "
     "pencilmark state (its sets' cells and RCC digits), as shudu.logic.als finds it"},
    {"logic9_als_chain", (PyCFunction)(void (*)(void))checked_py_logic9_als_chain, METH_FASTCALL,
     "logic9_als_chain(values, masks) -> (sets, rccs, zmask), () or None: the first "
     "ALS-XY-Chain of a 9x9 pencilmark state (its sets' cells, RCC digit indices and "
     "eliminated digits), as shudu.logic.als finds it"},
    {"logic9_fish_digits", (PyCFunction)(void (*)(void))checked_py_logic9_fish_digits, METH_FASTCALL,
     "logic9_fish_digits(values, masks, size, sashimi) -> the digits with a finned (or "
     "sashimi) fish of that size that removes a candidate"},
    {"logic9_detect", (PyCFunction)(void (*)(void))checked_py_logic9_detect, METH_FASTCALL,
     "logic9_detect(values, masks, givens, ids) -> the index in ids of the first technique "
     "that would change the 9x9 pencilmark state, or -1"},
    {"net_geometry", (PyCFunction)(void (*)(void))checked_py_net_geometry, METH_FASTCALL,
     "net_geometry(n, ncells, peers, houses) -> a grid's geometry for net_propagate"},
    {"net_propagate", (PyCFunction)(void (*)(void))checked_py_net_propagate, METH_FASTCALL,
     "net_propagate(geometry, dm, place_cell, place_digit, remove) -> (count, T, F), or "
     "(-1, count, 0) on a contradiction: the singles net of one assumption"},
    {"net_root", (PyCFunction)(void (*)(void))checked_py_net_root, METH_FASTCALL,
     "net_root(geometry, dm) -> the plain nets of every candidate of a state, for "
     "net_propagate2"},
    {"net_propagate2", (PyCFunction)(void (*)(void))checked_py_net_propagate2, METH_FASTCALL,
     "net_propagate2(geometry, root, dm, place_cell, place_digit, remove) -> as "
     "net_propagate, at nesting level 2 from the state dm, refuting with root's nets"},
    {"net_first_broken", (PyCFunction)(void (*)(void))checked_py_net_first_broken,
     METH_FASTCALL,
     "net_first_broken(geometry, dm, start) -> (index, count): the first candidate from "
     "start on (then round) whose plain net breaks, and the singles it placed; (-1, 0): none"},
    {"aligned9", (PyCFunction)(void (*)(void))checked_py_aligned9, METH_FASTCALL,
     "aligned9(masks, degree) -> [(a, b, c, gone_a, gone_b, gone_c)]: Sudoku Explainer's "
     "Aligned Pair (degree 2) or Triplet (3) Exclusions of a 9x9 state, masks the 81 cell "
     "masks as uint16; c is -1 for a pair"},
    {"uloop9", (PyCFunction)(void (*)(void))checked_py_uloop9, METH_FASTCALL,
     "uloop9(masks) -> [(a, b, cells)]: the unique loops of six cells or more of a 9x9 "
     "state (0-based digits, cells in loop order) as Sudoku Explainer finds them, masks "
     "the 81 cell masks as uint16"},
    {"nishio9", (PyCFunction)(void (*)(void))checked_py_nishio9, METH_FASTCALL,
     "nishio9(lo, hi) -> 162 bytes: the complexity of Sudoku Explainer's Nishio chain of "
     "each assumption (2 * cell + holds) on one digit's 9x9 candidate cells, 0 for none"},
    {"sechain9", (PyCFunction)(void (*)(void))checked_py_sechain9, METH_FASTCALL,
     "sechain9(masks, dynamic, level=0) -> bytes of int32 (complexity, kind, source, target) "
     "for each of Sudoku Explainer's multiple, dynamic (or, levels 1-4, nested) forcing "
     "chains of a 9x9 state, masks the 81 cell masks as uint16"},
    {"sestatic9", (PyCFunction)(void (*)(void))checked_py_sestatic9, METH_FASTCALL,
     "sestatic9(masks, ceiling=0.0) -> list of (rating, cycle, links, removals, chain): "
     "SE's static forcing chains and cycles of a 9x9 state in SE's order, the easiest and "
     "each next one rated within it or the ceiling"},
    {"sechain9_forget", (PyCFunction)(void (*)(void))checked_py_sechain9_forget, METH_FASTCALL,
     "sechain9_forget() -> None: frees what sechain9's nested levels keep by grid in this "
     "thread"},
    {"ktrial9", (PyCFunction)(void (*)(void))checked_py_ktrial9, METH_FASTCALL,
     "ktrial9(layout, masks, values, trials) -> bytes: 1 for each (cell, digit) assumption "
     "of a 9x9 killer whose cage forcing trial breaks, 0 for the others; None when the C "
     "core cannot walk them"},
    {"ktrial9_cuts", (PyCFunction)(void (*)(void))checked_py_ktrial9_cuts, METH_FASTCALL,
     "ktrial9_cuts(layout, masks, values, cells, keeps) -> [(broken, placed, final)]: the "
     "cage combination forcing's trials"},
    {"has_conflict9", py_has_conflict9, METH_O,
     "has_conflict9(values) -> True when a digit repeats in a row, column or box"},
    {"search", py_search, METH_VARARGS,
     "search(rules, puzzle, limit=1, seed=None, timeout=0.0, stop=None) -> (count, "
     "solution|None, guesses, nodes); count -2 when the timeout passed or stop[0] was set"},
    {"nested_refute", py_nested_refute, METH_VARARGS,
     "nested_refute(rules, masks, budget, limit=1) -> ((cell, digit, inner), ...): the\n"
     "candidates a nested net of the engine's propagation refutes."},
    {"batch", py_batch, METH_VARARGS,
     "batch(rules|None, buffer, limit, threads, want_solutions) -> (solutions, counts, guesses)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_engine", "shudu's C solving engine (use shudu.engine).", -1, methods,
    NULL, NULL, NULL, NULL,
};

/* The ident of the interpreter's main thread, the one that sees Ctrl-C. */
static int find_main_thread(void) {
    PyObject *threading = PyImport_ImportModule("threading");
    if (!threading) return -1;
    PyObject *main = PyObject_CallMethod(threading, "main_thread", NULL);
    Py_DECREF(threading);
    if (!main) return -1;
    PyObject *ident = PyObject_GetAttrString(main, "ident");
    Py_DECREF(main);
    if (!ident) return -1;
    MAIN_THREAD = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    return PyErr_Occurred() ? -1 : 0;
}

/* Choose the classic solver's propagation path, once: the one SHUDU_SIMD names
 * (portable, avx2, avx512), else the fastest this processor runs.  A path this build or
 * processor lacks gives a RuntimeWarning and the fastest path below it (never an
 * instruction the processor lacks).  Returns -1 when the warning was made an error. */
static int choose_path(void) {
    const char *want = getenv("SHUDU_SIMD");
    s9_set_path(-1);
    if (!want || !*want) return 0;
    int p = 0;
    while (p < S9_PATHS && strcmp(want, s9_path_name(p)) != 0) p++;
    if (p < S9_PATHS && s9_set_path(p) == 0) return 0;
    if (p == S9_PATHS) {
        s9_set_path(-1);
        return PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                                "SHUDU_SIMD=%s is not a propagation path of this build "
                                "(portable, avx2, avx512): using %s", want,
                                s9_path_name(s9_path()));
    }
    int q = p;
    while (q > 0 && !s9_path_runs(q)) q--;
    s9_set_path(q);
    return PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                            "SHUDU_SIMD=%s: this processor does not run the %s path: using %s",
                            want, want, s9_path_name(q));
}

PyMODINIT_FUNC PyInit__engine(void) {
    if (find_main_thread() < 0) return NULL;
    build_symbol_map(9, MAP9);
    build_text_map(9, MAP9_TEXT);
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&EnumType) < 0) return NULL;
    if (!MASK_INTS) {
        MASK_INTS = PyTuple_New(512);
        if (!MASK_INTS) return NULL;
        for (Py_ssize_t i = 0; i < 512; i++) {
            PyObject *v = PyLong_FromSsize_t(i);
            if (!v) {
                Py_CLEAR(MASK_INTS);
                return NULL;
            }
            PyTuple_SET_ITEM(MASK_INTS, i, v);
        }
    }
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&RulesType);
    if (PyModule_AddObject(m, "Rules", (PyObject *)&RulesType) < 0) goto fail;
    Py_INCREF(&EnumType);
    if (PyModule_AddObject(m, "Enumerator", (PyObject *)&EnumType) < 0) goto fail;
    PyModule_AddIntConstant(m, "MAX_SIZE", MAX_N);
    /* the classic solver's propagation path: SHUDU_SIMD's, else the fastest here */
    if (choose_path() < 0) goto fail;
    if (PyModule_AddStringConstant(m, "PROPAGATION", s9_path_name(s9_path())) < 0) goto fail;
    if (add_technique_ids(m) < 0) goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
