/* Shared definitions for the shudu solving engine (C core). */
#ifndef SHUDU_COMMON_H
#define SHUDU_COMMON_H

#include <stdint.h>

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
