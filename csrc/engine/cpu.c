/* Run-time detection of the processor's instruction sets (cpu.h). */
#include "cpu.h"

#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>
#include <immintrin.h>
#endif

int sd_cpu_level(void) {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    /* the builtins also check that the operating system saves the wide registers */
    __builtin_cpu_init();
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
          __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt")))
        return SD_CPU_BASE;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
        return SD_CPU_AVX512;
    return SD_CPU_AVX2;
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    int r[4];
    __cpuid(r, 0);
    if (r[0] < 7) return SD_CPU_BASE;
    __cpuid(r, 1);
    const int popcnt = (r[2] >> 23) & 1, osxsave = (r[2] >> 27) & 1, avx = (r[2] >> 28) & 1;
    if (!(popcnt && osxsave && avx)) return SD_CPU_BASE;
    const unsigned long long xcr0 = _xgetbv(0);
    if ((xcr0 & 6) != 6) return SD_CPU_BASE; /* the OS saves no ymm registers */
    __cpuidex(r, 7, 0);
    const unsigned b = (unsigned)r[1];
    if (!((b >> 5) & 1 && (b >> 3) & 1 && (b >> 8) & 1)) return SD_CPU_BASE; /* AVX2, BMI1/2 */
    const unsigned v512 = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31); /* F DQ BW VL */
    if ((b & v512) == v512 && (xcr0 & 0xE6) == 0xE6) return SD_CPU_AVX512;
    return SD_CPU_AVX2;
#else
    return SD_CPU_BASE;
#endif
}
