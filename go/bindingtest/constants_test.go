package bindingtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"mpi4all.org/go/mpi"
)

// TestIntegerConstantsAreTheProbedValues compares constants cgo evaluated when it built the package with
// the values the probe measured with the implementation's own compiler (the blueprint beside the package).
func TestIntegerConstantsAreTheProbedValues(t *testing.T) {
	file := filepath.Join("..", "mpi", "blueprint.json")
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the generated package has no blueprint: %v", err)
	}
	var blueprint struct {
		Constants []struct {
			Name  string
			Value *int64
		}
	}
	if err := json.Unmarshal(text, &blueprint); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	measured := map[string]int64{}
	for _, c := range blueprint.Constants {
		if c.Value != nil {
			measured[c.Name] = *c.Value
		}
	}
	for name, value := range map[string]int64{
		"MPI_ANY_SOURCE": mpi.MPI_ANY_SOURCE, "MPI_ANY_TAG": mpi.MPI_ANY_TAG, "MPI_PROC_NULL": mpi.MPI_PROC_NULL,
		"MPI_ROOT": mpi.MPI_ROOT, "MPI_UNDEFINED": mpi.MPI_UNDEFINED, "MPI_SUCCESS": mpi.MPI_SUCCESS,
		"MPI_MAX_PROCESSOR_NAME": mpi.MPI_MAX_PROCESSOR_NAME, "MPI_MAX_ERROR_STRING": mpi.MPI_MAX_ERROR_STRING,
		"MPI_THREAD_SINGLE": mpi.MPI_THREAD_SINGLE, "MPI_THREAD_MULTIPLE": mpi.MPI_THREAD_MULTIPLE,
		"MPI_IDENT": mpi.MPI_IDENT, "MPI_CONGRUENT": mpi.MPI_CONGRUENT, "MPI_UNEQUAL": mpi.MPI_UNEQUAL,
		"MPI_ERR_RANK": mpi.MPI_ERR_RANK, "MPI_ERR_COMM": mpi.MPI_ERR_COMM, "MPI_ERR_LASTCODE": mpi.MPI_ERR_LASTCODE,
		"MPI_TAG_UB": mpi.MPI_TAG_UB, "MPI_COMBINER_VECTOR": mpi.MPI_COMBINER_VECTOR, "MPI_MODE_NOCHECK": mpi.MPI_MODE_NOCHECK,
		"MPI_DISPLACEMENT_CURRENT": mpi.MPI_DISPLACEMENT_CURRENT, "MPI_VERSION": mpi.MPI_VERSION,
	} {
		if want, ok := measured[name]; !ok {
			t.Errorf("the blueprint has no measured value for %s", name)
		} else if value != want {
			t.Errorf("%s is %d in Go, %d as the probe measured it", name, value, want)
		}
	}
}
