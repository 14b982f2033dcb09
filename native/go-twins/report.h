/* What one rank computed and checked, one line each, as the Go programs print it (package
 * go/internal/report), so that tests and benchmarks read Go and C ranks alike. */
#ifndef GO_TWINS_REPORT_H
#define GO_TWINS_REPORT_H

#include <stdarg.h>
#include <stdio.h>

static int report_failed;

/* Reports whether the check called name passed, and returns ok; the format says why it failed. */
static int report_check(const char *name, int ok, const char *format, ...) {
    if (ok) {
        printf("check %s ok\n", name);
        return 1;
    }
    report_failed++;
    printf("check %s FAIL ", name);
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    printf("\n");
    return 0;
}

/* Reports a result exactly, so that Go and C results compare digit for digit. */
static void report_value(const char *name, double value) {
    printf("value %s %.17g\n", name, value);
}

/* Ends the report and returns the rank's exit status: 1 if a check failed, else 0. */
static int report_done(void) {
    printf("done\n");
    return report_failed > 0;
}

#endif
