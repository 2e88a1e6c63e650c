/* The processor's instruction sets, read once at run time, so that one portable build
 * can run the fastest code path the processor has (see solve9.c). */
#ifndef SHUDU_CPU_H
#define SHUDU_CPU_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether this compiler builds the x86 fast paths: GCC and clang compile a function for a
 * higher instruction set with a target attribute; other compilers (MSVC among them) build
 * the portable code only. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define SD_X86_PATHS 1
#else
#define SD_X86_PATHS 0
#endif

/* Instruction-set levels, each including the one before. */
enum {
    SD_CPU_BASE = 0,   /* the platform's baseline (x86-64, aarch64, ...) */
    SD_CPU_AVX2 = 1,   /* x86: AVX2, BMI1, BMI2 and POPCNT (Intel Haswell, AMD Zen on) */
    SD_CPU_AVX512 = 2, /* x86: the above and AVX-512 F, VL, BW and DQ (Skylake-X on) */
};

/* The highest level this processor (and operating system) runs; SD_CPU_BASE where it
 * cannot be told.  Cheap, without side effects, safe to call from any thread. */
int sd_cpu_level(void);

#ifdef __cplusplus
}
#endif

#endif
