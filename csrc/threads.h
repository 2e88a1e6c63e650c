/* Threads for the C core and its tests, one spelling for Windows threads and POSIX
 * threads: a mutex, a condition variable with a timed wait, thread create and join, and a
 * monotonic clock.  Everything is static inline (no library beyond the system's).
 *
 *   sd_thread t;  sd_thread_create(&t, fn, arg) == 0 on success;  sd_thread_join(&t);
 *   sd_mutex m;   sd_mutex_init / lock / unlock / destroy
 *   sd_cond c;    sd_cond_init / signal / destroy;  sd_cond_wait_for(&c, &m, seconds):
 *                 with m locked, waits until signalled or seconds passed (0 signalled or
 *                 woken spuriously, 1 timed out: callers re-check their condition)
 *   sd_monotonic_seconds()  seconds from an arbitrary start, never going back
 *
 * The sd_thread object holds the function and its argument until the thread has run, so it
 * must stay in place (not be copied or freed) until sd_thread_join returns.  On POSIX
 * systems the includer asks for clock_gettime (_POSIX_C_SOURCE, which Python.h defines). */
#ifndef SHUDU_THREADS_H
#define SHUDU_THREADS_H

#include <stdint.h>

#ifdef _WIN32

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <process.h>

typedef struct sd_thread {
    HANDLE handle;
    void (*fn)(void *);
    void *arg;
} sd_thread;
typedef SRWLOCK sd_mutex;
typedef CONDITION_VARIABLE sd_cond;

static inline unsigned __stdcall sd_thread_start_(void *p) {
    sd_thread *t = (sd_thread *)p;
    t->fn(t->arg);
    return 0;
}

static inline int sd_thread_create(sd_thread *t, void (*fn)(void *), void *arg) {
    t->fn = fn;
    t->arg = arg;
    t->handle = (HANDLE)_beginthreadex(NULL, 0, sd_thread_start_, t, 0, NULL);
    return t->handle ? 0 : -1;
}

static inline void sd_thread_join(sd_thread *t) {
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
}

static inline void sd_mutex_init(sd_mutex *m) { InitializeSRWLock(m); }
static inline void sd_mutex_lock(sd_mutex *m) { AcquireSRWLockExclusive(m); }
static inline void sd_mutex_unlock(sd_mutex *m) { ReleaseSRWLockExclusive(m); }
static inline void sd_mutex_destroy(sd_mutex *m) { (void)m; }

static inline void sd_cond_init(sd_cond *c) { InitializeConditionVariable(c); }
static inline void sd_cond_signal(sd_cond *c) { WakeConditionVariable(c); }
static inline void sd_cond_destroy(sd_cond *c) { (void)c; }

static inline int sd_cond_wait_for(sd_cond *c, sd_mutex *m, double seconds) {
    DWORD ms = seconds <= 0 ? 0 : (DWORD)(seconds * 1000.0 + 0.5);
    if (SleepConditionVariableSRW(c, m, ms, 0)) return 0;
    return GetLastError() == ERROR_TIMEOUT ? 1 : 0;
}

static inline double sd_monotonic_seconds(void) {
    LARGE_INTEGER now, freq;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&freq);
    return (double)now.QuadPart / (double)freq.QuadPart;
}

#else /* POSIX threads */

#include <errno.h>
#include <pthread.h>
#include <time.h>

typedef struct sd_thread {
    pthread_t id;
    void (*fn)(void *);
    void *arg;
} sd_thread;
typedef pthread_mutex_t sd_mutex;
typedef pthread_cond_t sd_cond;

static inline void *sd_thread_start_(void *p) {
    sd_thread *t = (sd_thread *)p;
    t->fn(t->arg);
    return NULL;
}

static inline int sd_thread_create(sd_thread *t, void (*fn)(void *), void *arg) {
    t->fn = fn;
    t->arg = arg;
    return pthread_create(&t->id, NULL, sd_thread_start_, t) == 0 ? 0 : -1;
}

static inline void sd_thread_join(sd_thread *t) { pthread_join(t->id, NULL); }

static inline void sd_mutex_init(sd_mutex *m) { pthread_mutex_init(m, NULL); }
static inline void sd_mutex_lock(sd_mutex *m) { pthread_mutex_lock(m); }
static inline void sd_mutex_unlock(sd_mutex *m) { pthread_mutex_unlock(m); }
static inline void sd_mutex_destroy(sd_mutex *m) { pthread_mutex_destroy(m); }

static inline void sd_cond_init(sd_cond *c) { pthread_cond_init(c, NULL); }
static inline void sd_cond_signal(sd_cond *c) { pthread_cond_signal(c); }
static inline void sd_cond_destroy(sd_cond *c) { pthread_cond_destroy(c); }

static inline int sd_cond_wait_for(sd_cond *c, sd_mutex *m, double seconds) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    if (seconds > 0) {
        const long ns = until.tv_nsec + (long)((seconds - (double)(long)seconds) * 1e9);
        until.tv_sec += (time_t)seconds + ns / 1000000000L;
        until.tv_nsec = ns % 1000000000L;
    }
    return pthread_cond_timedwait(c, m, &until) == ETIMEDOUT ? 1 : 0;
}

static inline double sd_monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif

/* A byte another thread may read or write at any time (a stop flag): relaxed atomic
 * access without declaring the byte _Atomic (it is also read through plain pointers). */
#if defined(__GNUC__) || defined(__clang__)
#define sd_flag_load(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define sd_flag_store(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#else
#define sd_flag_load(p) (*(volatile const uint8_t *)(p))
#define sd_flag_store(p, v) (*(volatile uint8_t *)(p) = (uint8_t)(v))
#endif

#endif
