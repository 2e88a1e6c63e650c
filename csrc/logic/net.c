/* Singles propagation for the forcing nets; see net.h. */
#include "net.h"

#include <string.h>

/* Level 2's refutation pass (Net._combine): 1 when it changed dm or queued a placement. */
static int combine(const net_geo *g, const net_root *root, const net_bits *dm0, net_bits *dm,
                   const net_bits *placed, int16_t *qc, int16_t *qd, int *qn, int qmax) {
    const int n = g->n, N = g->ncells;
    net_bits cur[NET_MAX_DIGITS], F[NET_MAX_DIGITS];
    for (int d = 0; d < n; d++) {
        cur[d] = dm[d];
        F[d] = net_andnot(net_andnot(dm0[d], cur[d]), placed[d]);
    }
    int changed = 0;
    for (int d = 0; d < n; d++) {
        net_bits s = cur[d];
        while (net_any(s)) {
            int c = net_low(s);
            s = net_drop_low(s);
            const net_result *r = &root->rt[d * N + c];
            int hit = r->size < 0;
            for (int e = 0; !hit && e < n; e++)
                hit = net_any(net_and(r->T[e], F[e])) || net_any(net_and(r->F[e], placed[e]));
            if (hit) {
                dm[d] = net_andnot(dm[d], net_bit(c));
                changed = 1;
                continue;
            }
            r = &root->rf[d * N + c];
            hit = r->size < 0;
            for (int e = 0; !hit && e < n; e++)
                hit = net_any(net_and(r->T[e], F[e])) || net_any(net_and(r->F[e], placed[e]));
            if (hit) {
                if (*qn >= qmax) return -1;
                qc[*qn] = (int16_t)c;
                qd[(*qn)++] = (int16_t)d;
                changed = 1;
            }
        }
    }
    return changed;
}

static int run(const net_geo *g, const net_root *root, const net_bits *dm0, int place_cell,
               int place_digit, int remove, net_bits *placed, net_bits *dm, int *count) {
    const int n = g->n, N = g->ncells, H = g->nhouses;
    /* The queue is a stack, as the Python list it mirrors; a cell enters it at most once
     * per digit and house it is single in, plus the assumption. */
    enum { QMAX = NET_MAX_CELLS * NET_MAX_DIGITS * 4 + 1 };
    static SD_THREAD_LOCAL int16_t qc[QMAX], qd[QMAX];
    int qn = 0;
    uint8_t need[NET_MAX_DIGITS][NET_MAX_HOUSES];
    int nneed[NET_MAX_DIGITS];
    net_bits last[NET_MAX_DIGITS];
    int fresh[NET_MAX_DIGITS];
    net_bits unsolved = net_empty();
    *count = 0;
    for (int d = 0; d < n; d++) {
        dm[d] = dm0[d];
        placed[d] = net_empty();
        unsolved = net_or(unsolved, dm0[d]);
        nneed[d] = 0;
        for (int h = 0; h < H; h++)
            if (net_any(net_and(dm0[d], g->house[h]))) need[d][nneed[d]++] = (uint8_t)h;
        fresh[d] = 1;   /* "last" starts as -1 in the reference: never equal to a mask */
        last[d] = net_empty();
    }
    if (place_cell >= 0) {
        qc[qn] = (int16_t)place_cell;
        qd[qn++] = (int16_t)place_digit;
    }
    if (remove >= 0) dm[remove / N] = net_andnot(dm[remove / N], net_bit(remove % N));
    int placed_count = 0;
    for (;;) {
        while (qn) {
            qn--;
            int c = qc[qn], d = qd[qn];
            net_bits bit = net_bit(c);
            if (!net_any(net_and(dm[d], bit))) {
                if (net_any(net_and(placed[d], bit))) continue;
                *count = placed_count;
                return -1;
            }
            placed[d] = net_or(placed[d], bit);
            placed_count++;
            for (int e = 0; e < n; e++) dm[e] = net_andnot(dm[e], bit);
            dm[d] = net_andnot(dm[d], g->peer[c]);
            unsolved = net_andnot(unsolved, bit);
        }
        net_bits ones = net_empty(), twos = net_empty();
        for (int d = 0; d < n; d++) {
            twos = net_or(twos, net_and(ones, dm[d]));
            ones = net_or(ones, dm[d]);
        }
        if (net_any(net_andnot(unsolved, ones))) {
            *count = placed_count;
            return -1;
        }
        net_bits single = net_andnot(ones, twos);
        if (net_any(single)) {
            for (int d = 0; d < n; d++) {
                net_bits s = net_and(dm[d], single);
                while (net_any(s)) {
                    if (qn >= QMAX) { *count = placed_count; return -2; }
                    qc[qn] = (int16_t)net_low(s);
                    qd[qn++] = (int16_t)d;
                    s = net_drop_low(s);
                }
            }
            continue;
        }
        for (int d = 0; d < n; d++) {
            net_bits m = dm[d];
            if (!fresh[d] && net_eq(m, last[d])) continue;
            fresh[d] = 0;
            last[d] = m;
            net_bits pd = placed[d];
            for (int k = 0; k < nneed[d]; k++) {
                net_bits hm = g->house[need[d][k]];
                net_bits x = net_and(m, hm);
                if (!net_any(x)) {
                    if (!net_any(net_and(pd, hm))) {
                        *count = placed_count;
                        return -1;
                    }
                } else if (!net_any(net_drop_low(x))) {
                    if (qn >= QMAX) { *count = placed_count; return -2; }
                    qc[qn] = (int16_t)net_low(x);
                    qd[qn++] = (int16_t)d;
                }
            }
        }
        if (qn) continue;
        if (root && net_any(unsolved)) {
            int got = combine(g, root, dm0, dm, placed, qc, qd, &qn, QMAX);
            if (got < 0) { *count = placed_count; return -2; }
            if (got) continue;
        }
        break;
    }
    *count = placed_count;
    return placed_count;
}

int net_propagate(const net_geo *g, const net_bits *dm, int place_cell, int place_digit,
                  int remove, net_bits *placed, net_bits *out, int *count) {
    return run(g, NULL, dm, place_cell, place_digit, remove, placed, out, count);
}

int net_propagate2(const net_geo *g, const net_root *root, const net_bits *dm, int place_cell,
                   int place_digit, int remove, net_bits *placed, net_bits *out, int *count) {
    return run(g, root, dm, place_cell, place_digit, remove, placed, out, count);
}

static void keep(const net_geo *g, const net_bits *dm0, int size, const net_bits *placed,
                 const net_bits *out, net_result *r) {
    r->size = size;
    for (int d = 0; d < g->n; d++) {
        r->T[d] = size < 0 ? net_empty() : placed[d];
        r->F[d] = size < 0 ? net_empty() : net_andnot(net_andnot(dm0[d], out[d]), placed[d]);
    }
}

void net_root_build(const net_geo *g, const net_bits *dm, net_root *root) {
    const int n = g->n, N = g->ncells;
    net_bits placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    int count;
    for (int d = 0; d < n; d++) root->dm[d] = dm[d];
    for (int d = 0; d < n; d++) {
        net_bits s = dm[d];
        while (net_any(s)) {
            int c = net_low(s);
            s = net_drop_low(s);
            int size = run(g, NULL, dm, c, d, -1, placed, out, &count);
            keep(g, dm, size, placed, out, &root->rt[d * N + c]);
            size = run(g, NULL, dm, -1, 0, d * N + c, placed, out, &count);
            keep(g, dm, size, placed, out, &root->rf[d * N + c]);
        }
    }
}

int net_first_broken(const net_geo *g, const net_bits *dm, int start, int *count) {
    net_bits placed[NET_MAX_DIGITS], out[NET_MAX_DIGITS];
    int total = g->n * g->ncells;
    for (int pass = 0; pass < 2; pass++) {   /* from start to the end, then the rest */
        int from = pass ? 0 : start, to = pass ? start : total;
        for (int d = from / g->ncells; d < g->n && d * g->ncells < to; d++)
            for (net_bits m = dm[d]; net_any(m); m = net_drop_low(m)) {
                int c = net_low(m), j = d * g->ncells + c;
                if (j < from) continue;
                if (j >= to) break;
                int k = 0, size = net_propagate(g, dm, c, d, -1, placed, out, &k);
                if (size == -2) return -2;
                if (size < 0) {
                    *count = k;
                    return j;
                }
            }
    }
    return -1;
}


/* ---- the story of a net (explain_net) ---- */

/* A set of event indices (at most NET_MAX_EVENTS). */
typedef struct {
    uint64_t w[(NET_MAX_EVENTS + 63) / 64];
} ev_set;

static void ev_add(ev_set *s, int k) { s->w[k >> 6] |= UINT64_C(1) << (k & 63); }
static int ev_has(const ev_set *s, int k) { return (int)(s->w[k >> 6] >> (k & 63) & 1); }
static void ev_union(ev_set *a, const ev_set *b) {
    for (size_t i = 0; i < sizeof a->w / sizeof a->w[0]; i++) a->w[i] |= b->w[i];
}

/* The events of a story so far: each placement (or the single that could not go) with
 * what it needed (earlier events only). */
typedef struct {
    int n;
    int16_t cell[NET_MAX_EVENTS], digit[NET_MAX_EVENTS], where[NET_MAX_EVENTS];
    uint8_t kind[NET_MAX_EVENTS];
    ev_set deps[NET_MAX_EVENTS];
} story_events;

/* Records an event; its index, or -1 when the list is full (never: each placement takes
 * a new cell). */
static int ev_record(story_events *e, int cell, int digit, int kind, int where,
                     const ev_set *deps) {
    if (e->n >= NET_MAX_EVENTS) return -1;
    int k = e->n++;
    e->cell[k] = (int16_t)cell;
    e->digit[k] = (int16_t)digit;
    e->kind[k] = (uint8_t)kind;
    e->where[k] = (int16_t)where;
    e->deps[k] = *deps;
    return k;
}

/* The placement behind the removal of candidate i (cause[i] -1: none) added to out. */
static void why_add(const int16_t *cause, int i, ev_set *out) {
    if (cause[i] >= 0) ev_add(out, cause[i]);
}

void net_explain(const net_geo *g, const net_bits *dm_in, int place_cell, int place_digit,
                 int remove, net_story *out) {
    /* the placement that removed each candidate, -1 none (about 4 KB: on the stack, as
     * the events below) */
    int16_t cause[NET_MAX_DIGITS * NET_MAX_CELLS];
    const int n = g->n, N = g->ncells;
    for (int i = 0; i < n * N; i++) cause[i] = -1;
    net_bits dm[NET_MAX_DIGITS], orig[NET_MAX_DIGITS], placed[NET_MAX_DIGITS];
    net_bits orig_any = net_empty();
    for (int d = 0; d < n; d++) {
        dm[d] = orig[d] = net_and(dm_in[d], net_first(N));
        placed[d] = net_empty();
        orig_any = net_or(orig_any, orig[d]);
    }
    story_events ev;   /* all the events, with what each needed */
    ev.n = 0;
    /* the single waiting to be placed (at most one at a time) */
    int pending = 0, pc = 0, pd = 0, pkind = 0, pwhere = -1;
    ev_set pdep, out_deps;
    memset(&pdep, 0, sizeof pdep);
    memset(&out_deps, 0, sizeof out_deps);
    if (place_cell >= 0) {
        pending = 1;
        pc = place_cell;
        pd = place_digit;
    }
    if (remove >= 0) dm[remove / N] = net_andnot(dm[remove / N], net_bit(remove % N));
    int outcome = NET_OK, at = -1, digit_at = -1;
    for (;;) {
        if (pending) {
            pending = 0;
            net_bits bit = net_bit(pc);
            if (!net_any(net_and(dm[pd], bit))) {
                if (net_any(net_and(placed[pd], bit))) goto next_round;
                int any = 0;
                for (int e = 0; e < n; e++) any |= net_any(net_and(dm[e], bit));
                outcome = any ? NET_CLASH : NET_NO_CELL;
                at = pc;
                digit_at = pd;
                out_deps = pdep;
                why_add(cause, pd * N + pc, &out_deps);
                ev_record(&ev, pc, pd, pkind, pwhere, &pdep);
                break;
            }
            int k = ev_record(&ev, pc, pd, pkind, pwhere, &pdep);
            if (k < 0) break;
            placed[pd] = net_or(placed[pd], bit);
            /* the candidates it removes (the removed one is no longer in dm) */
            for (int e = 0; e < n; e++) {
                if (net_any(net_and(dm[e], bit)) && e != pd && cause[e * N + pc] < 0)
                    cause[e * N + pc] = (int16_t)k;
                dm[e] = net_andnot(dm[e], bit);
            }
            net_bits hit = net_and(dm[pd], g->peer[pc]);
            for (net_bits m = hit; net_any(m); m = net_drop_low(m)) {
                int p = net_low(m);
                if (cause[pd * N + p] < 0) cause[pd * N + p] = (int16_t)k;
            }
            dm[pd] = net_andnot(dm[pd], hit);
        }
    next_round:;
        /* the first open cell (had a candidate, nothing placed) with at most one left */
        net_bits once = net_empty(), twice = net_empty(), done = net_empty();
        for (int e = 0; e < n; e++) {
            twice = net_or(twice, net_and(once, dm[e]));
            once = net_or(once, dm[e]);
            done = net_or(done, placed[e]);
        }
        net_bits low = net_andnot(net_andnot(orig_any, done), twice);
        if (net_any(low)) {
            int c = net_low(low);
            net_bits bit = net_bit(c);
            ev_set gone;
            memset(&gone, 0, sizeof gone);
            for (int e = 0; e < n; e++)
                if (net_any(net_and(orig[e], bit)) && !net_any(net_and(dm[e], bit)))
                    why_add(cause, e * N + c, &gone);
            if (!net_any(net_and(once, bit))) {
                outcome = NET_NO_CELL;
                at = c;
                out_deps = gone;
                break;
            }
            int digit = 0;
            while (!net_any(net_and(dm[digit], bit))) digit++;
            pending = 1;
            pc = c;
            pd = digit;
            pkind = 1;
            pwhere = -1;
            pdep = gone;
            continue;
        }
        int found = 0;
        for (int h = 0; h < g->nhouses && !found && outcome == NET_OK; h++) {
            net_bits hm = g->house[h];
            for (int d = 0; d < n; d++) {
                if (!net_any(net_and(orig[d], hm)) || net_any(net_and(placed[d], hm))) continue;
                net_bits x = net_and(dm[d], hm);
                if (net_any(net_drop_low(x))) continue;
                ev_set gone;
                memset(&gone, 0, sizeof gone);
                for (net_bits m = net_andnot(net_and(orig[d], hm), x); net_any(m);
                     m = net_drop_low(m))
                    why_add(cause, d * N + net_low(m), &gone);
                if (!net_any(x)) {
                    outcome = NET_NO_PLACE;
                    at = h;
                    digit_at = d;
                    out_deps = gone;
                    break;
                }
                pending = 1;
                pc = net_low(x);
                pd = d;
                pkind = 2;
                pwhere = h;
                pdep = gone;
                found = 1;
                break;
            }
        }
        if (!found) break;
    }
    out->outcome = outcome;
    out->at = at;
    out->digit_at = digit_at;
    out->nevents = 0;
    ev_set need;
    memset(&need, 0, sizeof need);
    if (outcome == NET_OK) {
        for (int k = 0; k < ev.n; k++) ev_add(&need, k);
    } else {
        /* the events the contradiction needs, and all they need in turn: an event needs
         * earlier events only, so one pass from the last event back closes the set */
        need = out_deps;
        if (outcome == NET_CLASH && ev.n > 0) ev_add(&need, ev.n - 1);
        for (int k = ev.n - 1; k >= 0; k--)
            if (ev_has(&need, k)) ev_union(&need, &ev.deps[k]);
        if (ev.n > 0 && ev.kind[0] == 0 && !ev_has(&need, 0)) ev_add(&need, 0);
    }
    for (int k = 0; k < ev.n; k++) {
        if (!ev_has(&need, k)) continue;
        int m = out->nevents++;
        out->cell[m] = ev.cell[k];
        out->digit[m] = ev.digit[k];
        out->kind[m] = ev.kind[k];
        out->where[m] = ev.where[k];
    }
}
