/* Shared definitions for the shudu solving engine (C core). */
#ifndef SHUDU_COMMON_H
#define SHUDU_COMMON_H

#include <stdint.h>

/* Bit operations and attributes, one spelling for every compiler.  GCC and clang
 * have builtins; MSVC has intrinsics; anything else gets plain C.  The 32-bit forms
 * take unsigned values, the 64-bit forms uint64_t; ctz and clz of 0 are undefined,
 * as with the builtins, and callers never pass 0. */
#if defined(__GNUC__) || defined(__clang__)
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
#define sd_popc32(x) __builtin_popcount((unsigned)(x))
#define sd_popc64(x) __builtin_popcountll((unsigned long long)(x))
#else
/* x86 without POPCNT (the portable build): the builtins would call a library routine.
 * Code compiled for a higher target (solve9.c's fast paths) counts with sd_popc_hw32. */
static inline int sd_popc32_(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int sd_popc64_(uint64_t x) {
    return sd_popc32_((uint32_t)x) + sd_popc32_((uint32_t)(x >> 32));
}
#define sd_popc32(x) sd_popc32_((uint32_t)(x))
#define sd_popc64(x) sd_popc64_((uint64_t)(x))
#endif
/* The POPCNT instruction, for functions compiled with a target that has it. */
#define sd_popc_hw32(x) __builtin_popcount((unsigned)(x))
#define sd_ctz32(x) __builtin_ctz((unsigned)(x))
#define sd_ctz64(x) __builtin_ctzll((unsigned long long)(x))
#define sd_clz32(x) __builtin_clz((unsigned)(x))
#define SD_ALWAYS_INLINE __attribute__((always_inline)) inline
#define SD_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#include <intrin.h>
static __forceinline int sd_popc64_(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static __forceinline int sd_ctz64_(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
static __forceinline int sd_clz32_(unsigned x) {
    unsigned long i;
    _BitScanReverse(&i, x);
    return 31 - (int)i;
}
#define sd_popc32(x) sd_popc64_((uint64_t)(unsigned)(x))
#define sd_popc64(x) sd_popc64_((uint64_t)(x))
#define sd_ctz32(x) sd_ctz64_((uint64_t)(unsigned)(x))
#define sd_ctz64(x) sd_ctz64_((uint64_t)(x))
#define sd_clz32(x) sd_clz32_((unsigned)(x))
#define SD_ALWAYS_INLINE __forceinline
#define SD_NOINLINE __declspec(noinline)
#else
static inline int sd_popc64_(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
static inline int sd_ctz64_(uint64_t x) {
    int n = 0;
    for (; !(x & 1u); x >>= 1) n++;
    return n;
}
static inline int sd_clz32_(unsigned x) {
    int n = 0;
    for (unsigned m = 0x80000000u; !(x & m); m >>= 1) n++;
    return n;
}
#define sd_popc32(x) sd_popc64_((uint64_t)(unsigned)(x))
#define sd_popc64(x) sd_popc64_((uint64_t)(x))
#define sd_ctz32(x) sd_ctz64_((uint64_t)(unsigned)(x))
#define sd_ctz64(x) sd_ctz64_((uint64_t)(x))
#define sd_clz32(x) sd_clz32_((unsigned)(x))
#define SD_ALWAYS_INLINE inline
#define SD_NOINLINE
#endif

/* 128-bit integers: GCC and clang have them on 64-bit targets, MSVC has not (code using
 * them has a two-word form; SD_NO_INT128 forces that form, for testing it). */
#if defined(__SIZEOF_INT128__) && !defined(SD_NO_INT128)
#define SD_HAVE_INT128 1
#else
#define SD_HAVE_INT128 0
#endif

/* Thread-local storage: C11's keyword, which MSVC spells its own way. */
#if defined(_MSC_VER) && !defined(__clang__)
#define SD_THREAD_LOCAL __declspec(thread)
#else
#define SD_THREAD_LOCAL _Thread_local
#endif

/* Search statistics, accumulated by every solver entry point (caller zeroes). */
typedef struct sd_stats {
    uint64_t guesses; /* branch points where more than one choice was tried or open */
    uint64_t nodes;   /* search nodes visited (propagation rounds after a choice) */
} sd_stats;

/* Small fast PRNG (xorshift64*) for the seeded random mode.  The state must be
 * non-zero; sd_seed() turns any user seed into a valid state. */
static inline uint64_t sd_seed(uint64_t seed) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return z ? z : 0x2545F4914F6CDD1DULL;
}

static inline uint64_t sd_rand(uint64_t *state) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Uniform integer in [0, bound) (bound >= 1), Lemire's multiply-shift. */
static inline uint32_t sd_below(uint64_t *state, uint32_t bound) {
    return (uint32_t)(((sd_rand(state) >> 32) * (uint64_t)bound) >> 32);
}

#endif
