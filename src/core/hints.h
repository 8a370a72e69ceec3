/* Compiler hints for the hot loops (no effect where the compiler has none). */
#ifndef MEIRO_SRC_CORE_HINTS_H
#define MEIRO_SRC_CORE_HINTS_H

/* A hint to fetch memory that will be read soon (no effect where the
 * compiler offers none). */
#if defined(__GNUC__)
#define prefetch(addr) __builtin_prefetch(addr)
#else
#define prefetch(addr) ((void)(addr))
#endif

/* A branch that is almost never taken (an observer, say), or almost always. */
#if defined(__GNUC__)
#define UNLIKELY(c) __builtin_expect(!!(c), 0)
#define LIKELY(c) __builtin_expect(!!(c), 1)
#else
#define UNLIKELY(c) (c)
#define LIKELY(c) (c)
#endif

/* A function compiled into each caller, for bodies compiled once per value
 * of a constant flag (watched or not, rectangle or not). */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#endif /* MEIRO_SRC_CORE_HINTS_H */
