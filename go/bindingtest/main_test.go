// Package bindingtest tests the generated bindings on several ranks: each test launches this test
// binary under the implementation's launcher, every rank runs one scenario (a function of this
// package) between MPI_Init and MPI_Finalize and reports its checks, and the test requires that every
// rank passed all of them.
package bindingtest

import (
	"fmt"
	"os"
	"testing"
	"time"

	"mpi4all.org/go/internal/mpitest"
	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

// scenarioVariable names the scenario a rank runs; a test binary started without it runs the tests.
const scenarioVariable = "MPI4ALL_GO_SCENARIO"

// ranksVariable holds the number of ranks the test launched, for the ranks to check.
const ranksVariable = "MPI4ALL_GO_RANKS"

// lingerVariable, when set, makes every rank but 0 wait after MPI_Finalize before it reports done.
const lingerVariable = "MPI4ALL_GO_LINGER"

// A scenario is what every rank runs; rank and size are MPI_COMM_WORLD's.
type scenario func(r *report.Report, rank, size int32)

var scenarios = map[string]scenario{}

// TestRanksOutliveEachOther has rank 0 end while the others still run after MPI_Finalize: mpi.Exit
// must end it the way mpiexec expects (MPICH 4.1 and later take a rank that ends without running its
// atexit handlers for crashed, and kill the others).
func TestRanksOutliveEachOther(t *testing.T) {
	launch(t, "environment", lingerVariable+"=1")
}

func TestMain(m *testing.M) {
	if name := os.Getenv(scenarioVariable); name != "" {
		mpi.Exit(runScenario(name))
	}
	os.Exit(m.Run())
}

func runScenario(name string) int {
	run, ok := scenarios[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "no scenario %q\n", name)
		return 2
	}
	if err := mpi.MPI_Init(nil, nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var rank, size int32
	if err := mpi.MPI_Comm_rank(mpi.MPI_COMM_WORLD, &rank); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := mpi.MPI_Comm_size(mpi.MPI_COMM_WORLD, &size); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	r := report.New()
	run(r, rank, size)
	r.Check("finalize", mpi.MPI_Finalize() == nil, "MPI_Finalize failed")
	if os.Getenv(lingerVariable) != "" && rank > 0 {
		time.Sleep(500 * time.Millisecond)
	}
	return r.Done()
}

// launch runs the scenario on 2 and on 4 ranks and requires that every rank passed its checks.
func launch(t *testing.T, name string, environment ...string) {
	t.Helper()
	if _, ok := scenarios[name]; !ok {
		t.Fatalf("no scenario %q", name)
	}
	for _, ranks := range []int{2, 4} {
		t.Run(fmt.Sprintf("%d-ranks", ranks), func(t *testing.T) {
			mpitest.Launch(t, mpitest.Run{
				Ranks:   ranks,
				Program: os.Args[0],
				Env: append([]string{scenarioVariable + "=" + name, fmt.Sprintf("%s=%d", ranksVariable, ranks)},
					environment...),
			}).RequirePassed(t)
		})
	}
}

// succeeded reports an MPI call's error as the check called name.
func succeeded(r *report.Report, name string, err error) bool {
	return r.Check(name, err == nil, "%v", err)
}
