/* SPDX-License-Identifier: MIT */
/* check.h - the test programs' reporting convention.
 *
 * Every test program prints one line per check: "PASS name", "FAIL name:
 * detail" or "SKIP name: reason", and exits non-zero if any check failed.
 * test/run.sh counts these lines over all programs and prints the suite's
 * single "N passed, N failed" summary.
 */
#ifndef BSP_TEST_CHECK_H
#define BSP_TEST_CHECK_H

#include <stdio.h>
#include <stdarg.h>

typedef struct check_tally { int passed, failed, skipped; } check_tally;

/* A program of several files defines CHECK_TALLY_SHARED in each and
 * `check_tally check_counts;` in the one with main, so that every file's
 * checks count towards its exit status. */
#ifdef CHECK_TALLY_SHARED
extern check_tally check_counts;
#else
static check_tally check_counts;
#endif

static __attribute__((unused)) void check_report(int ok, const char *name, const char *fmt, ...)
{
    va_list ap;
    if (ok) {
        check_counts.passed++;
        printf("PASS %s\n", name);
        return;
    }
    check_counts.failed++;
    printf("FAIL %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

static __attribute__((unused)) void check_skip(const char *name, const char *reason)
{
    check_counts.skipped++;
    printf("SKIP %s: %s\n", name, reason);
}

/* CHECK(cond, name, detail-format, ...): one check, with detail on failure. */
#define CHECK(cond, name, ...) check_report((cond) ? 1 : 0, (name), __VA_ARGS__)

static __attribute__((unused)) int check_exit(void)
{
    fflush(stdout);
    return check_counts.failed ? 1 : 0;
}

#endif
