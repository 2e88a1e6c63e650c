/* CPython glue of shudu._engine: solving, counting and batches (solve9, has_conflict9,
 * Rules, search, Enumerator, batch).  Arguments are checked here; the solvers run with the
 * GIL released on private copies of the input. */
#include "module.h"

#include <stddef.h>
#include <structmember.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "constraints/rules_extra.h"
#include "engine/board9.h"
#include "engine/generic.h"
#include "engine/solve9.h"
#include "threads.h"

/* ------------------------------------------------------------------------ 9x9 path */

/* Nodes searched between two looks at the clock and the stop byte (a few hundred
 * microseconds of the slowest search, 25x25). */
#define SEARCH_SLICE 256
/* Seconds between two looks at signals (each takes the GIL for a moment). */
#define SIGNAL_EVERY 0.01

/* What bounds a long search: a clock (timeout > 0 seconds from t0), Ctrl-C (looked at
 * with the GIL, in the main thread only, every SIGNAL_EVERY seconds) and a stop byte
 * another thread may set (the first byte of a bytearray, held as a buffer for the
 * search's length, or of a batch). */
typedef struct {
    double t0, timeout, next_signal;
    const uint8_t *stop;
    PyThreadState *ts; /* the released thread state, while the search runs */
    int signals;       /* 1: this thread sees Ctrl-C */
    int why;           /* 0 running, 1 timeout or stop byte, -1 a signal's exception */
    uint64_t look_at;  /* the generic search's node count at its next look (the first
                        * after a slice: a short search ends before it looks) */
} search_bound;

/* Start a bound (with the GIL): no stop byte, the calling thread's signals. */
static void bound_start(search_bound *b, double timeout) {
    b->t0 = sd_monotonic_seconds();
    b->timeout = timeout;
    b->next_signal = b->t0;
    b->stop = NULL;
    b->ts = NULL;
    b->signals = PyThread_get_thread_ident() == MAIN_THREAD;
    b->why = 0;
    b->look_at = SEARCH_SLICE;
}

static int bound_open(search_bound *b, double timeout, PyObject *stop_obj, Py_buffer *view) {
    bound_start(b, timeout);
    view->obj = NULL;
    if (stop_obj && stop_obj != Py_None) {
        if (!PyByteArray_Check(stop_obj)) {
            PyErr_SetString(PyExc_TypeError, "stop must be a bytearray");
            return -1;
        }
        if (PyObject_GetBuffer(stop_obj, view, PyBUF_SIMPLE) < 0) return -1;
        if (view->len < 1) {
            PyBuffer_Release(view);
            view->obj = NULL;
            PyErr_SetString(PyExc_ValueError, "stop must hold at least one byte");
            return -1;
        }
        b->stop = (const uint8_t *)view->buf;
    }
    return 0;
}

/* Called without the GIL: nonzero when the search must stop (b->why says why). */
static int bound_check(search_bound *b) {
    if (b->why) return b->why;
    if (b->stop && sd_flag_load(b->stop)) return b->why = 1;
    if (!(b->timeout > 0) && !(b->signals && b->ts)) return 0;
    const double now = sd_monotonic_seconds();
    if (b->timeout > 0 && now - b->t0 > b->timeout) return b->why = 1;
    if (b->signals && b->ts && now >= b->next_signal) {
        b->next_signal = now + SIGNAL_EVERY;
        PyEval_RestoreThread(b->ts);
        if (PyErr_CheckSignals() < 0) b->why = -1;
        b->ts = PyEval_SaveThread();
    }
    return b->why;
}

static int s9_bound_tick(void *ctx) { return bound_check((search_bound *)ctx); }

/* sg_next until it answers (its return value) or the bound stops it (-2), looking at the
 * bound every SEARCH_SLICE nodes however often solutions come; called without the GIL. */
static int sg_next_bounded(sg_solver *s, uint8_t *out, search_bound *b) {
    for (;;) {
        sd_stats st;
        sg_get_stats(s, &st);
        if (st.nodes >= b->look_at) {
            if (bound_check(b)) return -2;
            b->look_at = st.nodes + SEARCH_SLICE;
        }
        sg_set_pause(s, b->look_at - st.nodes);
        const int r = sg_next(s, out);
        if (r != -2) return r;
    }
}

/* Count the solutions of in up to limit (the first to out, the others to spare) within
 * the bound; called without the GIL.  Returns the count, or -2 - found when the bound
 * stopped the search after `found` solutions. */
static int sg_count_bounded(sg_solver *s, const uint8_t *in, int limit, const uint64_t *rng,
                            uint8_t *out, uint8_t *spare, search_bound *b) {
    b->look_at = SEARCH_SLICE;
    if (sg_start(s, in, rng) < 0) return 0;
    int count = 0;
    while (count < limit) {
        const int r = sg_next_bounded(s, count == 0 ? out : spare, b);
        if (r == -2) return -2 - count;
        if (r != 1) break;
        count++;
    }
    return count;
}

/* solve9(puzzle, limit=1, seed=None, timeout=0.0, stop=None)
 *   -> (count, solution bytes | None, guesses, nodes).  A count above 2, a timeout (> 0
 * seconds) or a stop bytearray makes the search look every S9_TICK_NODES nodes at the
 * clock, Ctrl-C and stop[0]: count is then -2 - found (the solutions found so far, the
 * first of them returned) when the clock ran out or stop[0] was set, and a signal's
 * exception is raised. */
PyObject *py_solve9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs < 1 || nargs > 5) {
        PyErr_SetString(PyExc_TypeError, "solve9(puzzle, limit=1, seed=None, timeout=0.0, stop=None)");
        return NULL;
    }
    long limit = 1;
    if (nargs >= 2 && read_limit(args[1], &limit) < 0) return NULL;
    uint64_t state, *rng;
    if (parse_seed(nargs >= 3 ? args[2] : NULL, &state, &rng) < 0) return NULL;
    double timeout = 0.0;
    if (nargs >= 4 && read_timeout(args[3], &timeout) < 0) return NULL;
    uint8_t in[81], out[81];
    if (read_puzzle(args[0], 81, MAP9, MAP9_TEXT, in) < 0) return NULL;
    search_bound bound;
    Py_buffer view;
    if (bound_open(&bound, timeout, nargs >= 5 ? args[4] : NULL, &view) < 0) return NULL;
    const int ticked = limit > 2 || timeout > 0 || bound.stop;
    sd_stats st = {0, 0};
    bound.ts = PyEval_SaveThread();
    int count = s9_solve_ticked(in, out, (int)limit, rng, &st, ticked ? s9_bound_tick : NULL,
                                &bound);
    PyEval_RestoreThread(bound.ts);
    if (view.obj) PyBuffer_Release(&view);
    if (bound.why < 0) return NULL;
    PyObject *sol;
    if (count > 0 || count < -2) {
        sol = PyBytes_FromStringAndSize((const char *)out, 81);
        if (!sol) return NULL;
    } else {
        sol = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(iNKK)", count, sol, (unsigned long long)st.guesses,
                         (unsigned long long)st.nodes);
}

/* has_conflict9(values) -> bool: any digit repeated in a row, column or box of a 9x9 grid
 * (values: 81 bytes 0..9, or symbols). */
PyObject *py_has_conflict9(PyObject *self, PyObject *arg) {
    (void)self;
    uint8_t v[81];
    if (read_puzzle(arg, 81, MAP9, MAP9_TEXT, v) < 0) return NULL;
    uint16_t seen[27] = {0}; /* digits placed in each house */
    for (int i = 0; i < 81; i++) {
        if (!v[i]) continue;
        uint16_t bit = (uint16_t)(1u << v[i]);
        const uint8_t *h = B9_CELL_HOUSE[i];
        if ((seen[h[0]] | seen[h[1]] | seen[h[2]]) & bit) Py_RETURN_TRUE;
        seen[h[0]] |= bit;
        seen[h[1]] |= bit;
        seen[h[2]] |= bit;
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
    int32_t *cage_start;
    int32_t *cage_cells;
    int32_t *cage_sum;
    int32_t *extra;
    uint8_t map[256];
    uint8_t text_map[256];
} RulesObject;

static void Rules_dealloc(RulesObject *self) {
    PyMem_Free(self->houses);
    PyMem_Free(self->peer_start);
    PyMem_Free(self->peers);
    PyMem_Free(self->cage_start);
    PyMem_Free(self->cage_cells);
    PyMem_Free(self->cage_sum);
    PyMem_Free(self->extra);
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
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyLong_Check(item)) {
            PyErr_Format(PyExc_TypeError, "%s[%zd] must be an int, not %s", what, i,
                         Py_TYPE(item)->tp_name);
            goto fail;
        }
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(item, &overflow);
        if (v == -1 && PyErr_Occurred()) goto fail;
        if (overflow || v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] is out of range %ld..%ld", what, i, lo, hi);
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

/* Killer cages: cage_start (ncages + 1 offsets from 0), cage_cells, cage_sum (0 = no
 * sum), each cage at most n distinct cells whose members are all peers. */
static int read_cages(RulesObject *self, int n, int ncells, PyObject *start_obj,
                      PyObject *cells_obj, PyObject *sum_obj) {
    Py_ssize_t slen, clen, glen;
    self->cage_start = int_array(start_obj, &slen, 0, INT32_MAX, "cage_start");
    if (!self->cage_start) return -1;
    self->cage_cells = int_array(cells_obj, &clen, 0, ncells - 1, "cage_cells");
    if (!self->cage_cells) return -1;
    self->cage_sum = int_array(sum_obj, &glen, 0, (long)n * (n + 1) / 2, "cage_sum");
    if (!self->cage_sum) return -1;
    if (glen > 0 && n > SG_CAGE_MAX_N) {
        PyErr_Format(PyExc_ValueError, "killer cages are supported up to %dx%d", SG_CAGE_MAX_N,
                     SG_CAGE_MAX_N);
        return -1;
    }
    if (slen != glen + 1 || self->cage_start[0] != 0 || self->cage_start[glen] != clen) {
        PyErr_SetString(PyExc_ValueError, "cage_start must hold ncages+1 offsets from 0 to "
                        "len(cage_cells)");
        return -1;
    }
    for (Py_ssize_t g = 0; g < glen; g++) {
        const int32_t a = self->cage_start[g], b = self->cage_start[g + 1];
        if (b > clen) {
            PyErr_Format(PyExc_ValueError, "cage_start[%zd] = %d lies past the %zd cage cells",
                         g + 1, (int)b, clen);
            return -1;
        }
        if (b < a || b - a > n || b == a) {
            PyErr_Format(PyExc_ValueError, "cage %zd must hold 1..%d cells", g, n);
            return -1;
        }
        for (int32_t i = a; i < b; i++) {
            for (int32_t j = i + 1; j < b; j++) {
                const int32_t x = self->cage_cells[i], y = self->cage_cells[j];
                int peer = 0;
                for (int32_t k = self->peer_start[x]; k < self->peer_start[x + 1]; k++)
                    peer |= self->peers[k] == y;
                if (!peer) {
                    PyErr_Format(PyExc_ValueError, "cage %zd: cells %d and %d are not peers", g,
                                 (int)x, (int)y);
                    return -1;
                }
            }
        }
    }
    self->rules.ncages = (int)glen;
    self->rules.cage_start = self->cage_start;
    self->rules.cage_cells = self->cage_cells;
    self->rules.cage_sum = self->cage_sum;
    return 0;
}

/* Further constraints: a program of rules_extra.h, checked by compiling it once. */
static int read_extra(RulesObject *self, int n, int ncells, PyObject *obj) {
    Py_ssize_t len;
    self->extra = int_array(obj, &len, INT32_MIN, INT32_MAX, "extra");
    if (!self->extra) return -1;
    if (len == 0) return 0;
    char err[160];
    gx_set *g = gx_new(n, ncells, self->extra, (size_t)len, err, sizeof err);
    if (!g) {
        PyErr_Format(PyExc_ValueError, "constraint program: %s", err);
        return -1;
    }
    gx_free(g);
    self->rules.nextra = (size_t)len;
    self->rules.extra = self->extra;
    return 0;
}

/* Rules(n, houses, peer_start, peers[, cage_start, cage_cells, cage_sum[, extra]]): flat
 * tables, validated here. */
static PyObject *Rules_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *n_obj, *houses_obj, *start_obj, *peers_obj;
    PyObject *cstart_obj = NULL, *ccells_obj = NULL, *csum_obj = NULL, *extra_obj = NULL;
    if (!PyArg_ParseTuple(args, "OOOO|OOOO", &n_obj, &houses_obj, &start_obj, &peers_obj,
                          &cstart_obj, &ccells_obj, &csum_obj, &extra_obj))
        return NULL;
    long size;
    if (read_int_range(n_obj, 1, MAX_N, "size", &size) < 0) return NULL;
    const int n = (int)size;
    if ((cstart_obj == NULL) != (csum_obj == NULL)) {
        PyErr_SetString(PyExc_TypeError, "give cage_start, cage_cells and cage_sum together");
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
    self->rules.ncages = 0;
    if (cstart_obj && read_cages(self, n, ncells, cstart_obj, ccells_obj, csum_obj) < 0)
        goto fail;
    if (extra_obj && read_extra(self, n, ncells, extra_obj) < 0) goto fail;
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

PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shudu._engine.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rules(n, houses, peer_start, peers[, cage_start, cage_cells, cage_sum[, extra]]): flat "
              "constraint tables for the generic solver.",
    .tp_new = Rules_new,
    .tp_getset = Rules_getset,
};

/* search(rules, puzzle, limit=1, seed=None, timeout=0.0, stop=None)
 *   -> (count, first solution | None, guesses, nodes); count is -2 - found (the
 * solutions found so far, the first of them returned) when timeout seconds (> 0) passed
 * first or stop[0] (a bytearray) was set.  The search runs without the GIL; Ctrl-C
 * stops it with its exception. */
PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    RulesObject *rules;
    PyObject *puzzle, *limit_obj = NULL, *seed_obj = Py_None, *timeout_obj = NULL;
    PyObject *stop_obj = Py_None;
    long limit = 1;
    double timeout = 0.0;
    if (!PyArg_ParseTuple(args, "O!O|OOOO", &RulesType, &rules, &puzzle, &limit_obj, &seed_obj,
                          &timeout_obj, &stop_obj))
        return NULL;
    if (limit_obj && read_limit(limit_obj, &limit) < 0) return NULL;
    if (timeout_obj && read_timeout(timeout_obj, &timeout) < 0) return NULL;
    uint64_t state, *rng;
    if (parse_seed(seed_obj, &state, &rng) < 0) return NULL;
    int ncells = rules->rules.ncells;
    uint8_t *buf = PyMem_Malloc((size_t)ncells * 3);
    if (!buf) return PyErr_NoMemory();
    uint8_t *in = buf, *out = buf + ncells, *spare = buf + 2 * (size_t)ncells;
    if (read_puzzle(puzzle, ncells, rules->map, rules->text_map, in) < 0) {
        PyMem_Free(buf);
        return NULL;
    }
    search_bound bound;
    Py_buffer view;
    if (bound_open(&bound, timeout, stop_obj, &view) < 0) {
        PyMem_Free(buf);
        return NULL;
    }
    Py_INCREF(rules);
    sd_stats st = {0, 0};
    int count = 0;
    bound.ts = PyEval_SaveThread();
    sg_solver *s = sg_new(&rules->rules);
    if (s) {
        count = sg_count_bounded(s, in, (int)limit, rng, out, spare, &bound);
        sg_get_stats(s, &st);
        sg_free(s);
    }
    PyEval_RestoreThread(bound.ts);
    Py_DECREF(rules);
    if (view.obj) PyBuffer_Release(&view);
    if (!s || bound.why < 0) {
        PyMem_Free(buf);
        return s ? NULL : PyErr_NoMemory();
    }
    PyObject *sol = count > 0 || count < -2 ? PyBytes_FromStringAndSize((const char *)out, ncells)
                                            : Py_NewRef(Py_None);
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
    double timeout; /* seconds each next() may take; 0 = no bound */
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

/* The next solution, searched in slices without the GIL; between slices Ctrl-C stops
 * it with its exception, and self->timeout (> 0 seconds, for this call) with
 * SearchTimeout's base, TimeoutError.  The iterator may go on after a timeout. */
static PyObject *Enum_next(EnumObject *self) {
    if (self->done) return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "solution iterator already running in another thread");
        return NULL;
    }
    self->busy = 1;
    search_bound bound;
    bound_start(&bound, self->timeout);
    sd_stats st;
    sg_get_stats(self->solver, &st);
    bound.look_at = st.nodes + SEARCH_SLICE;
    bound.ts = PyEval_SaveThread();
    int rc = sg_next_bounded(self->solver, self->out, &bound);
    PyEval_RestoreThread(bound.ts);
    self->busy = 0;
    if (bound.why < 0) return NULL;
    if (bound.why) {
        PyErr_Format(PyExc_TimeoutError, "no further solution within %g s", self->timeout);
        return NULL;
    }
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

static PyMemberDef Enum_members[] = {
    {"timeout", T_DOUBLE, offsetof(EnumObject, timeout), 0,
     "seconds each next() may search before TimeoutError (0 = no bound)"},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef Enum_getset[] = {
    {"stats", (getter)Enum_stats, NULL, "(guesses, nodes) so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject EnumType = {
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
    .tp_members = Enum_members,
};

/* ------------------------------------------------------------------------ batch */

typedef struct {
    const uint8_t *in;      /* private copy, values already checked */
    uint8_t *solutions;     /* N * ncells, or NULL */
    int32_t *counts;        /* N */
    uint32_t *guesses;      /* N */
    uint32_t *nodes;        /* N */
    Py_ssize_t n_puzzles;
    int ncells;
    int limit;
    const sg_rules *rules;  /* NULL for the 9x9 fast path */
    atomic_long next;
    atomic_int failed;      /* allocation failure in a worker */
    int finished;           /* workers (beside the caller) that are done, under `lock` */
    sd_mutex lock;
    sd_cond done;           /* signalled as each worker finishes */
    uint8_t stop;           /* set (atomically) when Ctrl-C stops the batch */
} BatchJob;

#define BATCH_CHUNK 32

/* One puzzle of a batch: its count (-2 - found when the bound stopped it). */
static int batch_one(BatchJob *job, sg_solver *solver, const uint8_t *p, uint8_t *out,
                     uint8_t *spare, sd_stats *st, search_bound *b) {
    if (solver) return sg_count_bounded(solver, p, job->limit, NULL, out, spare, b);
    /* a classic search to one or two solutions ends within milliseconds: the bound is
     * looked at between puzzles (each chunk), not inside the search */
    if (job->limit <= 2) return s9_solve(p, out, job->limit, NULL, st);
    return s9_solve_ticked(p, out, job->limit, NULL, st, s9_bound_tick, b);
}

/* Work through chunks of the batch until none is left or the bound stops it; the
 * calling thread's bound `b` (signals in the main thread) also stops every other worker
 * through job->stop. */
static void batch_run(BatchJob *job, search_bound *b) {
    sg_solver *solver = NULL;
    uint8_t scratch[MAX_N * MAX_N], spare[MAX_N * MAX_N];
    if (job->rules) {
        solver = sg_new(job->rules);
        if (!solver) {
            atomic_store(&job->failed, 1);
            return;
        }
    }
    b->stop = &job->stop;
    for (;;) {
        long start = atomic_fetch_add(&job->next, BATCH_CHUNK);
        if (start >= job->n_puzzles || bound_check(b)) break;
        long end = start + BATCH_CHUNK;
        if (end > job->n_puzzles) end = job->n_puzzles;
        for (long i = start; i < end; i++) {
            const uint8_t *p = job->in + (size_t)i * (size_t)job->ncells;
            uint8_t *out = job->solutions ? job->solutions + (size_t)i * (size_t)job->ncells : scratch;
            sd_stats st = {0, 0};
            int c = batch_one(job, solver, p, out, spare, &st, b);
            if (solver) sg_get_stats(solver, &st);
            if (c <= 0 && job->solutions) memset(out, 0, (size_t)job->ncells);
            job->counts[i] = c < 0 ? 0 : c;
            job->guesses[i] = st.guesses > UINT32_MAX ? UINT32_MAX : (uint32_t)st.guesses;
            job->nodes[i] = st.nodes > UINT32_MAX ? UINT32_MAX : (uint32_t)st.nodes;
            if (b->why) break;
        }
        if (b->why) break;
    }
    if (b->why) sd_flag_store(&job->stop, 1);
    if (solver) sg_free(solver);
}

static void batch_worker(void *arg) {
    BatchJob *job = (BatchJob *)arg;
    search_bound b = {0};
    batch_run(job, &b);
    sd_mutex_lock(&job->lock);
    job->finished++;
    sd_cond_signal(&job->done);
    sd_mutex_unlock(&job->lock);
}

/* batch(rules_or_None, buffer, limit, threads, want_solutions)
 *   -> (solutions bytearray | None, counts bytearray (int32), guesses bytearray (uint32),
 *       nodes bytearray (uint32)).  threads is capped to 1..MAX_THREADS; Ctrl-C stops
 * the whole batch with its exception. */
PyObject *py_batch(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rules_obj, *data, *limit_obj, *threads_obj;
    long limit, threads;
    int want_solutions;
    if (!PyArg_ParseTuple(args, "OOOOp", &rules_obj, &data, &limit_obj, &threads_obj,
                          &want_solutions))
        return NULL;
    if (read_limit(limit_obj, &limit) < 0) return NULL;
    if (read_int_range(threads_obj, 1, MAX_THREADS, "threads", &threads) < 0) return NULL;
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
    PyObject *sols = NULL, *counts = NULL, *guesses = NULL, *nodes = NULL;
    if (want_solutions) {
        sols = PyByteArray_FromStringAndSize(NULL, n_puzzles * ncells);
        if (!sols) goto fail;
    }
    counts = PyByteArray_FromStringAndSize(NULL, n_puzzles * 4);
    guesses = PyByteArray_FromStringAndSize(NULL, n_puzzles * 4);
    nodes = PyByteArray_FromStringAndSize(NULL, n_puzzles * 4);
    if (!counts || !guesses || !nodes) goto fail;

    BatchJob job;
    job.in = copy;
    job.solutions = sols ? (uint8_t *)PyByteArray_AS_STRING(sols) : NULL;
    job.counts = (int32_t *)PyByteArray_AS_STRING(counts);
    job.guesses = (uint32_t *)PyByteArray_AS_STRING(guesses);
    job.nodes = (uint32_t *)PyByteArray_AS_STRING(nodes);
    job.n_puzzles = n_puzzles;
    job.ncells = ncells;
    job.limit = (int)limit;
    job.rules = rules ? &rules->rules : NULL;
    job.stop = 0;
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    job.finished = 0;
    sd_mutex_init(&job.lock);
    sd_cond_init(&job.done);
    if (threads > 1 && n_puzzles < (Py_ssize_t)threads * BATCH_CHUNK)
        threads = (long)((n_puzzles + BATCH_CHUNK - 1) / BATCH_CHUNK);
    if (threads < 1) threads = 1;

    search_bound bound;
    bound_start(&bound, 0.0);
    Py_XINCREF(rules);
    bound.ts = PyEval_SaveThread();
    sd_thread tids[MAX_THREADS];
    int started = 0;
    for (long t = 1; t < threads; t++) {
        if (sd_thread_create(&tids[started], batch_worker, &job) != 0) break;
        started++; /* fewer threads than asked still completes the whole batch */
    }
    batch_run(&job, &bound);
    /* the other workers' last puzzles: woken as each finishes, and at least every
     * SIGNAL_EVERY seconds to look at Ctrl-C, which still stops them */
    sd_mutex_lock(&job.lock);
    while (job.finished < started) {
        sd_cond_wait_for(&job.done, &job.lock, SIGNAL_EVERY);
        if (job.finished >= started) break;
        sd_mutex_unlock(&job.lock);
        if (bound_check(&bound)) sd_flag_store(&job.stop, 1);
        sd_mutex_lock(&job.lock);
    }
    sd_mutex_unlock(&job.lock);
    for (int t = 0; t < started; t++) sd_thread_join(&tids[t]);
    sd_cond_destroy(&job.done);
    sd_mutex_destroy(&job.lock);
    PyEval_RestoreThread(bound.ts);
    Py_XDECREF(rules);
    PyMem_Free(copy);
    copy = NULL;
    if (bound.why < 0) goto fail;
    if (atomic_load(&job.failed)) {
        PyErr_NoMemory();
        goto fail;
    }
    return Py_BuildValue("(NNNN)", sols ? sols : Py_NewRef(Py_None), counts, guesses, nodes);
fail:
    PyMem_Free(copy);
    Py_XDECREF(sols);
    Py_XDECREF(counts);
    Py_XDECREF(guesses);
    Py_XDECREF(nodes);
    return NULL;
}

/* ------------------------------------------------------------------ nested refutation */

/* The most propagations one nested_refute call may make. */
#define NESTED_MAX_BUDGET 100000000L
/* The Bs one nested_refute call keeps for all its refutations: room for this many
 * times the candidates of a grid. */
#define NESTED_INNER_ROOM 64

/* nested_refute(rules, masks, budget, limit=1) -> ((cell, digit, inner), ...):
 * sg_nested_refute on a candidate state, its first `limit` refutations in the order found
 * (none when the budget ran out first, or the state itself breaks).  masks: ncells
 * native uint32 (bit d-1 for digit d), each non-zero and within the grid's digits;
 * budget: propagations, 1 .. NESTED_MAX_BUDGET; limit: 1 .. ncells * n.  inner: the
 * (cell, digit) pairs removed from the assumption's state, in order.  Runs without the
 * GIL, looking at signals (Ctrl-C, a timer's handler) in the main thread: their
 * exception ends it. */
PyObject *py_nested_refute(PyObject *self, PyObject *args) {
    (void)self;
    RulesObject *rules;
    Py_buffer mv;
    long budget;
    int limit = 1;
    if (!PyArg_ParseTuple(args, "O!y*l|i", &RulesType, &rules, &mv, &budget, &limit))
        return NULL;
    const int nc = rules->rules.ncells, n = rules->rules.n;
    const uint32_t full = n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1;
    if (mv.len != (Py_ssize_t)nc * (Py_ssize_t)sizeof(uint32_t)) {
        PyBuffer_Release(&mv);
        return PyErr_Format(PyExc_ValueError, "expected the masks as %d uint32 values", nc);
    }
    if (budget < 1 || budget > NESTED_MAX_BUDGET) {
        PyBuffer_Release(&mv);
        return PyErr_Format(PyExc_ValueError, "expected a budget from 1 to %ld",
                            NESTED_MAX_BUDGET);
    }
    const int max_hits = nc * n;
    if (limit < 1 || limit > max_hits) {
        PyBuffer_Release(&mv);
        return PyErr_Format(PyExc_ValueError, "expected a limit from 1 to %d", max_hits);
    }
    const int max_inner = NESTED_INNER_ROOM * nc * n;
    uint32_t *masks = PyMem_Malloc((size_t)nc * sizeof *masks);
    int32_t *hits = PyMem_Malloc((size_t)max_hits * 2 * sizeof *hits);
    int32_t *inner = PyMem_Malloc((size_t)max_inner * sizeof *inner);
    if (!masks || !hits || !inner) {
        PyBuffer_Release(&mv);
        PyMem_Free(masks);
        PyMem_Free(hits);
        PyMem_Free(inner);
        return PyErr_NoMemory();
    }
    memcpy(masks, mv.buf, (size_t)nc * sizeof *masks);
    PyBuffer_Release(&mv);
    PyObject *out = NULL;
    int32_t *ninner = hits + max_hits;
    int nhits = 0, r = -2;
    search_bound bound;
    sg_solver *s = NULL;
    for (int c = 0; c < nc; c++)
        if (!masks[c] || (masks[c] & ~full)) {
            PyErr_Format(PyExc_ValueError, "expected cell %d's mask to hold digits 1..%d, "
                         "found %lu", c, n, (unsigned long)masks[c]);
            goto done;
        }
    bound_start(&bound, 0.0);
    Py_INCREF(rules);
    bound.ts = PyEval_SaveThread();
    s = sg_new(&rules->rules);
    if (s) {
        r = sg_nested_refute(s, masks, budget, limit, hits, ninner, inner, max_inner, &nhits,
                             s9_bound_tick, &bound);
        sg_free(s);
    }
    PyEval_RestoreThread(bound.ts);
    Py_DECREF(rules);
    if (!s || r == -4) {
        PyErr_NoMemory();
        goto done;
    }
    if (r == -2) goto done;   /* a signal's exception is set */
    if (r < 0) nhits = 0;
    out = PyTuple_New(nhits);
    for (int k = 0, at = 0; out && k < nhits; k++) {
        const int kept = ninner[k] < max_inner - at ? ninner[k] : max_inner - at;
        PyObject *pairs = PyTuple_New(kept);
        for (int i = 0; pairs && i < kept; i++) {
            PyObject *pair = Py_BuildValue("(ii)", inner[at + i] / 32, inner[at + i] % 32 + 1);
            if (!pair) Py_CLEAR(pairs);
            else PyTuple_SET_ITEM(pairs, i, pair);
        }
        at += kept;
        PyObject *hit = pairs ? Py_BuildValue("(iiN)", hits[k] / 32, hits[k] % 32 + 1, pairs)
                              : NULL;
        if (!hit) Py_CLEAR(out);
        else PyTuple_SET_ITEM(out, k, hit);
    }
done:
    PyMem_Free(masks);
    PyMem_Free(hits);
    PyMem_Free(inner);
    return out;
}
