// The example programs and their C twins (native/go-twins), built against the same MPI and run on 2
// and 4 ranks with the same arguments: every rank of both must pass its checks, and both must compute
// the same results, digit for digit.
package examples_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"mpi4all.org/go/internal/mpitest"
)

// The programs, built once for all the tests.
var (
	build     sync.Once
	binaries  string
	buildFail string
)

// program returns the path of the Go program name (pi, jacobi, halo3d), or of its C twin.
func program(t *testing.T, name string, twin bool) string {
	t.Helper()
	build.Do(func() { buildAll(t) })
	if buildFail != "" {
		t.Fatal(buildFail)
	}
	if twin {
		return filepath.Join(binaries, name+"_c")
	}
	return filepath.Join(binaries, name)
}

func buildAll(t *testing.T) {
	dir, err := os.MkdirTemp("", "mpi4all-go-examples-")
	if err != nil {
		buildFail = err.Error()
		return
	}
	binaries = dir
	goTool, err := exec.LookPath("go")
	if err != nil {
		buildFail = "the go command is not on PATH"
		return
	}
	facts := mpitest.Facts(t)
	twins := filepath.Join(mpitest.Root(t), "native", "go-twins")
	for _, name := range []string{"pi", "jacobi", "halo3d"} {
		commands := []*exec.Cmd{
			exec.Command(goTool, "build", "-o", filepath.Join(dir, name), "./"+name),
			// Only -O2: the twins must compute what Go computes, so no -ffast-math, no FMA contraction.
			exec.Command(facts["mpicc"], "-O2", "-Wall", "-Wno-stringop-overflow", "-o", filepath.Join(dir, name+"_c"),
				filepath.Join(twins, name+".c"), "-lm"),
		}
		commands[1].Env = append(os.Environ(), mpitest.FactsEnvironment(facts)...)
		for _, command := range commands {
			if out, err := command.CombinedOutput(); err != nil {
				buildFail = fmt.Sprintf("%s: %v\n%s", command, err, out)
				return
			}
		}
	}
}

func TestMain(m *testing.M) {
	status := m.Run()
	if binaries != "" {
		os.RemoveAll(binaries)
	}
	os.Exit(status)
}

// runBoth runs the Go program and its C twin with the same arguments on the same ranks, and requires
// that every rank of both passed, and that both made the same checks and reported the same values on
// every rank.
func runBoth(t *testing.T, ranks int, name string, args []string, values ...string) (goRun, cRun *mpitest.Result) {
	t.Helper()
	goRun = mpitest.Launch(t, mpitest.Run{Ranks: ranks, Program: program(t, name, false), Args: args})
	goRun.RequirePassed(t)
	cRun = mpitest.Launch(t, mpitest.Run{Ranks: ranks, Program: program(t, name, true), Args: args})
	cRun.RequirePassed(t)
	for rank := 0; rank < ranks; rank++ {
		if checks(goRun, rank) != checks(cRun, rank) {
			t.Errorf("rank %d checked in Go:\n%s\nand in C:\n%s", rank, checks(goRun, rank), checks(cRun, rank))
		}
		for _, value := range values {
			goValue, cValue := goRun.Value(rank, value), cRun.Value(rank, value)
			if goValue == "" || goValue != cValue {
				t.Errorf("rank %d: %s is %q in Go, %q in C", rank, value, goValue, cValue)
			}
		}
	}
	return goRun, cRun
}

func eachRankCount(t *testing.T, test func(t *testing.T, ranks int)) {
	for _, ranks := range []int{2, 4} {
		t.Run(fmt.Sprintf("%d-ranks", ranks), func(t *testing.T) { test(t, ranks) })
	}
}

func TestPi(t *testing.T) {
	eachRankCount(t, func(t *testing.T, ranks int) {
		runBoth(t, ranks, "pi", []string{"-n", "200000"}, "pi")
	})
}

// TestJacobiConvergesToTheKnownSolution runs to convergence, on 2 ranks only: a converging run takes
// thousands of sweeps, each ending in an MPI_Allreduce, which 4 ranks on this machine's 2 cores make slow.
func TestJacobiConvergesToTheKnownSolution(t *testing.T) {
	runBoth(t, 2, "jacobi", []string{"-n", "16", "-tolerance", "1e-11", "-iterations", "100000", "-verify"},
		"iterations", "change", "checksum", "error")
}

func TestJacobiMatchesItsTwin(t *testing.T) {
	eachRankCount(t, func(t *testing.T, ranks int) {
		runBoth(t, ranks, "jacobi", []string{"-n", "30", "-iterations", "40", "-tolerance", "0"}, "iterations", "change", "checksum")
	})
}

func TestHalo3D(t *testing.T) {
	eachRankCount(t, func(t *testing.T, ranks int) {
		// On 2 ranks a rank has an x neighbour, which sends it y-z faces; on 4, a y neighbour too (x-z faces).
		grid, pointsPerRank := []string{"-pex", "2"}, 5*4
		if ranks == 4 {
			grid, pointsPerRank = []string{"-pex", "2", "-pey", "2"}, 5*4+6*4
		}
		// A block of unequal sides and 2 variables, so that faces of different sizes cannot be confused.
		args := append(grid, "-nx", "6", "-ny", "5", "-nz", "4", "-vars", "2", "-iterations", "20")
		goRun, _ := runBoth(t, ranks, "halo3d", args, "received")
		if got, want := goRun.Value(0, "received"), fmt.Sprint(20*2*ranks*pointsPerRank); got != want {
			t.Errorf("%s values received in all, want %s", got, want)
		}
	})
}

// checks returns the check lines of a rank.
func checks(r *mpitest.Result, rank int) string {
	var lines []string
	for _, line := range strings.Split(r.Ranks[rank].Stdout, "\n") {
		if strings.HasPrefix(line, "check ") {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
