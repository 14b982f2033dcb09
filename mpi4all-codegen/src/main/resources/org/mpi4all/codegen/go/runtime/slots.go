// This file is part of the mpi4all Go runtime, copied into every generated package.

package mpi

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// callbackSlotCount is how many Go functions of one callback type can be registered at a time: cgo
// cannot make a C function pointer of a Go func value, so the package has this many C functions per
// callback type, each calling the Go function registered in its slot.
const callbackSlotCount = 16

// callbackSlots holds the Go functions the C functions of one callback type call.
type callbackSlots[F any] struct {
	mu    sync.Mutex
	funcs [callbackSlotCount]atomic.Pointer[F]
}

// add registers f in a free slot and returns the slot and the function that frees it again.
func (s *callbackSlots[F]) add(f F, typeName string) (int, func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.funcs {
		if s.funcs[i].Load() == nil {
			registered := &f
			s.funcs[i].Store(registered)
			// Releasing twice, or after the slot was taken again, frees nothing.
			return i, func() { s.funcs[i].CompareAndSwap(registered, nil) }, nil
		}
	}
	return 0, nil, fmt.Errorf("mpi: all %d slots for Go functions of type %s are in use: release one first",
		callbackSlotCount, typeName)
}

// get returns the function registered in slot.
func (s *callbackSlots[F]) get(slot int) F {
	f := s.funcs[slot].Load()
	if f == nil {
		panic(fmt.Sprintf("mpi: MPI called the Go callback of slot %d after it was released", slot))
	}
	return *f
}
