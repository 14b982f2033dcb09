// Package mpitest runs a program on several ranks under the launcher of the MPI implementation the
// bindings were generated for (scripts/mpi run), collects every rank's output and exit status, and
// checks what each rank reported (package report's format). A run is bounded in time: one that
// exceeds its timeout is killed with every process it started, and none outlives the test.
package mpitest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"mpi4all.org/go/mpi"
)

// runMarker is the environment variable that marks every process of a run, so that processes which
// left the launcher's process group (daemons, proxies) are found and killed too.
const runMarker = "MPI4ALL_GO_TEST_RUN"

// rankWrapper runs one rank with its output in files of its own and records its exit status.
const rankWrapper = `#!/bin/sh
rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${PMI_RANK:-${PMI_ID:-unknown}}}}
"$@" >"$MPI4ALL_RUN_DIR/rank-$rank.out" 2>"$MPI4ALL_RUN_DIR/rank-$rank.err"
status=$?
echo $status >"$MPI4ALL_RUN_DIR/rank-$rank.exit"
exit $status
`

// Run describes a launch: the program, its arguments and extra environment, on how many ranks.
type Run struct {
	Ranks   int
	Program string
	Args    []string
	Env     []string      // "NAME=value" entries added to the ranks' environment
	Timeout time.Duration // 300 s if zero: the machine may be loaded
}

// Rank is what one rank left behind.
type Rank struct {
	Rank   int
	Exit   int // -1 when the rank recorded no exit status: it never started, or was killed
	Stdout string
	Stderr string
}

// Result is what a run left behind.
type Result struct {
	Command  string
	Ranks    []Rank
	Launcher string // the launcher's own output
	TimedOut bool
}

// Implementation is the scripts/mpi name of the implementation to launch with: $MPI4ALL_MPI, or the
// one the bindings were generated for.
func Implementation() string {
	if name := os.Getenv("MPI4ALL_MPI"); name != "" {
		return name
	}
	return mpi.ImplementationName
}

// Root is the root of the mpi4all checkout: the nearest directory above the working directory that
// holds scripts/mpi.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "scripts", "mpi")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no scripts/mpi above the working directory: run the tests inside the mpi4all checkout")
		}
		dir = parent
	}
}

// Facts returns what scripts/mpi knows of the implementation: mpicc, mpirun, lib, version, ...
func Facts(t testing.TB) map[string]string {
	t.Helper()
	out, err := exec.Command(filepath.Join(Root(t), "scripts", "mpi"), "facts", Implementation()).Output()
	if err != nil {
		t.Fatalf("scripts/mpi facts %s: %v", Implementation(), err)
	}
	facts := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if key, value, ok := strings.Cut(line, "="); ok {
			facts[key] = value
		}
	}
	return facts
}

// FactsEnvironment returns the environment the implementation's tools need ("NAME=value" entries), from
// its facts.
func FactsEnvironment(facts map[string]string) []string {
	var environment []string
	for key, value := range facts {
		if name, ok := strings.CutPrefix(key, "env."); ok {
			environment = append(environment, name+"="+value)
		}
	}
	return environment
}

// Launch runs run to its end or its timeout and returns what every rank left behind.
func Launch(t testing.TB, run Run) *Result {
	t.Helper()
	if run.Timeout == 0 {
		run.Timeout = 300 * time.Second
	}
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "rank.sh")
	if err := os.WriteFile(wrapper, []byte(rankWrapper), 0o700); err != nil {
		t.Fatal(err)
	}
	marker := newMarker(t)
	args := append([]string{"run", Implementation(), "-np", strconv.Itoa(run.Ranks), "/bin/sh", wrapper, run.Program}, run.Args...)
	cmd := exec.Command(filepath.Join(Root(t), "scripts", "mpi"), args...)
	cmd.Env = append(append(os.Environ(), run.Env...), "MPI4ALL_RUN_DIR="+dir, runMarker+"="+marker)
	var launcher bytes.Buffer
	cmd.Stdout, cmd.Stderr = &launcher, &launcher
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start %s: %v", cmd, err)
	}
	finished := make(chan error, 1)
	go func() { finished <- cmd.Wait() }()
	result := &Result{Command: cmd.String()}
	select {
	case <-finished:
	case <-time.After(run.Timeout):
		result.TimedOut = true
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		killMarked(marker)
		<-finished
	}
	// A launcher that ends, normally or not, may leave a rank or a proxy behind.
	killMarked(marker)
	result.Launcher = launcher.String()
	for rank := 0; rank < run.Ranks; rank++ {
		result.Ranks = append(result.Ranks, Rank{
			Rank:   rank,
			Exit:   readExit(filepath.Join(dir, fmt.Sprintf("rank-%d.exit", rank))),
			Stdout: readFile(filepath.Join(dir, fmt.Sprintf("rank-%d.out", rank))),
			Stderr: readFile(filepath.Join(dir, fmt.Sprintf("rank-%d.err", rank))),
		})
	}
	return result
}

// RequirePassed fails t unless every rank exited with status 0 after reporting at least one check,
// all of them passed, and "done".
func (r *Result) RequirePassed(t testing.TB) {
	t.Helper()
	var problems []string
	if r.TimedOut {
		problems = append(problems, "the run timed out and was killed")
	}
	for _, rank := range r.Ranks {
		if problem := rank.problem(); problem != "" {
			problems = append(problems, fmt.Sprintf("rank %d %s\n--- stdout:\n%s--- stderr:\n%s", rank.Rank, problem,
				rank.Stdout, tail(rank.Stderr, 2000)))
		}
	}
	if len(problems) > 0 {
		t.Fatalf("%s\n%s\n--- launcher:\n%s", r.Command, strings.Join(problems, "\n"), tail(r.Launcher, 2000))
	}
}

// Value returns what rank reported as the value called name ("" if it reported none).
func (r *Result) Value(rank int, name string) string {
	for _, line := range strings.Split(r.Ranks[rank].Stdout, "\n") {
		if value, ok := strings.CutPrefix(line, "value "+name+" "); ok {
			return value
		}
	}
	return ""
}

// problem says what is wrong with what the rank reported, or "" if nothing is.
func (r Rank) problem() string {
	checks, done := 0, false
	for _, line := range strings.Split(r.Stdout, "\n") {
		switch {
		case strings.HasPrefix(line, "check ") && !strings.HasSuffix(line, " ok"):
			return "failed a check: " + line
		case strings.HasPrefix(line, "check "):
			checks++
		case line == "done":
			done = true
		}
	}
	switch {
	case r.Exit != 0:
		return fmt.Sprintf("exited with status %d", r.Exit)
	case checks == 0:
		return "reported no checks"
	case !done:
		return "did not report done"
	}
	return ""
}

func newMarker(t testing.TB) string {
	random := make([]byte, 8)
	if _, err := rand.Read(random); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(random)
}

// killMarked kills the processes whose environment holds the run's marker and waits for them to go.
func killMarked(marker string) {
	want := []byte(runMarker + "=" + marker)
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, entry := range entries {
		pid, err := strconv.Atoi(entry.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		environ, err := os.ReadFile(filepath.Join("/proc", entry.Name(), "environ"))
		if err != nil {
			continue // gone, or not ours to read
		}
		for _, variable := range bytes.Split(environ, []byte{0}) {
			if bytes.Equal(variable, want) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				pids = append(pids, pid)
				break
			}
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for syscall.Kill(pid, 0) == nil && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func readExit(file string) int {
	status, err := strconv.Atoi(strings.TrimSpace(readFile(file)))
	if err != nil {
		return -1
	}
	return status
}

func readFile(file string) string {
	text, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	return string(text)
}

func tail(text string, n int) string {
	if len(text) <= n {
		return text
	}
	return "..." + text[len(text)-n:]
}
