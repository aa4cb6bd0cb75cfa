/* SPDX-License-Identifier: MIT */
/* check.h - the test programs' reporting convention.
 *
 * Every test program prints one line per check: "PASS name", "FAIL
 * file:line: name: detail" (the file and line of the failed check) or
 * "SKIP name: reason", and exits non-zero if any check failed. test/run.sh
 * counts these lines over all programs and prints the suite's single
 * "N passed, N failed" summary.
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

/* check_report(ok, name, detail-format, ...): CHECK's function, called as
 * itself where the test has its own condition; the macro below gives it
 * the caller's file and line. */
static __attribute__((unused)) void check_report_at(const char *file, int line, int ok, const char *name,
                                                    const char *fmt, ...)
{
    va_list ap;
    if (ok) {
        check_counts.passed++;
        printf("PASS %s\n", name);
        return;
    }
    check_counts.failed++;
    printf("FAIL %s:%d: %s: ", file, line, name);
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

#define check_report(...) check_report_at(__FILE__, __LINE__, __VA_ARGS__)

/* CHECK(cond, name, detail-format, ...): one check, with detail on failure. */
#define CHECK(cond, name, ...) check_report_at(__FILE__, __LINE__, (cond) ? 1 : 0, (name), __VA_ARGS__)

static __attribute__((unused)) int check_exit(void)
{
    fflush(stdout);
    return check_counts.failed ? 1 : 0;
}

#endif
