/* CPython glue of shudu._engine: the 9x9 logic entry points (the C ladder, the detectors,
 * the singles), the chain search, the forcing nets, the sums and the cage trials.
 * Arguments are checked here; the algorithms live in logic/ (logic9.c, detect9*.c,
 * chain.c, graph9.c, net.c, msls9.c, sechain9.c, ktrial9.c) and constraints/sums.c. */
#include "module.h"

#include <stdlib.h>
#include <string.h>

#include "constraints/sums.h"
#include "logic/aligned9.h"
#include "logic/uloop9.h"
#include "logic/chain.h"
#include "logic/detect9.h"
#include "logic/fishany9.h"
#include "logic/graph9.h"
#include "logic/ktrial9.h"
#include "logic/logic9.h"
#include "logic/msls9.h"
#include "logic/net.h"
#include "logic/nishio9.h"
#include "logic/gridcache.h"
#include "logic/sechain9.h"
#include "logic/sestatic9.h"

/* ------------------------------------------------------------------ argument checks */

/* nargs in lo .. hi, else a TypeError showing usage; -1 then. */
static int check_nargs(Py_ssize_t nargs, Py_ssize_t lo, Py_ssize_t hi, const char *usage) {
    if (nargs < lo || nargs > hi) {
        PyErr_SetString(PyExc_TypeError, usage);
        return -1;
    }
    return 0;
}

/* An int argument as a C long (or Py_ssize_t); -1 with an exception set. */
static int read_long(PyObject *obj, long *out) {
    *out = PyLong_AsLong(obj);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static int read_ssize(PyObject *obj, Py_ssize_t *out) {
    *out = PyLong_AsSsize_t(obj);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* An int argument in lo .. hi; `range` says so in the error ("kind must be 0, 1 or 2"). */
static int bounded_arg(PyObject *obj, long lo, long hi, const char *range, long *out) {
    if (read_long(obj, out) < 0) return -1;
    if (*out < lo || *out > hi) {
        PyErr_Format(PyExc_ValueError, "%s, got %ld", range, *out);
        return -1;
    }
    return 0;
}

/* The max_level argument of the C ladder: -1 .. L9_LEVELS - 1. */
static int read_max_level(PyObject *obj, long *max_level) {
    if (read_long(obj, max_level) < 0) return -1;
    if (*max_level < -1 || *max_level > L9_LEVELS - 1) {
        PyErr_Format(PyExc_ValueError, "max_level must be between -1 and %d", L9_LEVELS - 1);
        return -1;
    }
    return 0;
}

/* The words argument of the link graph searches (64-bit words per row): 1 .. 1024. */
static int check_words(Py_ssize_t words) {
    if (words < 1 || words > 1024) {
        PyErr_SetString(PyExc_ValueError, "words must be 1..1024");
        return -1;
    }
    return 0;
}

/* A TypeError with message when a or b (b may be NULL) is a str, not bytes-like. */
static int refuse_text(PyObject *a, PyObject *b, const char *message) {
    if (PyUnicode_Check(a) || (b && PyUnicode_Check(b))) {
        PyErr_SetString(PyExc_TypeError, message);
        return -1;
    }
    return 0;
}

/* Copy exactly 81 bytes of a bytes-like object to out ("expected 81 <what>, got n"). */
static int read81(PyObject *obj, const char *what, uint8_t *out) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != 81) {
        PyErr_Format(PyExc_ValueError, "expected 81 %s, got %zd", what, view.len);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(out, view.buf, 81);
    PyBuffer_Release(&view);
    return 0;
}

/* Every cell's raw value in 0..9 and (masks not NULL) candidate mask in 0..511; the first
 * cell that is not is named in the error. */
static int check_cells(const uint8_t *values, const uint16_t *masks) {
    for (int i = 0; i < 81; i++) {
        if (values[i] > 9) {
            PyErr_Format(PyExc_ValueError, "cell %d: expected a value 0..9, found %d", i + 1,
                         (int)values[i]);
            return -1;
        }
        if (masks && masks[i] > 0x1FF) {
            PyErr_Format(PyExc_ValueError, "cell %d: candidate mask %d above 511", i + 1,
                         (int)masks[i]);
            return -1;
        }
    }
    return 0;
}

/* Hold the buffers of count objects in v (refusing a str with the TypeError no_text when
 * that is not NULL); -1 with an exception set and no buffer held. */
static int hold_buffers(PyObject *const *objs, int count, const char *no_text, Py_buffer *v) {
    for (int k = 0; k < count; k++) {
        if ((no_text && refuse_text(objs[k], NULL, no_text) < 0) ||
            PyObject_GetBuffer(objs[k], &v[k], PyBUF_SIMPLE) < 0) {
            for (int j = 0; j < k; j++) PyBuffer_Release(&v[j]);
            return -1;
        }
    }
    return 0;
}

/* n ints as a tuple. */
static PyObject *int_tuple_of(const int *v, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* 81 candidate masks as a tuple of the shared ints of MASK_INTS. */
static PyObject *mask_tuple(const uint16_t *masks) {
    PyObject *out = PyTuple_New(81);
    if (!out) return NULL;
    for (int i = 0; i < 81; i++) {
        PyObject *m = PyTuple_GET_ITEM(MASK_INTS, masks[i] & 0x1FF);
        Py_INCREF(m);
        PyTuple_SET_ITEM(out, i, m);
    }
    return out;
}

/* ------------------------------------------------------------------ the 9x9 ladder */

/* logic9(cells, max_level) -> (solved, hardest_level, candidate masks)
 * cells: bytes-like of exactly 81 raw values 0..9; max_level: -1 .. L9_LEVELS - 1. */
PyObject *py_logic9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9(cells, max_level)") < 0) return NULL;
    long max_level;
    uint8_t in[81];
    if (read_max_level(args[1], &max_level) < 0 ||
        refuse_text(args[0], NULL, "logic9 expects a bytes-like object of 81 values") < 0 ||
        read81(args[0], "cells", in) < 0 || check_cells(in, NULL) < 0)
        return NULL;
    uint16_t cands[81];
    int hardest = -1, solved;
    Py_BEGIN_ALLOW_THREADS
    solved = l9_solve(in, (int)max_level, cands, &hardest);
    Py_END_ALLOW_THREADS
    PyObject *masks = mask_tuple(cands);
    if (!masks) return NULL;
    return Py_BuildValue("(NiN)", PyBool_FromLong(solved), hardest, masks);
}

/* Read and check the (values, masks) pair of a 9x9 pencilmark state: 81 raw values 0..9
 * and 81 masks of at most 9 bits (native-endian uint16 bytes, or a list or tuple of ints).
 * Returns -1 with an exception set. */
static int read_state(PyObject *vobj, PyObject *mobj, uint8_t *values, uint16_t *masks) {
    if (refuse_text(vobj, mobj, "expected bytes-like values and masks") < 0 ||
        read81(vobj, "values", values) < 0)
        return -1;
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
        Py_buffer view;
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
    return check_cells(values, masks);
}

/* A (values, masks) pair (as read_state reads it) as a detector state. */
static int read_d9(PyObject *vobj, PyObject *mobj, d9_state *state) {
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(vobj, mobj, values, masks) < 0) return -1;
    d9_build(state, values, masks, NULL);
    return 0;
}

/* logic9_state(values, masks, max_level) -> (status, hardest, passes, values, masks)
 * values: bytes-like of 81 raw values 0..9; masks: bytes-like of 81 native-endian uint16
 * candidate masks (bits 0..8); max_level: -1 .. L9_LEVELS - 1.  status: 1 solved, 0 stuck,
 * -1 contradiction; passes: per level, the rounds in which it made progress. */
PyObject *py_logic9_state(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 3, 3, "logic9_state(values, masks, max_level)") < 0) return NULL;
    long max_level;
    uint8_t values[81];
    uint16_t masks[81];
    if (read_max_level(args[2], &max_level) < 0 ||
        read_state(args[0], args[1], values, masks) < 0)
        return NULL;
    int hardest = -1, status;
    int passes[L9_LEVELS] = {0};
    Py_BEGIN_ALLOW_THREADS
    status = l9_continue(values, masks, (int)max_level, &hardest, passes);
    Py_END_ALLOW_THREADS
    PyObject *counts = int_tuple_of(passes, L9_LEVELS);
    PyObject *out = counts ? mask_tuple(masks) : NULL;
    if (!out) {
        Py_XDECREF(counts);
        return NULL;
    }
    return Py_BuildValue("(iiNy#N)", status, hardest, counts, (const char *)values,
                         (Py_ssize_t)81, out);
}

/* logic9_probe(values, masks) -> the easiest level (0 .. L9_LEVELS - 1) of the C ladder
 * that would change the 9x9 pencilmark state, or -1 (arguments as for logic9_state). */
PyObject *py_logic9_probe(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_probe(values, masks)") < 0) return NULL;
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
PyObject *py_logic9_single(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 3, 3, "logic9_single(values, masks, kind)") < 0) return NULL;
    long kind;
    if (bounded_arg(args[2], 0, 2, "kind must be 0, 1 or 2", &kind) < 0) return NULL;
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    int cell, digit, house;
    if (!l9_single(values, masks, (int)kind, &cell, &digit, &house)) Py_RETURN_NONE;
    return Py_BuildValue("(iii)", cell, digit, house);
}

/* The list of n (kind, cell, digit, house) tuples of found, or NULL with an error set. */
static PyObject *single_list(const int (*found)[4], int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *t = Py_BuildValue("(iiii)", found[i][0], found[i][1], found[i][2], found[i][3]);
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

/* logic9_hidden_singles(values, masks) -> [(kind, cell, digit, house), ...]: every digit
 * with one place in a house of a 9x9 pencilmark state, as the rater's hidden-single rung
 * reads them (shudu.logic.techniques.classic.singles.hidden_singles): kind 0 in the
 * houses with one cell holding candidates (boxes, then rows and columns), kind 1 in the
 * other boxes, kind 2 in the other rows and columns; digits ascending in a house.  Only
 * the masks are read (a placed cell has none). */
PyObject *py_logic9_hidden_singles(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_hidden_singles(values, masks)") < 0) return NULL;
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    static const int8_t order[3][27] = {
        {18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8,
         9, 10, 11, 12, 13, 14, 15, 16, 17},
        {18, 19, 20, 21, 22, 23, 24, 25, 26, -1},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, -1}};
    int found[243][4], n = 0;
    for (int kind = 0; kind < 3; kind++)
        for (int i = 0; i < 27 && order[kind][i] >= 0; i++) {
            const int h = order[kind][i];
            unsigned pos[9] = {0};
            int open = 0;
            for (int k = 0; k < 9; k++) {
                unsigned m = masks[B9_HOUSE[h][k]] & 0x1FFu;
                open += m != 0;
                for (; m; m &= m - 1) pos[b9_ctz(m)] |= 1u << k;
            }
            if ((open == 1) != (kind == 0)) continue;
            for (int d = 0; d < 9; d++)
                if (pos[d] && !(pos[d] & (pos[d] - 1)) && n < 243) {
                    found[n][0] = kind;
                    found[n][1] = B9_HOUSE[h][b9_ctz(pos[d])];
                    found[n][2] = d + 1;
                    found[n][3] = h;
                    n++;
                }
        }
    return single_list((const int (*)[4])found, n);
}

/* logic9_singles(values, masks) -> [(kind, cell, digit, house), ...]: the singles the
 * solver finds one after another from a 9x9 pencilmark state while only singles apply:
 * each time the first full house (kind 0), else the first hidden single (1), else the
 * first naked single (2), as logic9_single finds them, placed before the next is looked
 * for (its digit leaves the cell's peers).  Empty when the state has no single.  With a
 * true third argument: (singles, level), level as logic9_probe answers for the state the
 * singles leave. */
PyObject *py_logic9_singles(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 3, "logic9_singles(values, masks[, probe])") < 0) return NULL;
    int probe = nargs == 3 ? PyObject_IsTrue(args[2]) : 0;
    if (probe < 0) return NULL;
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    int found[81][4], n = 0;
    while (n < 81) {
        int kind, cell, digit, house;
        for (kind = 0; kind < 3; kind++)
            if (l9_single(values, masks, kind, &cell, &digit, &house)) break;
        if (kind == 3) break;
        found[n][0] = kind;
        found[n][1] = cell;
        found[n][2] = digit;
        found[n][3] = house;
        n++;
        values[cell] = (uint8_t)digit;
        masks[cell] = 0;
        const uint16_t bit = (uint16_t)(1u << (digit - 1));
        for (int k = 0; k < 20; k++) masks[B9_PEERS[cell][k]] &= (uint16_t)~bit;
    }
    PyObject *out = single_list((const int (*)[4])found, n);
    if (!out || !probe) return out;
    int level;
    Py_BEGIN_ALLOW_THREADS
    level = l9_probe(values, masks, L9_LEVELS - 1);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(Ni)", out, level);
}

/* logic9_direct(values, masks, kind) -> whether some pointing (kind 0), claiming (1),
 * hidden pair (2) or hidden triple (3) of a 9x9 pencilmark state removes a candidate and
 * leaves a hidden single (values and masks as for logic9_state). */
PyObject *py_logic9_direct(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 3, 3, "logic9_direct(values, masks, kind)") < 0) return NULL;
    long kind;
    d9_state state;
    if (bounded_arg(args[2], 0, 3, "kind must be 0, 1, 2 or 3", &kind) < 0 ||
        read_d9(args[0], args[1], &state) < 0)
        return NULL;
    return PyBool_FromLong(d9_direct(&state, (int)kind));
}

/* logic9_locked(values, masks, pointing) -> (first house, second house, digit) of the
 * first pointing (pointing true) or claiming of a 9x9 pencilmark state, in the Python
 * finder's order, or None (values and masks as for logic9_state). */
PyObject *py_logic9_locked(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 3, 3, "logic9_locked(values, masks, pointing)") < 0) return NULL;
    int pointing = PyObject_IsTrue(args[2]);
    d9_state state;
    if (pointing < 0 || read_d9(args[0], args[1], &state) < 0) return NULL;
    int a, b, d;
    if (!d9_first_locked(&state, pointing, &a, &b, &d)) Py_RETURN_NONE;
    return Py_BuildValue("(iii)", a, b, d);
}

/* One naked subset found by logic9_naked_subsets, as shudu.logic.subsets.NakedSubset's
 * fields: (cells, digits, house, common houses, eliminations, locked), or NULL. */
static PyObject *naked_subset_item(const d9_state *s, const int *chosen, int size,
                                   unsigned uni, int house) {
    bb81 peers = bb_make(~UINT64_C(0), BB81_HI_ALL);
    for (int k = 0; k < size; k++) peers = bb_and(peers, B9_PEER_BB[chosen[k]]);
    PyObject *elims = PyList_New(0);
    if (!elims) return NULL;
    bb81 hit = bb_make(0, 0);
    for (unsigned u = uni; u; u &= u - 1) {
        int d = b9_ctz(u);
        bb81 where = bb_and(s->cells[d], peers);
        while (bb_any(where)) {
            int cell = bb_pop_low(&where);
            bb_set(&hit, cell);
            PyObject *e = Py_BuildValue("(ii)", cell, d + 1);
            if (!e || PyList_Append(elims, e) < 0) {
                Py_XDECREF(e);
                Py_DECREF(elims);
                return NULL;
            }
            Py_DECREF(e);
        }
    }
    if (PyList_GET_SIZE(elims) == 0) {
        Py_DECREF(elims);
        return Py_NewRef(Py_None);
    }
    /* the houses every cell lies in, ascending (rows, then columns, then boxes) */
    int common[3], nc = 0;
    for (int k = 0; k < 3; k++) {
        int h = B9_CELL_HOUSE[chosen[0]][k], all = 1;
        for (int j = 1; j < size; j++)
            all &= B9_CELL_HOUSE[chosen[j]][k] == h;
        if (all) common[nc++] = h;
    }
    int locked = 0;
    if (size < 4 && nc == 2) {   /* a line and a box: does it clear both? */
        bb81 box = B9_HOUSE_BB[common[1]], line = B9_HOUSE_BB[common[0]];
        locked = bb_meets(hit, box) && bb_meets(hit, bb_andnot(line, box));
    }
    PyObject *cells = PyTuple_New(size), *houses = PyTuple_New(nc);
    PyObject *elim_tuple = PyList_AsTuple(elims);
    Py_DECREF(elims);
    PyObject *item = NULL;
    if (cells && houses && elim_tuple) {
        for (int k = 0; k < size; k++) PyTuple_SET_ITEM(cells, k, PyLong_FromLong(chosen[k]));
        for (int k = 0; k < nc; k++) PyTuple_SET_ITEM(houses, k, PyLong_FromLong(common[k]));
        if (!PyErr_Occurred())
            item = Py_BuildValue("(OIiOOO)", cells, uni, house, houses, elim_tuple,
                                 locked ? Py_True : Py_False);
    }
    Py_XDECREF(cells);
    Py_XDECREF(houses);
    Py_XDECREF(elim_tuple);
    return item;
}

/* The arguments (values, masks, size) of the subset searches, read into a state. */
static int subset_args(PyObject *const *args, Py_ssize_t nargs, const char *usage, long *size,
                       d9_state *state) {
    if (check_nargs(nargs, 3, 3, usage) < 0 ||
        bounded_arg(args[2], 2, 4, "size must be 2, 3 or 4", size) < 0)
        return -1;
    return read_d9(args[0], args[1], state);
}

/* What the subset searches have met: (cells, digits) pairs, at most 27 houses x 126. */
typedef struct {
    bb81 cells[27 * 126];
    uint16_t digits[27 * 126];
    int n;
} met_sets;

/* 1 when (cells, digits) was met before; else it is recorded. */
static int met_before(met_sets *m, bb81 cells, unsigned digits) {
    for (int k = 0; k < m->n; k++)
        if (m->digits[k] == digits && bb_eq(m->cells[k], cells)) return 1;
    if (m->n < 27 * 126) {
        m->cells[m->n] = cells;
        m->digits[m->n++] = (uint16_t)digits;
    }
    return 0;
}

/* Append item (a new reference, or NULL) to out; 0, or -1 with out released. */
static int append_new(PyObject *out, PyObject *item) {
    if (!item || PyList_Append(out, item) < 0) {
        Py_XDECREF(item);
        Py_DECREF(out);
        return -1;
    }
    Py_DECREF(item);
    return 0;
}

/* logic9_naked_subsets(values, masks, size) -> [(cells, digits, house, common, eliminations,
 * locked), ...]: every naked subset of `size` (2..4) cells of a 9x9 pencilmark state that
 * eliminates something, each cell set once, in the order of shudu.logic.subsets'
 * Python search (boxes, rows, columns; cells combined in house order). */
PyObject *py_logic9_naked_subsets(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    long size;
    d9_state state;
    if (subset_args(args, nargs, "logic9_naked_subsets(values, masks, size)", &size, &state) < 0)
        return NULL;
    const d9_state *s = &state;
    met_sets *met = PyMem_Malloc(sizeof *met);
    PyObject *out = PyList_New(0);
    if (!met || !out) {
        PyMem_Free(met);
        Py_XDECREF(out);
        return PyErr_NoMemory();
    }
    met->n = 0;
    for (int i = 0; i < 27 && out; i++) {
        const int h = i < 9 ? 18 + i : i - 9;   /* boxes first, then rows and columns */
        int pool[9], np = 0, open = 0;
        unsigned masks[9];
        for (int k = 0; k < 9; k++) {
            const int cell = B9_HOUSE[h][k];
            const unsigned m = s->c[cell];
            if (!m) continue;
            open++;
            if (b9_popc9(m) <= size) {
                masks[np] = m;
                pool[np++] = cell;
            }
        }
        if (np < size || open <= size) continue;
        combo k;
        unsigned u;
        for (combo_start(&k); combo_next(&k, masks, np, (int)size, &u);) {
            if (b9_popc9(u) != size) continue;
            int chosen[4];
            bb81 key = bb_make(0, 0);
            for (int j = 0; j < size; j++) {
                chosen[j] = pool[k.idx[j]];
                bb_set(&key, chosen[j]);
            }
            if (met_before(met, key, 0)) continue;
            PyObject *item = naked_subset_item(s, chosen, (int)size, u, h);
            if (item == Py_None) {
                Py_DECREF(item);
                continue;
            }
            if (append_new(out, item) < 0) {
                out = NULL;
                break;
            }
        }
    }
    PyMem_Free(met);
    return out;
}

/* logic9_hidden_subsets(values, masks, size) -> [(house, cells, digits), ...]: every hidden
 * subset of `size` (2..4) digits of a 9x9 pencilmark state that eliminates something (a
 * cell of the subset holds another digit), each (cells, digits) once, in the order of
 * shudu.logic.subsets' Python search (boxes, rows, columns; digits combined in order). */
PyObject *py_logic9_hidden_subsets(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    long size;
    d9_state state;
    if (subset_args(args, nargs, "logic9_hidden_subsets(values, masks, size)", &size,
                    &state) < 0)
        return NULL;
    const d9_state *s = &state;
    met_sets *met = PyMem_Malloc(sizeof *met);
    PyObject *out = PyList_New(0);
    if (!met || !out) {
        PyMem_Free(met);
        Py_XDECREF(out);
        return PyErr_NoMemory();
    }
    met->n = 0;
    d9_hidden_walk w = D9_HIDDEN_WALK;
    int h;
    unsigned dmask, u;
    while (out && d9_hidden_next(s, (int)size, &w, &h, &dmask, &u)) {
        bb81 where = bb_make(0, 0);
        int extra = 0;
        for (unsigned m = u; m; m &= m - 1) {
            int cell = B9_HOUSE[h][b9_ctz(m)];
            bb_set(&where, cell);
            extra |= (s->c[cell] & ~dmask & 0x1FFu) != 0;
        }
        if (met_before(met, where, dmask) || !extra) continue;
        PyObject *cells = PyTuple_New(size), *digits = PyTuple_New(size);
        int at = 0;
        bb81 left = where;
        while (cells && bb_any(left))
            PyTuple_SET_ITEM(cells, at++, PyLong_FromLong(bb_pop_low(&left)));
        at = 0;
        for (unsigned d = dmask; digits && d; d &= d - 1)
            PyTuple_SET_ITEM(digits, at++, PyLong_FromLong(b9_ctz(d) + 1));
        PyObject *item = NULL;
        if (cells && digits && !PyErr_Occurred())
            item = Py_BuildValue("(iOO)", h, cells, digits);
        Py_XDECREF(cells);
        Py_XDECREF(digits);
        if (append_new(out, item) < 0) out = NULL;
    }
    PyMem_Free(met);
    return out;
}

/* logic9_trios(values, masks) -> 9 tuples, one per pair of bands and pair of stacks
 * ((0,1)x(0,1), (0,1)x(0,2), (0,1)x(1,2), (0,2)x(0,1), ...): the digit trios (9-bit masks,
 * ascending) that at least nine open cells of those four boxes hold all their candidates
 * in (one to three candidates each), the trios a tridagon may use (values and masks as
 * for logic9_state). */
PyObject *py_logic9_trios(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_trios(values, masks)") < 0) return NULL;
    uint8_t values[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0) return NULL;
    uint16_t trios[84];
    int nt = 0;
    for (unsigned t = 0; t < 512; t++)
        if (b9_popc9(t) == 3) trios[nt++] = (uint16_t)t;
    uint8_t count[9][84];
    memset(count, 0, sizeof count);
    for (int cell = 0; cell < 81; cell++) {
        unsigned m = values[cell] ? 0 : masks[cell] & 0x1FFu;
        int size = b9_popc9(m);
        if (size < 1 || size > 3) continue;
        int box = b9_box(cell);
        for (int k = 0; k < nt; k++)
            if (!(m & ~(unsigned)trios[k])) count[box][k]++;
    }
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    PyObject *out = PyTuple_New(9);
    if (!out) return NULL;
    int slot = 0;
    for (int bp = 0; bp < 3; bp++)
        for (int sp = 0; sp < 3; sp++) {
            const int boxes[4] = {pairs[bp][0] * 3 + pairs[sp][0], pairs[bp][0] * 3 + pairs[sp][1],
                                  pairs[bp][1] * 3 + pairs[sp][0], pairs[bp][1] * 3 + pairs[sp][1]};
            PyObject *list = PyList_New(0);
            if (!list) {
                Py_DECREF(out);
                return NULL;
            }
            for (int k = 0; k < nt; k++) {
                int total = count[boxes[0]][k] + count[boxes[1]][k] + count[boxes[2]][k] +
                            count[boxes[3]][k];
                if (total < 9) continue;
                PyObject *t = PyLong_FromLong(trios[k]);
                if (!t || PyList_Append(list, t) < 0) {
                    Py_XDECREF(t);
                    Py_DECREF(list);
                    Py_DECREF(out);
                    return NULL;
                }
                Py_DECREF(t);
            }
            PyTuple_SET_ITEM(out, slot++, list);
        }
    return out;
}

/* logic9_fish_digits(values, masks, size, sashimi) -> the digits (bit d - 1) of a 9x9
 * pencilmark state with a finned (sashimi when true) fish of size 2..4 that removes a
 * candidate (values and masks as for logic9_state). */
PyObject *py_logic9_fish_digits(PyObject *self, PyObject *const *args,
                                       Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "logic9_fish_digits(values, masks, size, sashimi)") < 0)
        return NULL;
    long size;
    if (bounded_arg(args[2], 2, 4, "fish size must be 2, 3 or 4", &size) < 0) return NULL;
    int sashimi = PyObject_IsTrue(args[3]);
    d9_state state;
    if (sashimi < 0 || read_d9(args[0], args[1], &state) < 0) return NULL;
    return PyLong_FromUnsignedLong(d9_finned_fish_digits(&state, (int)size, sashimi));
}

/* A set of cells as a Python int (bit c for cell c). */
static PyObject *bb81_int(bb81 x) {
    unsigned char buf[16];
    for (int i = 0; i < 8; i++) {
        buf[i] = (unsigned char)(x.lo >> (8 * i));
        buf[8 + i] = (unsigned char)(x.hi >> (8 * i));
    }
    return _PyLong_FromByteArray(buf, 16, 1, 0);
}

/* One fish as (base, cover, cells, fins, 0, eliminations), appended to the list ctx. */
static int fish_to_list(void *ctx, const int *base, const int *cover, int size, bb81 cells,
                        bb81 fins, bb81 elims) {
    PyObject *item = Py_BuildValue("(NNNNiN)", int_tuple_of(base, size),
                                   int_tuple_of(cover, size), bb81_int(cells), bb81_int(fins), 0,
                                   bb81_int(elims));
    if (!item) return -1;
    int r = PyList_Append((PyObject *)ctx, item);
    Py_DECREF(item);
    return r;
}

/* A set of cells 0..80 given as an int (bit c for cell c) into *out; -1 with an error set
 * when it is not one. */
static int int_bb81(PyObject *obj, bb81 *out) {
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "expected the digit's cells as an int");
        return -1;
    }
    if (_PyLong_Sign(obj) < 0 || _PyLong_NumBits(obj) > 81) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "expected a set of cells 0..80 (an int below 2**81)");
        return -1;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(obj);
    if (lo == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    PyObject *shift = PyLong_FromLong(64);
    PyObject *high = shift ? PyNumber_Rshift(obj, shift) : NULL;
    Py_XDECREF(shift);
    if (!high) return -1;
    unsigned long long hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (hi == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = bb_make(lo, hi);
    return 0;
}

/* A 9x9 grid's peers (bytes-like: 81 pairs of native uint64, the low and high words of
 * each cell's peer set, as shudu.logic.accel9.peer_words makes them) into peer[81], bits
 * beyond cell 80 dropped; -1 with ValueError when the length is not 1296 bytes. */
static int read_peer_words(PyObject *obj, bb81 peer[81]) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != (Py_ssize_t)(81 * 2 * sizeof(uint64_t))) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "expected the peers as 1296 bytes (81 pairs of uint64)");
        return -1;
    }
    const uint8_t *p = view.buf;
    for (int c = 0; c < 81; c++) {
        uint64_t w[2];
        memcpy(w, p + 16 * c, sizeof w);
        peer[c] = bb_make(w[0], w[1] & ((UINT64_C(1) << 17) - 1));
    }
    PyBuffer_Release(&view);
    return 0;
}

/* logic9_fish_any(cells, size, base_kind, peers, max_fins) -> whether a finned fish of
 * size 2..4 of one digit (cells: int, 81 bits), rows (base_kind 0) or columns (1) as base,
 * with at most max_fins fins, may have an elimination on a 9x9 grid whose cells' peers are
 * peers (bytes: 81 pairs of native uint64, the low and high words of each cell's peer
 * set) (fishany9.h). */
PyObject *py_logic9_fish_any(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 5, 5, "logic9_fish_any(cells, size, base_kind, peers, max_fins)") < 0)
        return NULL;
    bb81 cells;
    long size, kind, max_fins;
    if (int_bb81(args[0], &cells) < 0 ||
        bounded_arg(args[1], 2, 4, "fish size must be 2, 3 or 4", &size) < 0 ||
        bounded_arg(args[2], 0, 1, "base_kind must be 0 (rows) or 1 (columns)", &kind) < 0 ||
        bounded_arg(args[4], 1, 81, "max_fins must be 1..81", &max_fins) < 0)
        return NULL;
    bb81 peers[81];
    if (read_peer_words(args[3], peers) < 0) return NULL;
    return PyBool_FromLong(fish_any9(cells, (int)size, (int)kind, peers, (int)max_fins));
}

/* logic9_finned_fish(cells, size, base_kind) -> the finned and sashimi fish of size 2..4
 * of one digit of a classic 9x9 grid (cells: int, bit c for cell c, 81 bits), rows
 * (base_kind 0) or columns (1) as base: (base houses, cover houses, base cells, fins, 0,
 * eliminations), in the order of shudu.logic.fish's Python search. */
PyObject *py_logic9_finned_fish(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 3, 3, "logic9_finned_fish(cells, size, base_kind)") < 0) return NULL;
    bb81 cells;
    long size, kind;
    if (int_bb81(args[0], &cells) < 0 ||
        bounded_arg(args[1], 2, 4, "fish size must be 2, 3 or 4", &size) < 0 ||
        bounded_arg(args[2], 0, 1, "base_kind must be 0 (rows) or 1 (columns)", &kind) < 0)
        return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    if (d9_finned_fish_list(cells, (int)size, (int)kind, fish_to_list, out) < 0) {
        Py_DECREF(out);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "finned fish search failed");
        return NULL;
    }
    return out;
}

/* The lists logic9_als_index fills: cells, digits, houses, dcells, targ, rcc. */
typedef struct {
    PyObject *lists[6];
} als_out;

/* A list of nine bitboards as Python ints (digits outside the set share one 0). */
static PyObject *bb81_list9(const bb81 *v) {
    PyObject *l = PyList_New(9);
    if (!l) return NULL;
    for (int d = 0; d < 9; d++) {
        PyObject *x = bb_any(v[d]) ? bb81_int(v[d]) : PyLong_FromLong(0);
        if (!x) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, d, x);
    }
    return l;
}

/* Append a new reference to a list (the list keeps it). */
static int list_take(PyObject *list, PyObject *item) {
    if (!item) return -1;
    int r = PyList_Append(list, item);
    Py_DECREF(item);
    return r;
}

static int als_set_to_lists(void *ctx, bb81 cells, unsigned digits, int house,
                            const bb81 *dcells, const bb81 *targ) {
    als_out *o = ctx;
    PyObject *d = PyDict_New();
    if (list_take(o->lists[0], bb81_int(cells)) < 0 ||
        list_take(o->lists[1], PyLong_FromUnsignedLong(digits)) < 0 ||
        list_take(o->lists[2], PyLong_FromLong(house)) < 0 ||
        list_take(o->lists[3], bb81_list9(dcells)) < 0 ||
        list_take(o->lists[4], bb81_list9(targ)) < 0 || list_take(o->lists[5], d) < 0)
        return -1;
    return 0;
}

static int als_pair_to_dicts(void *ctx, int i, int j, unsigned rcc) {
    als_out *o = ctx;
    PyObject *r = PyLong_FromUnsignedLong(rcc);
    PyObject *ki = PyLong_FromLong(i), *kj = PyLong_FromLong(j);
    int bad = !r || !ki || !kj ||
              PyDict_SetItem(PyList_GET_ITEM(o->lists[5], i), kj, r) < 0 ||
              PyDict_SetItem(PyList_GET_ITEM(o->lists[5], j), ki, r) < 0;
    Py_XDECREF(r);
    Py_XDECREF(ki);
    Py_XDECREF(kj);
    return bad ? -1 : 0;
}

/* A 9x9 grid's houses (bytes-like: 9 cells 0..80 a house, min_houses to max_houses of
 * them, at most 64) into house[][9] and *nh; -1 with ValueError naming the bounds when
 * they are not that. */
static int read_house_bytes(PyObject *hobj, int min_houses, int max_houses, uint8_t house[][9],
                            int *nh) {
    Py_buffer hv;
    if (PyObject_GetBuffer(hobj, &hv, PyBUF_SIMPLE) < 0) return -1;
    int bad_count = hv.len % 9 || hv.len / 9 < min_houses || hv.len / 9 > max_houses;
    int bad_cell = 0;
    const uint8_t *h = hv.buf;
    for (Py_ssize_t i = 0; !bad_count && !bad_cell && i < hv.len; i++) bad_cell = h[i] > 80;
    if (!bad_count && !bad_cell) {
        *nh = (int)(hv.len / 9);
        memcpy(house, h, (size_t)hv.len);
    }
    PyBuffer_Release(&hv);
    if (bad_count) {
        PyErr_Format(PyExc_ValueError, "expected the houses as 9 cells each, %d to %d houses",
                     min_houses, max_houses);
        return -1;
    }
    if (bad_cell) {
        PyErr_SetString(PyExc_ValueError, "expected house cells 0..80");
        return -1;
    }
    return 0;
}

/* A 9x9 grid's houses (read_house_bytes, at most D9_ALS_MAX_HOUSES) and peers
 * (read_peer_words) into *geo; -1 with ValueError when they are not that. */
static int read_als_geo(PyObject *hobj, PyObject *pobj, d9_als_geo *geo) {
    if (read_house_bytes(hobj, 0, D9_ALS_MAX_HOUSES, geo->house, &geo->nh) < 0) return -1;
    return read_peer_words(pobj, geo->peer);
}

/* logic9_als_index(values, masks[, houses, peers]) -> (cells, digits, houses, dcells,
 * targ, rcc) or None: the almost locked sets of a 9x9 pencilmark state (values and masks
 * as for logic9_state) in the order of shudu.logic.als.AlsIndex, with its fields as lists
 * (rcc: per set, {partner: RCC digit mask} in the Python insertion order); None when the
 * state holds more sets or links than the C tables.  With houses and peers (read_als_geo)
 * the sets are those of a grid with those houses and peers, not of rows, columns and
 * boxes. */
PyObject *py_logic9_als_index(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 4, "logic9_als_index(values, masks[, houses, peers])") < 0)
        return NULL;
    if (nargs == 3) {
        PyErr_SetString(PyExc_TypeError, "logic9_als_index takes the houses with the peers");
        return NULL;
    }
    d9_state state;
    if (read_d9(args[0], args[1], &state) < 0) return NULL;
    d9_als_geo *geo = NULL;
    if (nargs == 4) {
        geo = malloc(sizeof *geo);
        if (!geo) return PyErr_NoMemory();
        if (read_als_geo(args[2], args[3], geo) < 0) {
            free(geo);
            return NULL;
        }
    }
    als_out o;
    for (int k = 0; k < 6; k++) o.lists[k] = PyList_New(0);
    int got = -1;
    if (o.lists[0] && o.lists[1] && o.lists[2] && o.lists[3] && o.lists[4] && o.lists[5])
        got = d9_als_export_geo(&state, geo, als_set_to_lists, als_pair_to_dicts, &o);
    free(geo);
    PyObject *out = NULL;
    if (got == 1) {
        out = PyTuple_New(6);
        if (out)
            for (int k = 0; k < 6; k++) {
                PyTuple_SET_ITEM(out, k, o.lists[k]);
                o.lists[k] = NULL;
            }
    } else if (got == 0) {
        out = Py_NewRef(Py_None);
    } else if (got == -2) {
        PyErr_NoMemory();
    }
    for (int k = 0; k < 6; k++) Py_XDECREF(o.lists[k]);
    return out;
}

/* logic9_als_wing(values, masks) -> (a, b, c, x, y), () or None: the first ALS-XY-Wing
 * of a 9x9 pencilmark state as shudu.logic.als.find_als_xy_wing yields it (the cells of
 * sets A, B and the pivot C as ints, bit c for cell c; RCC digit indices x and y), ()
 * when there is none, None when the state holds more sets or links than the C tables. */
PyObject *py_logic9_als_wing(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_als_wing(values, masks)") < 0) return NULL;
    d9_state state;
    if (read_d9(args[0], args[1], &state) < 0) return NULL;
    bb81 sets[3];
    int out[2] = {0, 0}, got;
    Py_BEGIN_ALLOW_THREADS
    got = d9_als_xy_wing_first(&state, sets, out);
    Py_END_ALLOW_THREADS
    if (got == -2) return PyErr_NoMemory();
    if (got < 0) Py_RETURN_NONE;
    if (!got) return PyTuple_New(0);
    return Py_BuildValue("(NNNii)", bb81_int(sets[0]), bb81_int(sets[1]), bb81_int(sets[2]),
                         out[0], out[1]);
}

/* logic9_als_xz(values, masks) -> (a, b, rcc), () or None: the first ALS-XZ of a 9x9
 * pencilmark state as shudu.logic.als.find_als_xz yields it (the cells of sets A and B as
 * ints, their RCC digits as a mask of digit indices), () when there is none, None when
 * the state holds more sets or links than the C tables. */
PyObject *py_logic9_als_xz(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_als_xz(values, masks)") < 0) return NULL;
    d9_state state;
    if (read_d9(args[0], args[1], &state) < 0) return NULL;
    bb81 sets[2];
    unsigned rcc = 0;
    int got;
    Py_BEGIN_ALLOW_THREADS
    got = d9_als_xz_first(&state, sets, &rcc);
    Py_END_ALLOW_THREADS
    if (got == -2) return PyErr_NoMemory();
    if (got < 0) Py_RETURN_NONE;
    if (!got) return PyTuple_New(0);
    return Py_BuildValue("(NNI)", bb81_int(sets[0]), bb81_int(sets[1]), rcc);
}

/* logic9_als_xz_wing(values, masks) -> (xz, wing) or None: logic9_als_xz and
 * logic9_als_wing of one state from one index (each a tuple, or () when there is none);
 * None when the state holds more sets or links than the C tables. */
PyObject *py_logic9_als_xz_wing(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_als_xz_wing(values, masks)") < 0) return NULL;
    d9_state state;
    if (read_d9(args[0], args[1], &state) < 0) return NULL;
    bb81 xz[2], wing[3];
    unsigned rcc = 0;
    int out[2] = {0, 0}, xz_got = 0, got;
    Py_BEGIN_ALLOW_THREADS
    got = d9_als_xz_wing_first(&state, xz, &rcc, &xz_got, wing, out);
    Py_END_ALLOW_THREADS
    if (got == -2) return PyErr_NoMemory();
    if (got < 0) Py_RETURN_NONE;
    PyObject *a = xz_got ? Py_BuildValue("(NNI)", bb81_int(xz[0]), bb81_int(xz[1]), rcc)
                         : PyTuple_New(0);
    if (!a) return NULL;
    PyObject *b = got ? Py_BuildValue("(NNNii)", bb81_int(wing[0]), bb81_int(wing[1]),
                                      bb81_int(wing[2]), out[0], out[1])
                      : PyTuple_New(0);
    if (!b) {
        Py_DECREF(a);
        return NULL;
    }
    return Py_BuildValue("(NN)", a, b);
}

/* logic9_als_chain(values, masks) -> (sets, rccs, zmask), () or None: the first
 * ALS-XY-Chain of a 9x9 pencilmark state as shudu.logic.als.find_als_xy_chain yields it
 * (the cells of its sets in chain order as ints, bit c for cell c; the RCC digit index of
 * each link; the eliminated digits as a mask of digit indices), () when there is none,
 * None when the state holds more than the C tables. */
PyObject *py_logic9_als_chain(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "logic9_als_chain(values, masks)") < 0) return NULL;
    d9_state state;
    if (read_d9(args[0], args[1], &state) < 0) return NULL;
    bb81 sets[7];
    int rcc[6] = {0};
    unsigned zmask = 0;
    int got;
    Py_BEGIN_ALLOW_THREADS
    got = d9_als_xy_chain_first(&state, sets, rcc, &zmask);
    Py_END_ALLOW_THREADS
    if (got == -2) return PyErr_NoMemory();
    if (got < 0) Py_RETURN_NONE;
    if (!got) return PyTuple_New(0);
    if (got > 7) {
        PyErr_SetString(PyExc_RuntimeError, "ALS chain search gave too long a chain");
        return NULL;
    }
    PyObject *cells = PyTuple_New(got), *links = PyTuple_New(got - 1);
    if (!cells || !links) goto fail;
    for (int i = 0; i < got; i++) {
        PyObject *v = bb81_int(sets[i]);
        if (!v) goto fail;
        PyTuple_SET_ITEM(cells, i, v);
    }
    for (int i = 0; i + 1 < got; i++) {
        PyObject *v = PyLong_FromLong(rcc[i]);
        if (!v) goto fail;
        PyTuple_SET_ITEM(links, i, v);
    }
    return Py_BuildValue("(NNI)", cells, links, zmask);
fail:
    Py_XDECREF(cells);
    Py_XDECREF(links);
    return NULL;
}

/* logic9_detect(values, masks, givens, ids) -> the index in ids of the first technique
 * whose detector says it would change the 9x9 pencilmark state, or -1 (detect9.h).
 * values, masks: as for logic9_state; givens: bytes-like of 81 (non-zero = given);
 * ids: bytes-like of technique ids (unknown ids count as "would change"). */
PyObject *py_logic9_detect(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "logic9_detect(values, masks, givens, ids)") < 0) return NULL;
    uint8_t values[81], givens[81];
    uint16_t masks[81];
    if (read_state(args[0], args[1], values, masks) < 0 ||
        refuse_text(args[2], args[3], "expected bytes-like givens and ids") < 0 ||
        read81(args[2], "givens", givens) < 0)
        return NULL;
    Py_buffer view;
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


/* Append one chain-end pair to the result list (ch_pair_fn of ch_aic_pairs). */
typedef struct {
    PyObject *list;
    Py_ssize_t row;
} aic_out;

static int append_pair(void *ctx, ptrdiff_t a, ptrdiff_t b, int least, int count,
                       const uint8_t *elims) {
    aic_out *out = ctx;
    PyObject *item = Py_BuildValue("(nniiy#)", (Py_ssize_t)a, (Py_ssize_t)b, least, count,
                                   (const char *)elims, out->row);
    if (!item || PyList_Append(out->list, item) < 0) {
        Py_XDECREF(item);
        return -2;
    }
    Py_DECREF(item);
    return 0;
}

/* Holds the rows of a link graph of `words` 64-bit words per row: args[0], args[1] and
 * args[2] (strong, weak and conf: one row per node) into v[0..2], and args[4] (one row of
 * nodes) into v[3].  Returns the number of nodes, or -1 with an exception set (holding no
 * buffer then). */
static Py_ssize_t graph_rows(PyObject *const *args, Py_ssize_t words, Py_buffer v[4]) {
    PyObject *const objs[4] = {args[0], args[1], args[2], args[4]};
    if (hold_buffers(objs, 4, "expected bytes-like rows", v) < 0) return -1;
    Py_ssize_t row = words * 8;
    Py_ssize_t nodes = v[0].len / row;
    if (v[0].len % row || v[1].len != v[0].len || v[2].len != v[0].len || v[3].len != row ||
        nodes > words * 64 || nodes > 65536) {
        PyErr_SetString(PyExc_ValueError,
                        "strong, weak and conf must hold the same whole number of node rows "
                        "(at most 64 * words and 65536), nodes one row");
        for (int k = 0; k < 4; k++) PyBuffer_Release(&v[k]);
        return -1;
    }
    return nodes;
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
PyObject *py_aic_pairs(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 8, 9, "aic_pairs(strong, weak, conf, words, nodes, base, cells, "
                                 "complete[, closures])") < 0)
        return NULL;
    Py_ssize_t words, base, ncells;
    if (read_ssize(args[3], &words) < 0 || read_ssize(args[5], &base) < 0 ||
        read_ssize(args[6], &ncells) < 0)
        return NULL;
    int complete = PyObject_IsTrue(args[7]);
    if (complete < 0) return NULL;
    if (words < 1 || words > 1024 || ncells < 1 || base < 0) {
        PyErr_SetString(PyExc_ValueError, "words must be 1..1024, cells >= 1, base >= 0");
        return NULL;
    }
    Py_buffer v[4], out;
    int got_views = 0, got_out = 0;
    PyObject *result = NULL;
    Py_ssize_t nodes = graph_rows(args, words, v);
    if (nodes < 0) goto done;
    got_views = 4;
    Py_ssize_t row = words * 8;
    if (nargs == 9 && args[8] != Py_None) {
        if (PyObject_GetBuffer(args[8], &out, PyBUF_WRITABLE) < 0) goto done;
        got_out = 1;
        if (out.len != 2 * v[0].len) {
            PyErr_SetString(PyExc_ValueError, "closures must hold two rows per node");
            goto done;
        }
    }
    result = PyList_New(0);
    if (!result) goto done;
    aic_out sink = {result, row};
    int rc = ch_aic_pairs(v[0].buf, v[1].buf, v[2].buf, v[3].buf, words, nodes, base, ncells,
                          complete, got_out ? (uint8_t *)out.buf : NULL, append_pair, &sink);
    if (rc) {
        if (rc == -1) PyErr_NoMemory();
        Py_CLEAR(result);
    }
done:
    for (int k = 0; k < got_views; k++) PyBuffer_Release(&v[k]);
    if (got_out) PyBuffer_Release(&out);
    return result;
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
int add_technique_ids(PyObject *m) {
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

/* ------------------------------------------------------------------ forcing nets */

#define NET_CAPSULE "shudu.net_geometry"

static void free_net_geo(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, NET_CAPSULE));
}

/* Read count little-endian 16-byte cell sets from a bytes-like object into out. */
static int read_bits(PyObject *obj, int count, net_bits *out, const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != (Py_ssize_t)count * 16) {
        PyErr_Format(PyExc_ValueError, "expected %d bytes of %s, got %zd", count * 16, what,
                     view.len);
        PyBuffer_Release(&view);
        return -1;
    }
    const uint8_t *b = view.buf;
    for (int k = 0; k < count; k++) {
        uint64_t lo = 0, hi = 0;
        for (int j = 7; j >= 0; j--) {
            lo = lo << 8 | b[16 * k + j];
            hi = hi << 8 | b[16 * k + 8 + j];
        }
        out[k] = net_words(lo, hi);
    }
    PyBuffer_Release(&view);
    return 0;
}

/* net_geometry(n, ncells, peers, houses) -> a capsule for net_propagate: peers holds one
 * 16-byte little-endian cell set per cell, houses one per house. */
PyObject *py_net_geometry(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "net_geometry(n, ncells, peers, houses)") < 0) return NULL;
    long n, cells;
    if (read_long(args[0], &n) < 0 || read_long(args[1], &cells) < 0) return NULL;
    if (n < 1 || n > NET_MAX_DIGITS || cells < 1 || cells > NET_MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "forcing nets in C take up to %d digits and %d cells",
                     NET_MAX_DIGITS, NET_MAX_CELLS);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[3], &view, PyBUF_SIMPLE) < 0) return NULL;
    Py_ssize_t houses = view.len / 16;
    PyBuffer_Release(&view);
    if (houses > NET_MAX_HOUSES) {
        PyErr_Format(PyExc_ValueError, "forcing nets in C take up to %d houses", NET_MAX_HOUSES);
        return NULL;
    }
    net_geo *g = PyMem_Calloc(1, sizeof(net_geo));
    if (!g) return PyErr_NoMemory();
    g->n = (int)n;
    g->ncells = (int)cells;
    g->nhouses = (int)houses;
    net_bits all = net_first((int)cells);
    if (read_bits(args[2], (int)cells, g->peer, "peer sets") < 0 ||
        read_bits(args[3], (int)houses, g->house, "house sets") < 0) {
        PyMem_Free(g);
        return NULL;
    }
    for (int c = 0; c < cells; c++) g->peer[c] = net_and(g->peer[c], all);
    for (int h = 0; h < houses; h++) g->house[h] = net_and(g->house[h], all);
    PyObject *capsule = PyCapsule_New(g, NET_CAPSULE, free_net_geo);
    if (!capsule) PyMem_Free(g);
    return capsule;
}

/* A universal candidate set (bit d * ncells + c) of per-digit cell sets, as an int. */
static PyObject *universal(const net_geo *g, const net_bits *sets) {
    uint8_t buf[NET_MAX_CELLS * NET_MAX_DIGITS / 8];
    memset(buf, 0, sizeof buf);
    for (int d = 0; d < g->n; d++) {
        for (net_bits s = sets[d]; net_any(s); s = net_drop_low(s)) {
            int i = d * g->ncells + net_low(s);
            buf[i >> 3] |= (uint8_t)(1u << (i & 7));
        }
    }
    return _PyLong_FromByteArray(buf, (size_t)(g->n * g->ncells + 7) / 8, 1, 0);
}

#define ROOT_CAPSULE "shudu.net_root"

static void free_net_root(PyObject *capsule) {
    net_root *root = PyCapsule_GetPointer(capsule, ROOT_CAPSULE);
    if (!root) return;
    PyMem_Free(root->rt);
    PyMem_Free(root->rf);
    PyMem_Free(root);
}

/* net_root(geometry, dm) -> a capsule with the plain net of every candidate of the state
 * dm, both ways, for net_propagate2. */
PyObject *py_net_root(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "net_root(geometry, dm)") < 0) return NULL;
    const net_geo *g = PyCapsule_GetPointer(args[0], NET_CAPSULE);
    if (!g) return NULL;
    net_bits dm[NET_MAX_DIGITS];
    if (read_bits(args[1], g->n, dm, "digit masks") < 0) return NULL;
    size_t count = (size_t)g->n * (size_t)g->ncells;
    net_root *root = PyMem_Calloc(1, sizeof(net_root));
    if (root) {
        root->rt = PyMem_Calloc(count, sizeof(net_result));
        root->rf = PyMem_Calloc(count, sizeof(net_result));
    }
    if (!root || !root->rt || !root->rf) {
        if (root) {
            PyMem_Free(root->rt);
            PyMem_Free(root->rf);
            PyMem_Free(root);
        }
        return PyErr_NoMemory();
    }
    root->n = g->n;
    root->ncells = g->ncells;
    Py_BEGIN_ALLOW_THREADS
    net_root_build(g, dm, root);
    Py_END_ALLOW_THREADS
    PyObject *capsule = PyCapsule_New(root, ROOT_CAPSULE, free_net_root);
    if (!capsule) {
        PyMem_Free(root->rt);
        PyMem_Free(root->rf);
        PyMem_Free(root);
    }
    return capsule;
}

/* The (count, T, F) or (-1, count, 0) answer of a propagation (see net_propagate). */
static PyObject *net_answer(const net_geo *g, const net_bits *dm, int size, int count,
                            const net_bits *placed, const net_bits *out) {
    if (size == -2) {
        PyErr_SetString(PyExc_RuntimeError, "forcing net queue overflow");
        return NULL;
    }
    if (size < 0) return Py_BuildValue("(iii)", -1, count, 0);
    net_bits gone[NET_MAX_DIGITS];
    for (int d = 0; d < g->n; d++) gone[d] = net_andnot(net_andnot(dm[d], out[d]), placed[d]);
    PyObject *t = universal(g, placed), *f = t ? universal(g, gone) : NULL;
    if (!f) {
        Py_XDECREF(t);
        return NULL;
    }
    return Py_BuildValue("(iNN)", size, t, f);
}

/* Read and check (place_cell, place_digit, remove) for a grid; -1 with an exception. */
static int read_assumption(const net_geo *g, PyObject *const *args, long *cell, long *digit,
                           long *remove) {
    if (read_long(args[0], cell) < 0 || read_long(args[1], digit) < 0 ||
        read_long(args[2], remove) < 0)
        return -1;
    if (*cell >= g->ncells || (*cell >= 0 && (*digit < 0 || *digit >= g->n)) ||
        *remove >= (long)g->n * g->ncells) {
        PyErr_SetString(PyExc_ValueError, "candidate outside the grid");
        return -1;
    }
    return 0;
}

/* net_explain(geometry, dm, place_cell, place_digit, remove) -> (events, outcome, at,
 * digit): why the plain net of one assumption does what it does (net.h, net_explain):
 * events, a list of (cell, digit, kind, where) with 1-based digits and kind 0 assumed, 1
 * naked single, 2 hidden single of house where (-1 otherwise); outcome 0 no
 * contradiction, 1 a cell with no candidate (at), 2 a house (at) with no place for a
 * digit, 3 a single that needs a digit its cell (at) no longer has; digit 1-based or 0. */
PyObject *py_net_explain(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 5, 5, "net_explain(geometry, dm, place_cell, place_digit, remove)") <
        0)
        return NULL;
    const net_geo *g = PyCapsule_GetPointer(args[0], NET_CAPSULE);
    if (!g) return NULL;
    long cell, digit, remove;
    if (read_assumption(g, args + 2, &cell, &digit, &remove) < 0) return NULL;
    net_bits dm[NET_MAX_DIGITS];
    if (read_bits(args[1], g->n, dm, "digit masks") < 0) return NULL;
    net_story *story = malloc(sizeof *story);
    if (!story) return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    net_explain(g, dm, (int)cell, (int)digit, (int)remove, story);
    Py_END_ALLOW_THREADS
    PyObject *events = PyList_New(story->nevents), *out = NULL;
    if (!events) goto done;
    for (int k = 0; k < story->nevents; k++) {
        PyObject *item = Py_BuildValue("(iiii)", story->cell[k], story->digit[k] + 1,
                                       story->kind[k], story->where[k]);
        if (!item) goto done;
        PyList_SET_ITEM(events, k, item);
    }
    out = Py_BuildValue("(Oiii)", events, story->outcome, story->at,
                        story->digit_at >= 0 ? story->digit_at + 1 : 0);
done:
    Py_XDECREF(events);
    free(story);
    return out;
}

/* net_first_broken(geometry, dm, start) -> (index, count): the first candidate of the
 * state dm, by universal index from start on and then round from 0, whose plain net
 * breaks, and the singles it placed until then; (-1, 0) when none does. */
PyObject *py_net_first_broken(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 3, 3, "net_first_broken(geometry, dm, start)") < 0) return NULL;
    const net_geo *g = PyCapsule_GetPointer(args[0], NET_CAPSULE);
    if (!g) return NULL;
    net_bits dm[NET_MAX_DIGITS];
    long start;
    if (read_bits(args[1], g->n, dm, "digit masks") < 0 || read_long(args[2], &start) < 0)
        return NULL;
    if (start < 0 || start > (long)g->n * g->ncells) {
        PyErr_SetString(PyExc_ValueError, "start outside the grid's candidates");
        return NULL;
    }
    for (int d = 0; d < g->n; d++) dm[d] = net_and(dm[d], net_first(g->ncells));
    int count = 0, hit = net_first_broken(g, dm, (int)start, &count);
    if (hit == -2) {
        PyErr_SetString(PyExc_RuntimeError, "forcing net queue overflow");
        return NULL;
    }
    return Py_BuildValue("(ii)", hit, hit < 0 ? 0 : count);
}

/* net_propagate2(geometry, root, dm, place_cell, place_digit, remove) -> as net_propagate,
 * at nesting level 2 from the state dm, refuting with the plain nets of root (see net_root),
 * whose state must hold every candidate of dm. */
PyObject *py_net_propagate2(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 6, 6,
                    "net_propagate2(geometry, root, dm, place_cell, place_digit, remove)") < 0)
        return NULL;
    const net_geo *g = PyCapsule_GetPointer(args[0], NET_CAPSULE);
    if (!g) return NULL;
    const net_root *root = PyCapsule_GetPointer(args[1], ROOT_CAPSULE);
    if (!root) return NULL;
    if (root->n != g->n || root->ncells != g->ncells) {
        PyErr_SetString(PyExc_ValueError, "the root was built for another geometry");
        return NULL;
    }
    net_bits dm[NET_MAX_DIGITS], placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    if (read_bits(args[2], g->n, dm, "digit masks") < 0) return NULL;
    for (int d = 0; d < g->n; d++) {
        if (net_any(net_andnot(dm[d], root->dm[d]))) {
            PyErr_SetString(PyExc_ValueError, "the state has a candidate the root state has not");
            return NULL;
        }
    }
    long cell, digit, remove;
    if (read_assumption(g, args + 3, &cell, &digit, &remove) < 0) return NULL;
    int count = 0, size;
    Py_BEGIN_ALLOW_THREADS
    size = net_propagate2(g, root, dm, (int)cell, (int)digit, (int)remove, placed, out, &count);
    Py_END_ALLOW_THREADS
    return net_answer(g, dm, size, count, placed, out);
}

/* net_propagate(geometry, dm, place_cell, place_digit, remove) -> (count, T, F) after
 * placing (place_cell >= 0) and/or removing (remove >= 0) a candidate and applying singles
 * to a fixpoint, or (-1, count, 0) on a contradiction; dm holds the n digit masks (16
 * bytes each, little-endian).  T and F are universal candidate sets: proved true, removed. */
PyObject *py_net_propagate(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 5, 5,
                    "net_propagate(geometry, dm, place_cell, place_digit, remove)") < 0)
        return NULL;
    const net_geo *g = PyCapsule_GetPointer(args[0], NET_CAPSULE);
    if (!g) return NULL;
    long cell, digit, remove;
    if (read_assumption(g, args + 2, &cell, &digit, &remove) < 0) return NULL;
    net_bits dm[NET_MAX_DIGITS], placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    if (read_bits(args[1], g->n, dm, "digit masks") < 0) return NULL;
    int count = 0;
    int size = net_propagate(g, dm, (int)cell, (int)digit, (int)remove, placed, out, &count);
    return net_answer(g, dm, size, count, placed, out);
}


/* A 9x9 grid's houses (read_house_bytes, 27 to G9_MAX_HOUSES, the first 27 its rows,
 * columns and boxes) and peers (read_peer_words) into *geo; -1 with ValueError when they
 * are not that. */
static int read_graph_geo(PyObject *hobj, PyObject *pobj, g9_geo *geo) {
    uint8_t house[G9_MAX_HOUSES][9];
    if (read_house_bytes(hobj, 27, G9_MAX_HOUSES, house, &geo->nh) < 0) return -1;
    for (int k = 0; k < geo->nh; k++) {
        geo->house[k] = bb_make(0, 0);
        for (int x = 0; x < 9; x++) geo->house[k] = bb_or(geo->house[k], bb_cell(house[k][x]));
    }
    return read_peer_words(pobj, geo->peer);
}

/* chain_graph9(values, masks, flags[, houses, peers, weak]) -> (words, nodes, strong, weak,
 * conf, group_cells, group_digits): the link graph of a 9x9 state (graph9.h), as
 * ChainGraph.build makes it without ALS nodes.  flags: G9_* bits (1 conjugate, 2 bivalue,
 * 4 cell weak, 8 only bivalue, 16 grouped).  The grid is classic, or the one of houses
 * and peers (read_graph_geo); weak, None or 729 rows of 12 native 64-bit words, adds the
 * constraint weak links between candidates (g9_graph.extra_weak).  nodes: one row of
 * `words` little-endian 64-bit words; strong, weak, conf: one such row per node (729
 * candidates, then the groups); group_cells: 16 bytes per group (the 81-cell bitboard,
 * little-endian); group_digits: one byte per group (0-based). */
PyObject *py_chain_graph9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3 && nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "chain_graph9(values, masks, flags[, houses, peers, weak])");
        return NULL;
    }
    uint8_t values[81];
    uint16_t masks[81];
    long flags;
    if (read_state(args[0], args[1], values, masks) < 0 || read_long(args[2], &flags) < 0)
        return NULL;
    if (flags < 0 || flags > 31) {
        PyErr_SetString(PyExc_ValueError, "flags must be 0..31");
        return NULL;
    }
    g9_geo *geo = NULL;
    Py_buffer extra;
    int got_extra = 0;
    if (nargs == 6) {
        geo = malloc(sizeof *geo);
        if (!geo) return PyErr_NoMemory();
        if (read_graph_geo(args[3], args[4], geo) < 0) {
            free(geo);
            return NULL;
        }
        if (args[5] != Py_None) {
            if (PyObject_GetBuffer(args[5], &extra, PyBUF_SIMPLE) < 0) {
                free(geo);
                return NULL;
            }
            got_extra = 1;
            if (extra.len != (Py_ssize_t)G9_BASE * G9_CAND_WORDS * 8) {
                PyBuffer_Release(&extra);
                free(geo);
                PyErr_SetString(PyExc_ValueError, "expected the weak links as 729 rows of 96 bytes");
                return NULL;
            }
        }
    }
    PyObject *rows[3] = {NULL, NULL, NULL}, *out = NULL;
    g9_graph *g = malloc(sizeof *g);
    if (!g) {
        PyErr_NoMemory();
        goto done;
    }
    /* the rows are made in place in the bytes handed back (they are large: no copy) */
    g9_layout(masks, (int)flags, geo, g);
    Py_ssize_t row = (Py_ssize_t)g->words * 8;
    Py_ssize_t all = row * g->size;
    for (int k = 0; k < 3; k++) {
        rows[k] = PyBytes_FromStringAndSize(NULL, all);
        if (!rows[k]) goto done;
        char *buf = PyBytes_AS_STRING(rows[k]);
        if ((uintptr_t)buf % _Alignof(uint64_t)) {   /* never with CPython's allocator */
            PyErr_SetString(PyExc_SystemError, "bytes storage not aligned for the graph rows");
            goto done;
        }
        memset(buf, 0, (size_t)all);
    }
    g->strong = (uint64_t *)(void *)PyBytes_AS_STRING(rows[0]);
    g->weak = (uint64_t *)(void *)PyBytes_AS_STRING(rows[1]);
    g->conf = (uint64_t *)(void *)PyBytes_AS_STRING(rows[2]);
    if (got_extra) g->extra_weak = extra.buf;
    Py_BEGIN_ALLOW_THREADS
    g9_links(masks, g);
    Py_END_ALLOW_THREADS
    uint8_t *cells = malloc((size_t)16 * G9_MAX_GROUPS);
    if (!cells) {
        PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < g->ngroups; k++) {
        memcpy(cells + 16 * k, &g->group_cells[k].lo, 8);
        memcpy(cells + 16 * k + 8, &g->group_cells[k].hi, 8);
    }
    out = Py_BuildValue("(iy#OOOy#y#)", g->words, (const char *)g->nodes, row, rows[0],
                        rows[1], rows[2], (const char *)cells, (Py_ssize_t)16 * g->ngroups,
                        (const char *)g->group_digit, (Py_ssize_t)g->ngroups);
    free(cells);
done:
    for (int k = 0; k < 3; k++) Py_XDECREF(rows[k]);
    if (got_extra) PyBuffer_Release(&extra);
    free(geo);
    free(g);
    return out;
}

/* chain_closures(strong, weak, conf, words, nodes[, false_rows]) -> (false_rows, true_rows,
 * eliminable, clash_false, clash_true, weak_return): every node's closures (chain.h,
 * ch_closures), with the rows of aic_pairs.  false_rows, when given (bytes-like, two rows
 * per node, as aic_pairs' closures buffer holds them), are the "node false" closures
 * already found: they are read, not searched again, and handed back as they are. */
PyObject *py_chain_closures(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 5, 6, "chain_closures(strong, weak, conf, words, nodes[, false_rows])")
        < 0)
        return NULL;
    Py_ssize_t words;
    if (read_ssize(args[3], &words) < 0 || check_words(words) < 0) return NULL;
    Py_buffer v[4], known;
    int got_views = 0, got_known = 0;
    PyObject *out[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    PyObject *result = NULL;
    Py_ssize_t nodes = graph_rows(args, words, v);
    if (nodes < 0) goto done;
    got_views = 4;
    Py_ssize_t row = words * 8;
    int given = nargs == 6 && args[5] != Py_None;
    if (given) {
        if (PyObject_GetBuffer(args[5], &known, PyBUF_SIMPLE) < 0) goto done;
        got_known = 1;
        if (known.len != 2 * v[0].len) {
            PyErr_SetString(PyExc_ValueError, "false_rows must hold two rows per node");
            goto done;
        }
    }
    Py_ssize_t sizes[6] = {2 * v[0].len, 2 * v[0].len, row, row, row, row};
    for (int k = 0; k < 6; k++) {
        if (k == 0 && given) {
            out[0] = args[5];
            Py_INCREF(out[0]);
            continue;
        }
        out[k] = PyBytes_FromStringAndSize(NULL, sizes[k]);
        if (!out[k]) goto done;
    }
    uint8_t *o[6];
    for (int k = 1; k < 6; k++) o[k] = (uint8_t *)PyBytes_AS_STRING(out[k]);
    /* given rows are only read (ch_closures writes false_rows when it finds them) */
    o[0] = given ? (uint8_t *)known.buf : (uint8_t *)PyBytes_AS_STRING(out[0]);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = ch_closures(v[0].buf, v[1].buf, v[2].buf, v[3].buf, words, nodes, o[0], given, o[1],
                     o[2], o[3], o[4], o[5]);
    Py_END_ALLOW_THREADS
    if (rc) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyTuple_Pack(6, out[0], out[1], out[2], out[3], out[4], out[5]);
done:
    for (int k = 0; k < got_views; k++) PyBuffer_Release(&v[k]);
    if (got_known) PyBuffer_Release(&known);
    for (int k = 0; k < 6; k++) Py_XDECREF(out[k]);
    return result;
}


/* chain_loop_starts(false_rows, words, base, cells) -> row bytes: the candidate nodes a
 * (below base) whose "a false" closure makes a true, or another candidate of a's cell
 * above a (ch_loop_starts); false_rows as chain_closures gives them. */
PyObject *py_chain_loop_starts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "chain_loop_starts(false_rows, words, base, cells)") < 0)
        return NULL;
    Py_ssize_t words, base, cells;
    if (read_ssize(args[1], &words) < 0 || check_words(words) < 0 ||
        read_ssize(args[2], &base) < 0 || read_ssize(args[3], &cells) < 0)
        return NULL;
    if (base < 0 || cells < 1 || base > words * 64) {
        PyErr_SetString(PyExc_ValueError, "base must be 0..64 * words and cells positive");
        return NULL;
    }
    if (refuse_text(args[0], NULL, "false_rows must be bytes-like, not str") < 0) return NULL;
    Py_buffer v;
    if (PyObject_GetBuffer(args[0], &v, PyBUF_SIMPLE) < 0) return NULL;
    const Py_ssize_t row = words * 8;
    if (v.len % (2 * row)) {
        PyBuffer_Release(&v);
        PyErr_SetString(PyExc_ValueError, "false_rows must hold two rows per node");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, row);
    if (out)
        ch_loop_starts(v.buf, words, v.len / (2 * row), base, cells,
                       (uint8_t *)PyBytes_AS_STRING(out));
    PyBuffer_Release(&v);
    return out;
}

/* chain_verity(true_rows, words, present, sets) -> [(k, T, F), ...]: for each branch set k
 * (row k of sets: a bitset of nodes, one of which is true) the literals every branch
 * implies: the AND over its nodes of their true closures (rows 2i and 2i + 1 of
 * true_rows, as chain_closures gives them), less the set's own nodes and less what is
 * not in present (one row); only the sets where T or F is left, ascending, with T and F
 * as row bytes.  An empty set implies nothing. */
PyObject *py_chain_verity(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "chain_verity(true_rows, words, present, sets)") < 0) return NULL;
    Py_ssize_t words;
    if (read_ssize(args[1], &words) < 0 || check_words(words) < 0) return NULL;
    Py_buffer v[3];
    PyObject *const objs[3] = {args[0], args[2], args[3]};
    if (hold_buffers(objs, 3, NULL, v) < 0) return NULL;
    PyObject *out = NULL;
    uint64_t *T = NULL, *F = NULL;
    const Py_ssize_t row = words * 8;
    const Py_ssize_t nodes = v[0].len / (2 * row), nsets = v[2].len / row;
    if (v[0].len % (2 * row) || v[1].len != row || v[2].len % row) {
        PyErr_SetString(PyExc_ValueError, "true_rows must hold two rows per node, present one "
                        "row and sets whole rows");
        goto done;
    }
    T = malloc((size_t)row);
    F = malloc((size_t)row);
    out = PyList_New(0);
    if (!T || !F || !out) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        Py_CLEAR(out);
        goto done;
    }
    const uint8_t *r = (const uint8_t *)v[0].buf, *pr = (const uint8_t *)v[1].buf;
    for (Py_ssize_t k = 0; k < nsets; k++) {
        const uint8_t *set = (const uint8_t *)v[2].buf + k * row;
        memset(T, 0xFF, (size_t)row);
        memset(F, 0xFF, (size_t)row);
        uint64_t any = 1;
        int members = 0;
        for (Py_ssize_t w = 0; w < words && any; w++) {
            uint64_t m;
            memcpy(&m, set + 8 * w, 8);
            for (; m && any; m &= m - 1) {
                Py_ssize_t i = w * 64 + sd_ctz64(m);
                if (i >= nodes) {   /* a node without closure rows */
                    PyErr_SetString(PyExc_ValueError, "a set holds a node past the rows");
                    Py_CLEAR(out);
                    goto done;
                }
                members++;
                const uint8_t *t = r + 2 * i * row, *f = t + row;
                any = 0;
                for (Py_ssize_t x = 0; x < words; x++) {
                    uint64_t a, b;
                    memcpy(&a, t + 8 * x, 8);
                    memcpy(&b, f + 8 * x, 8);
                    T[x] &= a;
                    F[x] &= b;
                    any |= T[x] | F[x];
                }
            }
        }
        if (!any || !members) continue;
        any = 0;
        for (Py_ssize_t x = 0; x < words; x++) {
            uint64_t p, m;
            memcpy(&p, pr + 8 * x, 8);
            memcpy(&m, set + 8 * x, 8);
            T[x] &= p & ~m;
            F[x] &= p & ~m;
            any |= T[x] | F[x];
        }
        if (!any) continue;
        PyObject *item = Py_BuildValue("(ny#y#)", k, (const char *)T, row, (const char *)F, row);
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(out);
            goto done;
        }
        Py_DECREF(item);
    }
done:
    free(T);
    free(F);
    for (int k = 0; k < 3; k++) PyBuffer_Release(&v[k]);
    return out;
}

/* msls9(values, masks, min_cells, limit) -> [(rows, cols)]: the row and column sets
 * (9-bit masks) of the multi-sector locked sets of a classic 9x9 state (msls9.h), at
 * most `limit` (1..4096) of them, in the order of the search. */
PyObject *py_msls9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "msls9(values, masks, min_cells, limit)") < 0) return NULL;
    uint8_t values[81];
    uint16_t masks[81];
    long min_cells, limit;
    if (read_state(args[0], args[1], values, masks) < 0 || read_long(args[2], &min_cells) < 0 ||
        read_long(args[3], &limit) < 0)
        return NULL;
    if (min_cells < 0 || min_cells > 81 || limit < 1 || limit > 4096) {
        PyErr_SetString(PyExc_ValueError, "min_cells must be 0..81 and limit 1..4096");
        return NULL;
    }
    uint16_t *rows = malloc(sizeof(uint16_t) * 2 * (size_t)limit);
    if (!rows) return PyErr_NoMemory();
    uint16_t *cols = rows + limit;
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = msls9_find(masks, (int)min_cells, (int)limit, rows, cols);
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(found);
    for (int k = 0; out && k < found; k++) {
        PyObject *item = Py_BuildValue("(ii)", (int)rows[k], (int)cols[k]);
        if (!item) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, k, item);
    }
    free(rows);
    return out;
}

/* chain_parents(strong, weak, words, lit, banned) -> bytes: the breadth-first parents
 * of every literal reached from lit (chain.h, ch_parents), as native int32 values, two
 * literals per node (-1 for lit, -2 when not reached); banned: one row of nodes never
 * entered. */
PyObject *py_chain_parents(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 5, 5, "chain_parents(strong, weak, words, lit, banned)") < 0)
        return NULL;
    Py_ssize_t words, lit;
    if (read_ssize(args[2], &words) < 0 || read_ssize(args[3], &lit) < 0 ||
        check_words(words) < 0)
        return NULL;
    Py_buffer v[3];
    PyObject *out = NULL;
    PyObject *const objs[3] = {args[0], args[1], args[4]};
    if (hold_buffers(objs, 3, "expected bytes-like rows", v) < 0) return NULL;
    Py_ssize_t row = words * 8;
    Py_ssize_t nodes = v[0].len / row;
    if (v[0].len % row || v[1].len != v[0].len || v[2].len != row || nodes > words * 64 ||
        nodes > 65536 || lit < 0 || lit >= 2 * nodes) {
        PyErr_SetString(PyExc_ValueError,
                        "strong and weak must hold the same whole number of node rows (at "
                        "most 64 * words and 65536), banned one row, lit a literal of a node");
        goto done;
    }
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)sizeof(int32_t) * 2 * nodes);
    if (!out) goto done;
    int rc;
    int32_t *parent = (int32_t *)PyBytes_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS
    rc = ch_parents(v[0].buf, v[1].buf, words, nodes, lit, v[2].buf, parent);
    Py_END_ALLOW_THREADS
    if (rc) {
        Py_CLEAR(out);
        PyErr_NoMemory();
    }
done:
    for (int k = 0; k < 3; k++) PyBuffer_Release(&v[k]);
    return out;
}

/* Reads a tuple of at most SUMS_MAX_CELLS ints in lo .. hi into out (exactly `want` of
 * them unless `want` is -1); its length, or -1 with an exception set. */
static Py_ssize_t int_tuple(PyObject *obj, const char *name, long long lo, long long hi,
                            Py_ssize_t want, long long *out) {
    if (!PyTuple_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of ints", name);
        return -1;
    }
    Py_ssize_t k = PyTuple_GET_SIZE(obj);
    if (k > SUMS_MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd cells, at most %d", name, k,
                     SUMS_MAX_CELLS);
        return -1;
    }
    if (want >= 0 && k != want) {
        PyErr_Format(PyExc_ValueError, "%s must have one entry per cell (%zd), got %zd", name,
                     want, k);
        return -1;
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(obj, j));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] must be in %lld..%lld, got %lld", name, j,
                         lo, hi, v);
            return -1;
        }
        out[j] = v;
    }
    return k;
}

/* sum_supports(total, masks, links, signs) -> the digits each cell takes in some filling
 * (a tuple of masks), or () when none (sums.h).  masks: 1..32 candidate masks of digits
 * 1..32; links: per cell, the cells it must differ from (bit j = cell j); signs: +1/-1 per
 * cell, or None. */
PyObject *py_sum_supports(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 4, 4, "sum_supports(total, masks, links, signs)") < 0) return NULL;
    long total;
    long long masks[SUMS_MAX_CELLS], links[SUMS_MAX_CELLS], signs[SUMS_MAX_CELLS];
    if (bounded_arg(args[0], -100000, 100000, "total must be in -100000..100000", &total) < 0)
        return NULL;
    Py_ssize_t k = int_tuple(args[1], "masks", 0, 0xFFFFFFFFLL, -1, masks);
    if (k < 0 || int_tuple(args[2], "links", 0, 0xFFFFFFFFLL, k, links) < 0) return NULL;
    int8_t sign[SUMS_MAX_CELLS];
    if (args[3] != Py_None) {
        if (int_tuple(args[3], "signs", -1, 1, k, signs) < 0) return NULL;
        for (Py_ssize_t j = 0; j < k; j++) {
            if (!signs[j]) {
                PyErr_SetString(PyExc_ValueError, "signs must be 1 or -1");
                return NULL;
            }
            sign[j] = (int8_t)signs[j];
        }
    }
    if (k == 0) return PyTuple_New(0);
    uint32_t m[SUMS_MAX_CELLS], l[SUMS_MAX_CELLS], out[SUMS_MAX_CELLS];
    for (Py_ssize_t j = 0; j < k; j++) {
        m[j] = (uint32_t)masks[j];
        l[j] = (uint32_t)links[j] & (uint32_t)(k == 32 ? 0xFFFFFFFFu : ((1u << k) - 1));
    }
    int got = sums_supports((int)total, (int)k, m, l, args[3] == Py_None ? NULL : sign, out);
    if (got < 0) return PyErr_NoMemory();
    if (!got) return PyTuple_New(0);
    PyObject *res = PyTuple_New(k);
    if (!res) return NULL;
    for (Py_ssize_t j = 0; j < k; j++) {
        PyObject *v = PyLong_FromUnsignedLong(out[j]);
        if (!v) {
            Py_DECREF(res);
            return NULL;
        }
        PyTuple_SET_ITEM(res, j, v);
    }
    return res;
}

/* nishio9(lo, hi) -> 162 bytes: the complexity of the Nishio chain of each assumption on
 * one digit's candidate cells (nishio9.h). */
PyObject *py_nishio9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "nishio9(lo, hi)") < 0) return NULL;
    uint64_t lo = PyLong_AsUnsignedLongLong(args[0]);
    if (PyErr_Occurred()) return NULL;
    uint64_t hi = PyLong_AsUnsignedLongLong(args[1]);
    if (PyErr_Occurred()) return NULL;
    uint8_t out[162];
    nishio9(lo, hi, out);
    return PyBytes_FromStringAndSize((const char *)out, 162);
}

/* The 81 cell candidate masks of a 9x9 state from a buffer of 162 bytes (uint16, native
 * order, each below 512) into cm; -1 with ValueError(msg) when it is not that. */
static int read_masks81(PyObject *obj, uint16_t cm[81], const char *msg) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    int bad = view.len != (Py_ssize_t)(81 * sizeof *cm);
    if (!bad) {
        memcpy(cm, view.buf, 81 * sizeof *cm);
        for (int c = 0; c < 81; c++) bad |= cm[c] > 511;
    }
    PyBuffer_Release(&view);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, msg);
        return -1;
    }
    return 0;
}

/* sechain9(masks, dynamic, level=0) -> bytes: Sudoku Explainer's multiple (dynamic 0),
 * dynamic, or nested (level 1: "(+)", 2: "(+ Forcing Chains)", 3: "(+ Multiple Forcing
 * Chains)", 4: "(+ Dynamic Forcing Chains)") forcing chains of a
 * 9x9 state, masks the 81 cell candidate masks as 162 bytes (uint16, native order, each
 * below 512), as int32 quadruples in the order SE finds them (sechain9.h). */
PyObject *py_sechain9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 3, "sechain9(masks, dynamic, level=0)") < 0) return NULL;
    long level = 0;
    if (nargs == 3) {
        level = PyLong_AsLong(args[2]);
        if (level == -1 && PyErr_Occurred()) return NULL;
        if (level < 0 || level > SECHAIN_MAX_LEVEL) {
            PyErr_Format(PyExc_ValueError, "sechain9: level must be between 0 and %d",
                         SECHAIN_MAX_LEVEL);
            return NULL;
        }
    }
    uint16_t cm[81];
    if (read_masks81(args[0], cm, "sechain9: masks must be 81 uint16 values below 512") < 0)
        return NULL;
    int dynamic = PyObject_IsTrue(args[1]);
    if (dynamic < 0) return NULL;
    int32_t *out;
    int n;
    Py_BEGIN_ALLOW_THREADS
    n = sechain9(cm, dynamic, (int)level, &out);
    Py_END_ALLOW_THREADS
    if (n == -2) {
        PyErr_SetString(PyExc_ValueError, "sechain9: a level it does not make");
        return NULL;
    }
    if (n < 0) return PyErr_NoMemory();
    PyObject *res = PyBytes_FromStringAndSize((const char *)out,
                                              (Py_ssize_t)n * 4 * (Py_ssize_t)sizeof(int32_t));
    free(out);
    return res;
}

/* A tuple of the n values at v, NULL with an exception set when memory ran out. */
static PyObject *u16_tuple(const uint16_t *v, int n) {
    PyObject *t = PyTuple_New(n);
    for (int j = 0; t && j < n; j++) {
        PyObject *x = PyLong_FromLong(v[j]);
        if (!x) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, j, x);
    }
    return t;
}

/* sestatic9(masks, ceiling=0.0) -> list: Sudoku Explainer's static forcing chains and
 * cycles of a 9x9 state (masks as for sechain9) in SE's order: the easiest hint and each
 * next one rated no more than it or the ceiling.  Each hint is a tuple (rating, cycle,
 * links, removals, chain): links SE's sort key (2 houses, 3 cells, 4 both), removals
 * digit * 81 + cell, chain the potentials' keys 2 * (digit * 81 + cell) + on from the
 * target back. */
PyObject *py_sestatic9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 1, 2, "sestatic9(masks, ceiling=0.0)") < 0) return NULL;
    uint16_t cm[81];
    if (read_masks81(args[0], cm, "sestatic9: masks must be 81 uint16 values below 512") < 0)
        return NULL;
    double ceiling = 0.0;
    if (nargs == 2) {
        ceiling = PyFloat_AsDouble(args[1]);
        if (ceiling == -1.0 && PyErr_Occurred()) return NULL;
    }
    sestatic_t *st = sestatic9_mine();   /* this thread's, kept until sechain9_forget */
    if (!st) return PyErr_NoMemory();
    int n;
    Py_BEGIN_ALLOW_THREADS
    n = sestatic9(st, cm);
    Py_END_ALLOW_THREADS
    if (n < 0) return PyErr_NoMemory();
    if (n) {
        double top = sestatic9_hint(st, 0)->diff;
        if (ceiling > top) top = ceiling;
        int kept = 1;
        while (kept < n && sestatic9_hint(st, kept)->diff <= top + 1e-9) kept++;
        n = kept;
    }
    PyObject *res = PyList_New(n);
    const uint16_t *keys = sestatic9_keys(st), *rems = sestatic9_removals(st);
    for (int i = 0; res && i < n; i++) {
        const sestatic_hint *h = sestatic9_hint(st, i);
        PyObject *rem = u16_tuple(rems + h->rem, h->n_rem);
        PyObject *chain = u16_tuple(keys + h->chain, h->n), *t = NULL;
        if (rem && chain) t = Py_BuildValue("(diiOO)", h->diff, h->cycle, h->links, rem, chain);
        Py_XDECREF(rem);
        Py_XDECREF(chain);
        if (!t) {
            Py_CLEAR(res);
            break;
        }
        PyList_SET_ITEM(res, i, t);
    }
    return res;
}

/* sechain9_forget() -> None: frees what the nested levels of sechain9 keep by grid in
 * this thread (logic/gridcache.h), as a rating ends. */
PyObject *py_sechain9_forget(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    (void)args;
    if (check_nargs(nargs, 0, 0, "sechain9_forget()") < 0) return NULL;
    gridcache_clear();
    sechain9_release();
    sestatic9_release();
    Py_RETURN_NONE;
}

/* ktrial9(layout, masks, values, trials) -> bytes, one per trial: 1 when the assumption
 * breaks, 0 when not; None where the C core cannot walk them (no 128-bit integers).
 * layout: int32 values in native order (ktrial9.h); masks: 81 uint16 candidate masks;
 * values: 81 bytes; trials: (cell, digit) byte pairs. */
PyObject *py_ktrial9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view[4];
    if (check_nargs(nargs, 4, 4, "ktrial9(layout, masks, values, trials)") < 0 ||
        hold_buffers(args, 4, NULL, view) < 0)
        return NULL;
    const int got = 4;
    PyObject *res = NULL;
    if (view[0].len % 4 || view[1].len != 162 || view[2].len != 81 || view[3].len % 2) {
        PyErr_SetString(PyExc_ValueError, "ktrial9: bad buffer sizes");
        goto done;
    }
    Py_ssize_t n = view[3].len / 2;
    uint8_t *cells = PyMem_Malloc((size_t)(2 * n + 1));
    if (!cells) {
        PyErr_NoMemory();
        goto done;
    }
    uint8_t *digits = cells + n, *out = NULL;
    const uint8_t *pairs = view[3].buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        cells[i] = pairs[2 * i];
        digits[i] = pairs[2 * i + 1];
    }
    uint16_t masks[81];
    memcpy(masks, view[1].buf, sizeof masks);
    res = PyBytes_FromStringAndSize(NULL, n);
    if (res) {
        out = (uint8_t *)PyBytes_AS_STRING(res);
        int status = ktrial9((const int32_t *)view[0].buf, (int)(view[0].len / 4), masks,
                             view[2].buf, (int)n, cells, digits, out);
        if (status < 0) {
            Py_DECREF(res);
            res = NULL;
            if (status == -2) {
                PyErr_NoMemory();
            } else {
                res = Py_None;
                Py_INCREF(res);
            }
        }
    }
    PyMem_Free(cells);
done:
    for (int i = 0; i < got; i++) PyBuffer_Release(&view[i]);
    return res;
}

/* ktrial9_cuts(layout, masks, values, cells, keeps) -> list of (broken, placed, final) |
 * None: ktrial9_cuts, one trial per uint16 of keeps (native order), each keeping its
 * digits in the cells (bytes, each 0..80); final: 162 bytes, the 81 uint16 masks the
 * trial left (a cell it filled its digit, one filled before 0), b"" for a trial that
 * broke.  None where the C core cannot walk them. */
PyObject *py_ktrial9_cuts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Py_buffer view[5];
    if (check_nargs(nargs, 5, 5, "ktrial9_cuts(layout, masks, values, cells, keeps)") < 0 ||
        hold_buffers(args, 5, NULL, view) < 0)
        return NULL;
    const int got = 5;
    PyObject *res = NULL;
    void *work = NULL;
    if (view[0].len % 4 || view[1].len != 162 || view[2].len != 81 || view[3].len > 81 ||
        view[4].len % 2 || view[4].len > 2 * 4096) {
        PyErr_SetString(PyExc_ValueError, "ktrial9_cuts: bad buffer sizes");
        goto done;
    }
    const uint8_t *cells = view[3].buf;
    for (Py_ssize_t j = 0; j < view[3].len; j++)
        if (cells[j] > 80) {
            PyErr_SetString(PyExc_ValueError, "ktrial9_cuts: a cell beyond 80");
            goto done;
        }
    const int n = (int)(view[4].len / 2);
    /* one block: per trial 81 final masks and its keep (uint16), then out and placed */
    work = PyMem_Malloc((size_t)n * (82 * sizeof(uint16_t) + 2) + 1);
    if (!work) {
        PyErr_NoMemory();
        goto done;
    }
    uint16_t *final = (uint16_t *)work, *keeps = final + (size_t)n * 81;
    uint8_t *out = (uint8_t *)(keeps + n), *placed = out + n;
    uint16_t masks[81];
    memcpy(masks, view[1].buf, sizeof masks);
    memcpy(keeps, view[4].buf, (size_t)n * sizeof *keeps);
    const int status = ktrial9_cuts((const int32_t *)view[0].buf, (int)(view[0].len / 4),
                                    masks, view[2].buf, (int)view[3].len, cells, n, keeps,
                                    out, placed, final);
    if (status == -2) {
        PyErr_NoMemory();
    } else if (status < 0) {
        res = Py_None;
        Py_INCREF(res);
    } else {
        res = PyList_New(n);
        for (int i = 0; res && i < n; i++) {
            PyObject *item = Py_BuildValue(
                "(Niy#)", PyBool_FromLong(out[i]), (int)placed[i],
                (const char *)(final + (size_t)i * 81), (Py_ssize_t)(out[i] ? 0 : 162));
            if (!item) Py_CLEAR(res);
            else PyList_SET_ITEM(res, i, item);
        }
    }
done:
    PyMem_Free(work);
    for (int i = 0; i < got; i++) PyBuffer_Release(&view[i]);
    return res;
}

/* aligned9(masks, degree) -> list of (a, b, c, gone_a, gone_b, gone_c): the Aligned Pair
 * (degree 2) or Triplet (degree 3) Exclusions of a 9x9 state in the order they are found,
 * masks the 81 cell candidate masks as 162 bytes (uint16, native order, each below 512, 0
 * for a placed cell); c is -1 for a pair (aligned9.h). */
PyObject *py_aligned9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 2, 2, "aligned9(masks, degree)") < 0) return NULL;
    long degree;
    if (bounded_arg(args[1], 2, 3, "aligned9: degree must be 2 or 3", &degree) < 0)
        return NULL;
    uint16_t cm[81];
    if (read_masks81(args[0], cm, "aligned9: masks must be 81 uint16 values below 512") < 0)
        return NULL;
    enum { MAX_HITS = 4096 };
    aligned_hit *hits = malloc(MAX_HITS * sizeof *hits);
    if (!hits) return PyErr_NoMemory();
    int n;
    Py_BEGIN_ALLOW_THREADS
    n = aligned9(cm, (int)degree, hits, MAX_HITS);
    Py_END_ALLOW_THREADS
    if (n > MAX_HITS) n = MAX_HITS;
    PyObject *res = PyList_New(n);
    for (int i = 0; res && i < n; i++) {
        PyObject *item = Py_BuildValue("(iiiiii)", hits[i].cell[0], hits[i].cell[1],
                                       hits[i].cell[2], hits[i].gone[0], hits[i].gone[1],
                                       hits[i].gone[2]);
        if (!item) {
            Py_CLEAR(res);
            break;
        }
        PyList_SET_ITEM(res, i, item);
    }
    free(hits);
    return res;
}

/* uloop9(masks) -> list of (a, b, cells): the unique loops of six cells or more of a 9x9
 * state, as shudu.logic.techniques.classic.unique_loops finds them (0-based digits a < b,
 * the cells in loop order), masks the 81 cell candidate masks as 162 bytes (uint16,
 * native order, each below 512, 0 for a placed cell) (uloop9.h). */
PyObject *py_uloop9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_nargs(nargs, 1, 1, "uloop9(masks)") < 0) return NULL;
    uint16_t cm[81];
    if (read_masks81(args[0], cm, "uloop9: masks must be 81 uint16 values below 512") < 0)
        return NULL;
    uloop9_loop *loops;
    int n;
    Py_BEGIN_ALLOW_THREADS
    n = uloop9(cm, &loops);
    Py_END_ALLOW_THREADS
    if (n < 0) return PyErr_NoMemory();
    PyObject *res = PyList_New(n);
    for (int i = 0; res && i < n; i++) {
        uint16_t at[ULOOP9_MAX_CELLS];
        for (int j = 0; j < loops[i].len; j++) at[j] = loops[i].cell[j];
        PyObject *cells = u16_tuple(at, loops[i].len);
        PyObject *item = cells ? Py_BuildValue("(iiN)", loops[i].a, loops[i].b, cells) : NULL;
        if (!item) {
            Py_CLEAR(res);
            break;
        }
        PyList_SET_ITEM(res, i, item);
    }
    free(loops);
    return res;
}
