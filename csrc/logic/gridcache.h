/* What a search found on a 9x9 grid, kept by grid: SE's nested forcing chains meet the
 * same working grid again and again (in runs of many assumptions, in the states of a
 * path one removal apart, at one nesting level and the next).  An entry is a copy of a
 * block of bytes under a tag (which search made it) and the 81 candidate masks.
 *
 * Each thread has its own cache; it is emptied whenever it would hold more than
 * GRIDCACHE_BYTES or GRIDCACHE_SLOTS / 2 entries. */
#ifndef SHUDU_GRIDCACHE_H
#define SHUDU_GRIDCACHE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GRIDCACHE_BYTES (64u << 20)
#define GRIDCACHE_SLOTS 65536 /* a power of 2 */

/* The block kept for (tag, cm), its size in *size; NULL when there is none. */
const void *gridcache_get(int tag, const uint16_t cm[81], size_t *size);

/* Keeps a copy of size bytes at block for (tag, cm), which has none; nothing when out of
 * memory. */
void gridcache_put(int tag, const uint16_t cm[81], const void *block, size_t size);

/* Empties this thread's cache and frees its memory. */
void gridcache_clear(void);

#ifdef __cplusplus
}
#endif

#endif
