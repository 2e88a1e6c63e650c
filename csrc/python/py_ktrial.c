/* The CPython glue of the cage forcing chain's trials on a 9x9 killer (logic/ktrial9.h). */
#include "module.h"

#include <string.h>

#include "logic/ktrial9.h"

/* ktrial9(layout, masks, values, trials) -> bytes, one per trial: 1 when the assumption
 * breaks, 0 when not; None where the C core cannot walk them (no 128-bit integers).
 * layout: int32 values in native order (ktrial9.h); masks: 81 uint16 candidate masks;
 * values: 81 bytes; trials: (cell, digit) byte pairs. */
PyObject *py_ktrial9(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "ktrial9(layout, masks, values, trials)");
        return NULL;
    }
    Py_buffer view[4];
    int got = 0;
    for (; got < 4; got++)
        if (PyObject_GetBuffer(args[got], &view[got], PyBUF_SIMPLE) < 0) break;
    PyObject *res = NULL;
    if (got < 4) goto done;
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
