// Package report prints what one MPI rank computed and checked, one line each, in the format the C
// twins of the example programs print too (native/go-twins/report.h), so that tests and benchmarks
// read Go and C ranks alike:
//
//	check halo-values ok
//	check halo-values FAIL 3 values differ
//	value seconds 0.0421
//	done
package report

import (
	"fmt"
	"io"
	"os"
)

// A Report collects the checks of one rank and writes them to standard output.
type Report struct {
	out    io.Writer
	failed int
}

// New returns a Report writing to standard output.
func New() *Report {
	return &Report{out: os.Stdout}
}

// Check reports whether the check called name passed, and returns ok; detail says why it failed.
func (r *Report) Check(name string, ok bool, detail string, args ...any) bool {
	if ok {
		fmt.Fprintf(r.out, "check %s ok\n", name)
		return true
	}
	r.failed++
	fmt.Fprintf(r.out, "check %s FAIL %s\n", name, fmt.Sprintf(detail, args...))
	return false
}

// Value reports a result, printed exactly (%.17g) so that Go and C results compare digit for digit.
func (r *Report) Value(name string, value float64) {
	fmt.Fprintf(r.out, "value %s %.17g\n", name, value)
}

// Done ends the report and returns the rank's exit status: 1 if a check failed, else 0.
func (r *Report) Done() int {
	fmt.Fprintln(r.out, "done")
	if r.failed > 0 {
		return 1
	}
	return 0
}
