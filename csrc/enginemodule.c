/* CPython glue for the shudu solving engine: module shudu._engine.
 *
 * Every value that reaches the C solvers is checked here first: puzzle length, symbols,
 * digit range and the consistency of rule tables.  The solvers themselves then run with
 * the GIL released, on private copies of the input, so nothing another Python thread
 * does to the caller's buffers can reach them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "generic.h"
#include "logic9.h"
#include "detect9.h"
#include "solve9.h"

#define MAX_N 25
#define MAX_THREADS 256

/* ------------------------------------------------------------------------ symbols */

/* Map of input byte -> cell value for a size n; 0xFF marks a byte that is not allowed.
 * Accepted: raw values 0..n, '1'-'9' then 'A'-'P' / 'a'-'p' (10..25) up to n, and the
 * blanks '0' . x X * - _ . */
static void build_symbol_map(int n, uint8_t map[256]) {
    memset(map, 0xFF, 256);
    for (int v = 0; v <= n; v++) map[v] = (uint8_t)v;
    map['0'] = map['.'] = map['x'] = map['X'] = map['*'] = map['-'] = map['_'] = 0;
    for (int v = 1; v <= n && v <= 9; v++) map['0' + v] = (uint8_t)v;
    for (int v = 10; v <= n; v++) {
        map['A' + v - 10] = (uint8_t)v;
        map['a' + v - 10] = (uint8_t)v;
    }
}

static uint8_t MAP9[256];      /* bytes: raw values or symbols */
static uint8_t MAP9_TEXT[256]; /* str: symbols only */

static void build_text_map(int n, uint8_t map[256]) {
    build_symbol_map(n, map);
    for (int v = 0; v <= n; v++)
        if (v < '*') map[v] = 0xFF;
}

/* Convert `len` bytes through `map` into dst; returns index of the first bad byte or -1. */
static Py_ssize_t convert(const uint8_t *src, Py_ssize_t len, const uint8_t *map, uint8_t *dst) {
    for (Py_ssize_t i = 0; i < len; i++) {
        uint8_t v = map[src[i]];
        if (v == 0xFF) return i;
        dst[i] = v;
    }
    return -1;
}

static PyObject *bad_symbol(Py_ssize_t pos, int cell_count, int symbol) {
    Py_ssize_t puzzle = pos / cell_count, cell = pos % cell_count;
    PyErr_Format(PyExc_ValueError,
                 "puzzle %zd, cell %zd: expected a digit or a blank, found byte %d",
                 puzzle + 1, cell + 1, symbol);
    return NULL;
}

/* Read one puzzle argument (str of ASCII, or bytes-like) into `out` (n*n values). */
static int read_puzzle(PyObject *obj, int ncells, const uint8_t *map, const uint8_t *text_map,
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

static int parse_seed(PyObject *seed_obj, uint64_t *state, uint64_t **rng) {
    *rng = NULL;
    if (seed_obj == NULL || seed_obj == Py_None) return 0;
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(seed_obj);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *state = sd_seed((uint64_t)seed);
    *rng = state;
    return 0;
}

static int check_limit(long limit) {
    if (limit < 1 || limit > 1000000000L) {
        PyErr_SetString(PyExc_ValueError, "limit must be between 1 and 10**9");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ 9x9 path */

/* solve9(puzzle, limit=1, seed=None) -> (count, solution bytes | None, guesses, nodes) */
static PyObject *py_solve9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs < 1 || nargs > 3) {
        PyErr_SetString(PyExc_TypeError, "solve9(puzzle, limit=1, seed=None)");
        return NULL;
    }
    long limit = 1;
    if (nargs >= 2) {
        limit = PyLong_AsLong(args[1]);
        if (limit == -1 && PyErr_Occurred()) return NULL;
        if (check_limit(limit) < 0) return NULL;
    }
    uint64_t state, *rng;
    if (parse_seed(nargs >= 3 ? args[2] : NULL, &state, &rng) < 0) return NULL;
    uint8_t in[81], out[81];
    if (read_puzzle(args[0], 81, MAP9, MAP9_TEXT, in) < 0) return NULL;
    sd_stats st = {0, 0};
    int count;
    Py_BEGIN_ALLOW_THREADS
    count = s9_solve(in, out, (int)limit, rng, &st);
    Py_END_ALLOW_THREADS
    PyObject *sol;
    if (count > 0) {
        sol = PyBytes_FromStringAndSize((const char *)out, 81);
        if (!sol) return NULL;
    } else {
        sol = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(iNKK)", count, sol, (unsigned long long)st.guesses,
                         (unsigned long long)st.nodes);
}

/* The ints 0..511 (every candidate mask), made once: most masks are above the small-int
 * cache, and logic9 returns 81 of them per call. */
static PyObject *MASK_INTS;

/* logic9(cells, max_level) -> (solved, hardest_level, candidate masks)
 * cells: bytes-like of exactly 81 raw values 0..9; max_level: -1 .. L9_LEVELS - 1. */
static PyObject *py_logic9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "logic9(cells, max_level)");
        return NULL;
    }
    long max_level = PyLong_AsLong(args[1]);
    if (max_level == -1 && PyErr_Occurred()) return NULL;
    if (max_level < -1 || max_level > L9_LEVELS - 1) {
        PyErr_Format(PyExc_ValueError, "max_level must be between -1 and %d", L9_LEVELS - 1);
        return NULL;
    }
    if (PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "logic9 expects a bytes-like object of 81 values");
        return NULL;
    }
    uint8_t in[81];
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len != 81) {
        PyErr_Format(PyExc_ValueError, "expected 81 cells, got %zd", view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    memcpy(in, view.buf, 81);
    PyBuffer_Release(&view);
    for (int i = 0; i < 81; i++) {
        if (in[i] > 9) {
            PyErr_Format(PyExc_ValueError, "cell %d: expected a value 0..9, found %d", i + 1,
                         (int)in[i]);
            return NULL;
        }
    }
    uint16_t cands[81];
    int hardest = -1, solved;
    Py_BEGIN_ALLOW_THREADS
    solved = l9_solve(in, (int)max_level, cands, &hardest);
    Py_END_ALLOW_THREADS
    PyObject *masks = PyTuple_New(81);
    if (!masks) return NULL;
    for (int i = 0; i < 81; i++) {
        PyObject *m = PyTuple_GET_ITEM(MASK_INTS, cands[i] & 0x1FF);
        Py_INCREF(m);
        PyTuple_SET_ITEM(masks, i, m);
    }
    return Py_BuildValue("(NiN)", PyBool_FromLong(solved), hardest, masks);
}

/* Read and check the (values, masks) pair of a 9x9 pencilmark state: 81 raw values 0..9
 * and 81 masks of at most 9 bits (native-endian uint16 bytes, or a list or tuple of ints).  Returns -1 with an exception set. */
static int read_state(PyObject *vobj, PyObject *mobj, uint8_t *values, uint16_t *masks) {
    if (PyUnicode_Check(vobj) || PyUnicode_Check(mobj)) {
        PyErr_SetString(PyExc_TypeError, "expected bytes-like values and masks");
        return -1;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(vobj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != 81) {
        PyErr_Format(PyExc_ValueError, "expected 81 values, got %zd", view.len);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(values, view.buf, 81);
    PyBuffer_Release(&view);
    if (PyList_Check(mobj) || PyTuple_Check(mobj)) { /* 81 ints, as Candidates keeps them */
        Py_ssize_t n = PySequence_Fast_GET_SIZE(mobj);
        if (n != 81) {
            PyErr_Format(PyExc_ValueError, "expected 81 masks, got %zd", n);
            return -1;
        }
        PyObject **items = PySequence_Fast_ITEMS(mobj);
        for (int i = 0; i < 81; i++) {
            long m = PyLong_AsLong(items[i]);
            if (m == -1 && PyErr_Occurred()) return -1;
            if (m < 0 || m > 0x1FF) {
                PyErr_Format(PyExc_ValueError, "cell %d: candidate mask %ld outside 0..511",
                             i + 1, m);
                return -1;
            }
            masks[i] = (uint16_t)m;
        }
    } else {
        if (PyObject_GetBuffer(mobj, &view, PyBUF_SIMPLE) < 0) return -1;
        if (view.len != (Py_ssize_t)(81 * sizeof(uint16_t))) {
            PyErr_Format(PyExc_ValueError, "expected 81 masks of 2 bytes (%zu bytes), got %zd",
                         81 * sizeof(uint16_t), view.len);
            PyBuffer_Release(&view);
            return -1;
        }
        memcpy(masks, view.buf, 81 * sizeof(uint16_t));
        PyBuffer_Release(&view);
    }
    for (int i = 0; i < 81; i++) {
        if (values[i] > 9) {
            PyErr_Format(PyExc_ValueError, "cell %d: expected a value 0..9, found %d", i + 1,
                         (int)values[i]);
            return -1;
        }
        if (masks[i] > 0x1FF) {
            PyErr_Format(PyExc_ValueError, "cell %d: candidate mask %d above 511", i + 1,
                         (int)masks[i]);
            return -1;
        }
    }
    return 0;
}

/* logic9_state(values, masks, max_level) -> (status, hardest, passes, values, masks)
 * values: bytes-like of 81 raw values 0..9; masks: bytes-like of 81 native-endian uint16
 * candidate masks (bits 0..8); max_level: -1 .. L9_LEVELS - 1.  status: 1 solved, 0 stuck,
 * -1 contradiction; passes: per level, the rounds in which it made progress. */
static PyObject *py_logic9_state(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "logic9_state(values, masks, max_level)");
        return NULL;
    }
    long max_level = PyLong_AsLong(args[2]);
    if (max_level == -1 && PyErr_Occurred()) return NULL;
    if (max_level < -1 || max_level > L9_LEVELS - 1) {
        PyErr_Format(PyExc_ValueError, "max_level must be between -1 and %d", L9_LEVELS - 1);
        return NULL;
    }
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    int hardest = -1, status;
    int passes[L9_LEVELS] = {0};
    Py_BEGIN_ALLOW_THREADS
    status = l9_continue(values, masks, (int)max_level, &hardest, passes);
    Py_END_ALLOW_THREADS
    PyObject *counts = PyTuple_New(L9_LEVELS);
    PyObject *out = PyTuple_New(81);
    if (!counts || !out) {
        Py_XDECREF(counts);
        Py_XDECREF(out);
        return NULL;
    }
    for (int k = 0; k < L9_LEVELS; k++) {
        PyObject *n = PyLong_FromLong(passes[k]);
        if (!n) {
            Py_DECREF(counts);
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(counts, k, n);
    }
    for (int i = 0; i < 81; i++) {
        PyObject *m = PyTuple_GET_ITEM(MASK_INTS, masks[i] & 0x1FF);
        Py_INCREF(m);
        PyTuple_SET_ITEM(out, i, m);
    }
    return Py_BuildValue("(iiNy#N)", status, hardest, counts, (const char *)values,
                         (Py_ssize_t)81, out);
}

/* logic9_probe(values, masks) -> the easiest level (0 .. L9_LEVELS - 1) of the C ladder
 * that would change the 9x9 pencilmark state, or -1 (arguments as for logic9_state). */
static PyObject *py_logic9_probe(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "logic9_probe(values, masks)");
        return NULL;
    }
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    int level;
    Py_BEGIN_ALLOW_THREADS
    level = l9_probe(values, masks, L9_LEVELS - 1);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(level);
}

/* logic9_single(values, masks, kind) -> (cell, digit, house) of the first full house
 * (kind 0), hidden single (1) or naked single (2) of a 9x9 pencilmark state, or None
 * (values and masks as for logic9_state; house is -1 for a naked single). */
static PyObject *py_logic9_single(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "logic9_single(values, masks, kind)");
        return NULL;
    }
    long kind = PyLong_AsLong(args[2]);
    if (kind == -1 && PyErr_Occurred()) return NULL;
    if (kind < 0 || kind > 2) {
        PyErr_Format(PyExc_ValueError, "kind must be 0, 1 or 2, got %ld", kind);
        return NULL;
    }
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    int cell, digit, house;
    if (!l9_single(values, masks, (int)kind, &cell, &digit, &house)) Py_RETURN_NONE;
    return Py_BuildValue("(iii)", cell, digit, house);
}

/* logic9_fish_digits(values, masks, size, sashimi) -> the digits (bit d - 1) of a 9x9
 * pencilmark state with a finned (sashimi when true) fish of size 2..4 that removes a
 * candidate (values and masks as for logic9_state). */
static PyObject *py_logic9_fish_digits(PyObject *self, PyObject *const *args,
                                       Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "logic9_fish_digits(values, masks, size, sashimi)");
        return NULL;
    }
    long size = PyLong_AsLong(args[2]);
    if (size == -1 && PyErr_Occurred()) return NULL;
    int sashimi = PyObject_IsTrue(args[3]);
    if (sashimi < 0) return NULL;
    if (size < 2 || size > 4) {
        PyErr_Format(PyExc_ValueError, "fish size must be 2, 3 or 4, got %ld", size);
        return NULL;
    }
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    d9_state state;
    d9_build(&state, values, masks, NULL);
    return PyLong_FromUnsignedLong(d9_finned_fish_digits(&state, (int)size, sashimi));
}

/* logic9_detect(values, masks, givens, ids) -> the index in ids of the first technique
 * whose detector says it would change the 9x9 pencilmark state, or -1 (detect9.h).
 * values, masks: as for logic9_state; givens: bytes-like of 81 (non-zero = given);
 * ids: bytes-like of technique ids (unknown ids count as "would change"). */
static PyObject *py_logic9_detect(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "logic9_detect(values, masks, givens, ids)");
        return NULL;
    }
    uint8_t values[81], givens[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    if (PyUnicode_Check(args[2]) || PyUnicode_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "expected bytes-like givens and ids");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[2], &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len != 81) {
        PyErr_Format(PyExc_ValueError, "expected 81 givens, got %zd", view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    memcpy(givens, view.buf, 81);
    PyBuffer_Release(&view);
    if (PyObject_GetBuffer(args[3], &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len > 255) {
        PyErr_Format(PyExc_ValueError, "expected at most 255 technique ids, got %zd", view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    uint8_t ids[255];
    int n = (int)view.len;
    memcpy(ids, view.buf, (size_t)n);
    PyBuffer_Release(&view);
    int first;
    Py_BEGIN_ALLOW_THREADS
    d9_state state;
    d9_build(&state, values, masks, givens);
    first = d9_first(&state, ids, n);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(first);
}

/* got = the union of the rows of the nodes in nodes_set (bitsets of `words` words); bits
 * at or past `nodes` name no row and are skipped. */
static void or_rows(const uint8_t *rows, const uint64_t *nodes_set, Py_ssize_t words,
                    Py_ssize_t nodes, uint64_t *got) {
    Py_ssize_t row = words * 8;
    memset(got, 0, (size_t)row);
    for (Py_ssize_t w = 0; w < words; w++) {
        uint64_t m = nodes_set[w];
        while (m) {
            Py_ssize_t k = w * 64 + __builtin_ctzll(m);
            m &= m - 1;
            if (k >= nodes) continue;
            const uint8_t *link = rows + k * row;
            for (Py_ssize_t x = 0; x < words; x++) {
                uint64_t v;
                memcpy(&v, link + 8 * x, 8);
                got[x] |= v;
            }
        }
    }
}

/* The closure of "node start is false" over strong/weak link rows (as in aic_pairs):
 * fills T, F (words 64-bit words each, zeroed here) and depth (nodes bytes); got and
 * fresh are scratch rows of the same width. */
static void closure_rows(const uint8_t *sb, const uint8_t *wb, Py_ssize_t words, Py_ssize_t nodes,
                         Py_ssize_t start, uint64_t *T, uint64_t *F, uint64_t *got,
                         uint64_t *fresh, uint8_t *depth) {
    Py_ssize_t row = words * 8;
    memset(T, 0, (size_t)row);
    memset(F, 0, (size_t)row);
    memset(fresh, 0, (size_t)row);
    memset(depth, 255, (size_t)nodes);
    F[start / 64] |= (uint64_t)1 << (start % 64);
    fresh[start / 64] |= (uint64_t)1 << (start % 64);
    int any = 1;
    for (int layer = 0; any; layer++) {
        /* nodes made false -> their strong partners become true */
        or_rows(sb, fresh, words, nodes, got);
        any = 0;
        for (Py_ssize_t w = 0; w < words; w++) {
            fresh[w] = got[w] & ~T[w];
            T[w] |= fresh[w];
            uint64_t m = fresh[w];
            any |= m != 0;
            while (m) {
                Py_ssize_t k = w * 64 + __builtin_ctzll(m);
                m &= m - 1;
                if (k < nodes) depth[k] = (uint8_t)(layer < 254 ? layer : 254);
            }
        }
        if (!any) break;
        /* nodes made true -> their weak partners become false */
        or_rows(wb, fresh, words, nodes, got);
        any = 0;
        for (Py_ssize_t w = 0; w < words; w++) {
            fresh[w] = got[w] & ~F[w];
            F[w] |= fresh[w];
            any |= fresh[w] != 0;
        }
    }
}

/* aic_pairs(strong, weak, conf, words, nodes, base, cells, complete) -> [(a, b, least,
 * count, elims)]: the chain ends of shudu.logic.chains._aic_found, in its order.
 * strong, weak, conf: bytes-like, one little-endian bitset of `words` 64-bit words per
 * node (node k's row at bytes 8 * words * k): its strong links, its weak links, the
 * candidates it conflicts with (bits past the last node are ignored); nodes: one row, the
 * nodes to start from; base: the first group node;
 * cells: cells per digit (nodes below base are digit * cells + cell).  For each start a
 * (ascending) whose closure makes false something it conflicts with (or any start when
 * complete is 0), every b that a's closure makes true, b != a, whose conflicts meet a's,
 * unless the pair came up before from b or both ends lie in one cell.  least: the
 * fewest links from "a false" to "b true"; count and elims: the common conflicts.
 * closures: an optional writable buffer of two rows per node that receives the T and F
 * rows of every start's closure: alternately, the strong partners of the nodes made false
 * become true and the weak partners of the nodes made true become false (F includes the
 * start), as ChainGraph.closure_false finds them. */
static PyObject *py_aic_pairs(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 8 && nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "aic_pairs(strong, weak, conf, words, nodes, base, "
                                         "cells, complete[, closures])");
        return NULL;
    }
    Py_ssize_t words = PyLong_AsSsize_t(args[3]);
    if (words == -1 && PyErr_Occurred()) return NULL;
    Py_ssize_t base = PyLong_AsSsize_t(args[5]);
    if (base == -1 && PyErr_Occurred()) return NULL;
    Py_ssize_t ncells = PyLong_AsSsize_t(args[6]);
    if (ncells == -1 && PyErr_Occurred()) return NULL;
    int complete = PyObject_IsTrue(args[7]);
    if (complete < 0) return NULL;
    if (words < 1 || words > 1024 || ncells < 1 || base < 0) {
        PyErr_SetString(PyExc_ValueError, "words must be 1..1024, cells >= 1, base >= 0");
        return NULL;
    }
    Py_buffer v[4], out;
    int got_views = 0, got_out = 0;
    PyObject *result = NULL;
    uint64_t *Tall = NULL, *F = NULL, *got = NULL, *fresh = NULL;
    uint8_t *depth = NULL, *live = NULL;
    for (int k = 0; k < 5; k++) {
        if (k == 3) continue;
        if (PyUnicode_Check(args[k])) {
            PyErr_SetString(PyExc_TypeError, "expected bytes-like rows");
            goto done;
        }
        if (PyObject_GetBuffer(args[k], &v[got_views], PyBUF_SIMPLE) < 0) goto done;
        got_views++;
    }
    Py_ssize_t row = words * 8;
    Py_ssize_t nodes = v[0].len / row;
    if (v[0].len % row || v[1].len != v[0].len || v[2].len != v[0].len || v[3].len != row ||
        nodes > words * 64 || nodes > 65536) {
        PyErr_SetString(PyExc_ValueError,
                        "strong, weak and conf must hold the same whole number of node rows "
                        "(at most 64 * words and 65536), nodes one row");
        goto done;
    }
    if (nargs == 9 && args[8] != Py_None) {
        if (PyObject_GetBuffer(args[8], &out, PyBUF_WRITABLE) < 0) goto done;
        got_out = 1;
        if (out.len != 2 * v[0].len) {
            PyErr_SetString(PyExc_ValueError, "closures must hold two rows per node");
            goto done;
        }
    }
    const uint8_t *sb = v[0].buf, *wb = v[1].buf, *cb = v[2].buf, *nb = v[3].buf;
    Tall = calloc((size_t)(nodes ? nodes : 1) * (size_t)words, 8);
    F = calloc((size_t)words, 8);
    got = calloc((size_t)words, 8);
    fresh = calloc((size_t)words, 8);
    depth = malloc((size_t)(nodes ? nodes : 1));
    live = calloc((size_t)(nodes ? nodes : 1), 1);
    if (!Tall || !F || !got || !fresh || !depth || !live) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyList_New(0);
    if (!result) goto done;
    uint8_t elims[8 * 1024];
    for (Py_ssize_t a = 0; a < nodes; a++) {
        if (!(nb[a / 8] >> (a % 8) & 1)) continue;
        uint64_t *Ta = Tall + a * words;
        closure_rows(sb, wb, words, nodes, a, Ta, F, got, fresh, depth);
        if (got_out) {
            memcpy((uint8_t *)out.buf + 2 * a * row, Ta, (size_t)row);
            memcpy((uint8_t *)out.buf + (2 * a + 1) * row, F, (size_t)row);
        }
        const uint8_t *ca = cb + a * row;
        if (complete) {
            int meets = 0;
            for (Py_ssize_t x = 0; x < words && !meets; x++) {
                uint64_t c;
                memcpy(&c, ca + 8 * x, 8);
                meets = (c & F[x]) != 0;
            }
            if (!meets) continue;
        }
        live[a] = 1;
        for (Py_ssize_t w = 0; w < words; w++) {
            uint64_t m = Ta[w];
            while (m) {
                Py_ssize_t b = w * 64 + __builtin_ctzll(m);
                m &= m - 1;
                if (b == a || b >= nodes) continue;
                const uint8_t *cbb = cb + b * row;
                int count = 0;
                for (Py_ssize_t x = 0; x < words; x++) {
                    uint64_t c1, c2;
                    memcpy(&c1, ca + 8 * x, 8);
                    memcpy(&c2, cbb + 8 * x, 8);
                    uint64_t e = c1 & c2;
                    memcpy(elims + 8 * x, &e, 8);
                    count += __builtin_popcountll(e);
                }
                if (!count) continue;
                if (b < a && live[b] && (Tall[b * words + a / 64] >> (a % 64) & 1)) continue;
                if (a < base && b < base && a % ncells == b % ncells) continue;
                PyObject *item = Py_BuildValue("(nniiy#)", a, b, 2 * (int)depth[b] + 1, count,
                                               (const char *)elims, row);
                if (!item || PyList_Append(result, item) < 0) {
                    Py_XDECREF(item);
                    Py_CLEAR(result);
                    goto done;
                }
                Py_DECREF(item);
            }
        }
    }
done:
    free(Tall);
    free(F);
    free(got);
    free(fresh);
    free(depth);
    free(live);
    for (int k = 0; k < got_views; k++) PyBuffer_Release(&v[k]);
    if (got_out) PyBuffer_Release(&out);
    return result;
}

/* has_conflict9(values) -> bool: any digit repeated in a row, column or box of a 9x9 grid
 * (values: 81 bytes 0..9, or symbols). */
static PyObject *py_has_conflict9(PyObject *self, PyObject *arg) {
    (void)self;
    uint8_t v[81];
    if (read_puzzle(arg, 81, MAP9, MAP9_TEXT, v) < 0) return NULL;
    uint16_t rows[9] = {0}, cols[9] = {0}, boxes[9] = {0};
    for (int i = 0; i < 81; i++) {
        if (!v[i]) continue;
        uint16_t bit = (uint16_t)(1u << v[i]);
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        if ((rows[r] | cols[c] | boxes[b]) & bit) Py_RETURN_TRUE;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    Py_RETURN_FALSE;
}

/* ------------------------------------------------------------------------ rules object */

typedef struct {
    PyObject_HEAD
    sg_rules rules;
    int32_t *houses;
    int32_t *peer_start;
    int32_t *peers;
    uint8_t map[256];
    uint8_t text_map[256];
} RulesObject;

static void Rules_dealloc(RulesObject *self) {
    PyMem_Free(self->houses);
    PyMem_Free(self->peer_start);
    PyMem_Free(self->peers);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Copy a sequence of ints into a new int32 array, each checked to lie in [lo, hi]. */
static int32_t *int_array(PyObject *seq_obj, Py_ssize_t *len_out, long lo, long hi, const char *what) {
    PyObject *seq = PySequence_Fast(seq_obj, "expected a sequence of ints");
    if (!seq) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    int32_t *arr = PyMem_Malloc(sizeof(int32_t) * (size_t)(len ? len : 1));
    if (!arr) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) goto fail;
        if (v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %ld is out of range %ld..%ld", what, i, v, lo, hi);
            goto fail;
        }
        arr[i] = (int32_t)v;
    }
    Py_DECREF(seq);
    *len_out = len;
    return arr;
fail:
    Py_DECREF(seq);
    PyMem_Free(arr);
    return NULL;
}

/* Rules(n, houses, peer_start, peers): flat tables, validated here. */
static PyObject *Rules_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)kwds;
    int n;
    PyObject *houses_obj, *start_obj, *peers_obj;
    if (!PyArg_ParseTuple(args, "iOOO", &n, &houses_obj, &start_obj, &peers_obj)) return NULL;
    if (n < 1 || n > MAX_N) {
        PyErr_Format(PyExc_ValueError, "size must be 1..%d", MAX_N);
        return NULL;
    }
    int ncells = n * n;
    RulesObject *self = (RulesObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_ssize_t hlen, slen, plen;
    self->houses = int_array(houses_obj, &hlen, 0, ncells - 1, "houses");
    if (!self->houses) goto fail;
    if (hlen % n != 0) {
        PyErr_SetString(PyExc_ValueError, "houses must hold a multiple of n cells");
        goto fail;
    }
    self->peer_start = int_array(start_obj, &slen, 0, INT32_MAX, "peer_start");
    if (!self->peer_start) goto fail;
    if (slen != ncells + 1 || self->peer_start[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "peer_start must have n*n+1 offsets starting at 0");
        goto fail;
    }
    for (int i = 0; i < ncells; i++) {
        if (self->peer_start[i + 1] < self->peer_start[i]) {
            PyErr_SetString(PyExc_ValueError, "peer_start must not decrease");
            goto fail;
        }
    }
    self->peers = int_array(peers_obj, &plen, 0, ncells - 1, "peers");
    if (!self->peers) goto fail;
    if (plen != self->peer_start[ncells]) {
        PyErr_SetString(PyExc_ValueError, "peers length must equal peer_start[-1]");
        goto fail;
    }
    for (int i = 0; i < ncells; i++) {
        for (int32_t k = self->peer_start[i]; k < self->peer_start[i + 1]; k++) {
            if (self->peers[k] == i) {
                PyErr_SetString(PyExc_ValueError, "a cell may not be its own peer");
                goto fail;
            }
        }
    }
    /* Each house must consist of n distinct cells. */
    Py_ssize_t nh = hlen / n;
    for (Py_ssize_t h = 0; h < nh; h++) {
        uint8_t seen[MAX_N * MAX_N];
        memset(seen, 0, (size_t)ncells);
        for (int k = 0; k < n; k++) {
            int32_t c = self->houses[h * n + k];
            if (seen[c]) {
                PyErr_Format(PyExc_ValueError, "house %zd repeats a cell", h);
                goto fail;
            }
            seen[c] = 1;
        }
    }
    self->rules.n = n;
    self->rules.ncells = ncells;
    self->rules.nhouses = (int)nh;
    self->rules.houses = self->houses;
    self->rules.peer_start = self->peer_start;
    self->rules.peers = self->peers;
    build_symbol_map(n, self->map);
    build_text_map(n, self->text_map);
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static PyObject *Rules_get_size(RulesObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->rules.n);
}

static PyGetSetDef Rules_getset[] = {
    {"size", (getter)Rules_get_size, NULL, "grid side n", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shudu._engine.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rules(n, houses, peer_start, peers): flat constraint tables for the generic solver.",
    .tp_new = Rules_new,
    .tp_getset = Rules_getset,
};

/* search(rules, puzzle, limit=1, seed=None) -> (count, first solution | None, guesses, nodes) */
static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    RulesObject *rules;
    PyObject *puzzle, *seed_obj = Py_None;
    long limit = 1;
    if (!PyArg_ParseTuple(args, "O!O|lO", &RulesType, &rules, &puzzle, &limit, &seed_obj)) return NULL;
    if (check_limit(limit) < 0) return NULL;
    uint64_t state, *rng;
    if (parse_seed(seed_obj, &state, &rng) < 0) return NULL;
    int ncells = rules->rules.ncells;
    uint8_t *buf = PyMem_Malloc((size_t)ncells * 2);
    if (!buf) return PyErr_NoMemory();
    uint8_t *in = buf, *out = buf + ncells;
    if (read_puzzle(puzzle, ncells, rules->map, rules->text_map, in) < 0) {
        PyMem_Free(buf);
        return NULL;
    }
    Py_INCREF(rules);
    sd_stats st = {0, 0};
    int count = -1;
    Py_BEGIN_ALLOW_THREADS
    sg_solver *s = sg_new(&rules->rules);
    if (s) {
        count = sg_count(s, in, (int)limit, out, rng, &st);
        sg_free(s);
    }
    Py_END_ALLOW_THREADS
    Py_DECREF(rules);
    if (count < 0) {
        PyMem_Free(buf);
        return PyErr_NoMemory();
    }
    PyObject *sol = count > 0 ? PyBytes_FromStringAndSize((const char *)out, ncells) : Py_NewRef(Py_None);
    PyMem_Free(buf);
    if (!sol) return NULL;
    return Py_BuildValue("(iNKK)", count, sol, (unsigned long long)st.guesses,
                         (unsigned long long)st.nodes);
}

/* ------------------------------------------------------------------------ enumerator */

typedef struct {
    PyObject_HEAD
    RulesObject *rules;
    sg_solver *solver;
    uint8_t *out;
    int busy;
    int done;
} EnumObject;

static void Enum_dealloc(EnumObject *self) {
    if (self->solver) sg_free(self->solver);
    PyMem_Free(self->out);
    Py_XDECREF(self->rules);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Enumerator(rules, puzzle, seed=None): lazy iterator over all solutions (bytes). */
static PyObject *Enum_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)kwds;
    RulesObject *rules;
    PyObject *puzzle, *seed_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O!O|O", &RulesType, &rules, &puzzle, &seed_obj)) return NULL;
    uint64_t state, *rng;
    if (parse_seed(seed_obj, &state, &rng) < 0) return NULL;
    EnumObject *self = (EnumObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_INCREF(rules);
    self->rules = rules;
    int ncells = rules->rules.ncells;
    self->out = PyMem_Malloc((size_t)ncells);
    uint8_t *in = PyMem_Malloc((size_t)ncells);
    if (!self->out || !in) {
        PyMem_Free(in);
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    if (read_puzzle(puzzle, ncells, rules->map, rules->text_map, in) < 0) {
        PyMem_Free(in);
        Py_DECREF(self);
        return NULL;
    }
    self->solver = sg_new(&rules->rules);
    if (!self->solver) {
        PyMem_Free(in);
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    if (sg_start(self->solver, in, rng) < 0) self->done = 1;
    PyMem_Free(in);
    return (PyObject *)self;
}

static PyObject *Enum_next(EnumObject *self) {
    if (self->done) return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "solution iterator already running in another thread");
        return NULL;
    }
    self->busy = 1;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = sg_next(self->solver, self->out);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (rc != 1) {
        self->done = 1;
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)self->out, self->rules->rules.ncells);
}

static PyObject *Enum_stats(EnumObject *self, void *closure) {
    (void)closure;
    sd_stats st = {0, 0};
    if (self->solver && !self->busy) sg_get_stats(self->solver, &st);
    return Py_BuildValue("(KK)", (unsigned long long)st.guesses, (unsigned long long)st.nodes);
}

static PyGetSetDef Enum_getset[] = {
    {"stats", (getter)Enum_stats, NULL, "(guesses, nodes) so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EnumType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shudu._engine.Enumerator",
    .tp_basicsize = sizeof(EnumObject),
    .tp_dealloc = (destructor)Enum_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Enumerator(rules, puzzle, seed=None): iterator over all solutions as bytes.",
    .tp_new = Enum_new,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Enum_next,
    .tp_getset = Enum_getset,
};

/* ------------------------------------------------------------------------ batch */

typedef struct {
    const uint8_t *in;      /* private copy, values already checked */
    uint8_t *solutions;     /* N * ncells, or NULL */
    int32_t *counts;        /* N */
    uint32_t *guesses;      /* N */
    Py_ssize_t n_puzzles;
    int ncells;
    int limit;
    const sg_rules *rules;  /* NULL for the 9x9 fast path */
    atomic_long next;
    atomic_int failed;      /* allocation failure in a worker */
} BatchJob;

#define BATCH_CHUNK 32

static void *batch_worker(void *arg) {
    BatchJob *job = (BatchJob *)arg;
    sg_solver *solver = NULL;
    uint8_t scratch[MAX_N * MAX_N];
    if (job->rules) {
        solver = sg_new(job->rules);
        if (!solver) {
            atomic_store(&job->failed, 1);
            return NULL;
        }
    }
    for (;;) {
        long start = atomic_fetch_add(&job->next, BATCH_CHUNK);
        if (start >= job->n_puzzles) break;
        long end = start + BATCH_CHUNK;
        if (end > job->n_puzzles) end = job->n_puzzles;
        for (long i = start; i < end; i++) {
            const uint8_t *p = job->in + (size_t)i * (size_t)job->ncells;
            uint8_t *out = job->solutions ? job->solutions + (size_t)i * (size_t)job->ncells : scratch;
            sd_stats st = {0, 0};
            int c;
            if (solver)
                c = sg_count(solver, p, job->limit, out, NULL, &st);
            else
                c = s9_solve(p, out, job->limit, NULL, &st);
            if (c <= 0 && job->solutions) memset(out, 0, (size_t)job->ncells);
            job->counts[i] = c < 0 ? 0 : c;
            job->guesses[i] = st.guesses > UINT32_MAX ? UINT32_MAX : (uint32_t)st.guesses;
        }
    }
    if (solver) sg_free(solver);
    return NULL;
}

/* batch(rules_or_None, buffer, limit, threads, want_solutions)
 *   -> (solutions bytearray | None, counts bytearray (int32), guesses bytearray (uint32)) */
static PyObject *py_batch(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rules_obj, *data;
    long limit;
    int threads, want_solutions;
    if (!PyArg_ParseTuple(args, "OOlip", &rules_obj, &data, &limit, &threads, &want_solutions))
        return NULL;
    if (check_limit(limit) < 0) return NULL;
    RulesObject *rules = NULL;
    if (rules_obj != Py_None) {
        if (!PyObject_TypeCheck(rules_obj, &RulesType)) {
            PyErr_SetString(PyExc_TypeError, "rules must be an _engine.Rules or None");
            return NULL;
        }
        rules = (RulesObject *)rules_obj;
    }
    int ncells = rules ? rules->rules.ncells : 81;
    const uint8_t *map = rules ? rules->map : MAP9;
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;

    Py_buffer view;
    if (PyObject_GetBuffer(data, &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (view.len % ncells != 0) {
        PyErr_Format(PyExc_ValueError, "buffer of %zd bytes is not a whole number of %d-cell puzzles",
                     view.len, ncells);
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n_puzzles = view.len / ncells;
    uint8_t *copy = PyMem_Malloc((size_t)(view.len ? view.len : 1));
    if (!copy) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    Py_ssize_t bad = convert((const uint8_t *)view.buf, view.len, map, copy);
    int bad_byte = bad >= 0 ? ((const uint8_t *)view.buf)[bad] : 0;
    PyBuffer_Release(&view);
    if (bad >= 0) {
        PyMem_Free(copy);
        return bad_symbol(bad, ncells, bad_byte);
    }
    PyObject *sols = NULL, *counts = NULL, *guesses = NULL;
    if (want_solutions) {
        sols = PyByteArray_FromStringAndSize(NULL, n_puzzles * ncells);
        if (!sols) goto fail;
    }
    counts = PyByteArray_FromStringAndSize(NULL, n_puzzles * 4);
    guesses = PyByteArray_FromStringAndSize(NULL, n_puzzles * 4);
    if (!counts || !guesses) goto fail;

    BatchJob job;
    job.in = copy;
    job.solutions = sols ? (uint8_t *)PyByteArray_AS_STRING(sols) : NULL;
    job.counts = (int32_t *)PyByteArray_AS_STRING(counts);
    job.guesses = (uint32_t *)PyByteArray_AS_STRING(guesses);
    job.n_puzzles = n_puzzles;
    job.ncells = ncells;
    job.limit = (int)limit;
    job.rules = rules ? &rules->rules : NULL;
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    if (threads > 1 && n_puzzles < (Py_ssize_t)threads * BATCH_CHUNK)
        threads = (int)((n_puzzles + BATCH_CHUNK - 1) / BATCH_CHUNK);
    if (threads < 1) threads = 1;

    int thread_error = 0;
    Py_XINCREF(rules);
    Py_BEGIN_ALLOW_THREADS
    pthread_t tids[MAX_THREADS];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tids[started], NULL, batch_worker, &job) != 0) {
            thread_error = 1;
            break;
        }
        started++;
    }
    batch_worker(&job);
    for (int t = 0; t < started; t++) pthread_join(tids[t], NULL);
    Py_END_ALLOW_THREADS
    Py_XDECREF(rules);
    (void)thread_error; /* fewer threads than asked still completes the whole batch */
    PyMem_Free(copy);
    copy = NULL;
    if (atomic_load(&job.failed)) {
        PyErr_NoMemory();
        goto fail;
    }
    return Py_BuildValue("(NNN)", sols ? sols : Py_NewRef(Py_None), counts, guesses);
fail:
    PyMem_Free(copy);
    Py_XDECREF(sols);
    Py_XDECREF(counts);
    Py_XDECREF(guesses);
    return NULL;
}

/* ------------------------------------------------------------------------ technique ids */

/* A tuple of the space-separated words of text, as str. */
static PyObject *key_words(const char *text) {
    PyObject *words = PyUnicode_FromString(text);
    if (!words) return NULL;
    PyObject *list = PyUnicode_Split(words, NULL, -1);
    Py_DECREF(words);
    if (!list) return NULL;
    PyObject *tuple = PyList_AsTuple(list);
    Py_DECREF(list);
    return tuple;
}

/* LADDER9_LEVELS: per level of the C ladder (logic9.h), the tuple of its technique keys;
 * DETECTORS: the technique key of each detector id (detect9.h); both in id order. */
static int add_technique_ids(PyObject *m) {
    static const char *const level_keys[] = {
#define L9_KEYS(id, keys, apply) keys,
        SHUDU_LADDER9_LEVELS(L9_KEYS)
#undef L9_KEYS
    };
    static const char *const detector_keys[] = {
#define D9_KEY(id, key, detect) key,
        SHUDU_DETECTORS(D9_KEY)
#undef D9_KEY
    };
    PyObject *levels = PyTuple_New(L9_LEVELS);
    if (!levels) return -1;
    for (int k = 0; k < L9_LEVELS; k++) {
        PyObject *keys = key_words(level_keys[k]);
        if (!keys) {
            Py_DECREF(levels);
            return -1;
        }
        PyTuple_SET_ITEM(levels, k, keys);
    }
    if (PyModule_AddObject(m, "LADDER9_LEVELS", levels) < 0) {
        Py_DECREF(levels);
        return -1;
    }
    PyObject *detectors = PyTuple_New(D9_COUNT);
    if (!detectors) return -1;
    for (int k = 0; k < D9_COUNT; k++) {
        PyObject *key = PyUnicode_FromString(detector_keys[k]);
        if (!key) {
            Py_DECREF(detectors);
            return -1;
        }
        PyTuple_SET_ITEM(detectors, k, key);
    }
    if (PyModule_AddObject(m, "DETECTORS", detectors) < 0) {
        Py_DECREF(detectors);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ module */

static PyMethodDef methods[] = {
    {"solve9", (PyCFunction)(void (*)(void))py_solve9, METH_FASTCALL,
     "solve9(puzzle, limit=1, seed=None) -> (count, solution|None, guesses, nodes)"},
    {"logic9", (PyCFunction)(void (*)(void))py_logic9, METH_FASTCALL,
     "logic9(cells, max_level) -> (solved, hardest_level, candidate masks): 9x9 logic with "
     "techniques up to max_level (0 hidden single ... 12 hidden quad)"},
    {"logic9_state", (PyCFunction)(void (*)(void))py_logic9_state, METH_FASTCALL,
     "logic9_state(values, masks, max_level) -> (status, hardest_level, passes, values, "
     "masks): go on from a 9x9 pencilmark state with techniques up to max_level"},
    {"logic9_probe", (PyCFunction)(void (*)(void))py_logic9_probe, METH_FASTCALL,
     "logic9_probe(values, masks) -> the easiest level of the 9x9 C ladder that would change "
     "the state, or -1"},
    {"logic9_single", (PyCFunction)(void (*)(void))py_logic9_single, METH_FASTCALL,
     "logic9_single(values, masks, kind) -> (cell, digit, house) of the first full house (0), "
     "hidden single (1) or naked single (2), or None"},
    {"aic_pairs", (PyCFunction)(void (*)(void))py_aic_pairs, METH_FASTCALL,
     "aic_pairs(strong, weak, conf, words, nodes, base, cells, complete) -> [(a, b, least, "
     "count, elims)]: the chain ends an AIC search looks at, in order"},
    {"logic9_fish_digits", (PyCFunction)(void (*)(void))py_logic9_fish_digits, METH_FASTCALL,
     "logic9_fish_digits(values, masks, size, sashimi) -> the digits with a finned (or "
     "sashimi) fish of that size that removes a candidate"},
    {"logic9_detect", (PyCFunction)(void (*)(void))py_logic9_detect, METH_FASTCALL,
     "logic9_detect(values, masks, givens, ids) -> the index in ids of the first technique "
     "that would change the 9x9 pencilmark state, or -1"},
    {"has_conflict9", py_has_conflict9, METH_O,
     "has_conflict9(values) -> True when a digit repeats in a row, column or box"},
    {"search", py_search, METH_VARARGS,
     "search(rules, puzzle, limit=1, seed=None) -> (count, solution|None, guesses, nodes)"},
    {"batch", py_batch, METH_VARARGS,
     "batch(rules|None, buffer, limit, threads, want_solutions) -> (solutions, counts, guesses)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_engine", "shudu's C solving engine (use shudu.engine).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__engine(void) {
    s9_init();
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
    if (add_technique_ids(m) < 0) goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
