// This file is part of the mpi4all Go runtime, copied into every generated package.

package mpi

// #include <mpi.h>
import "C"

import "fmt"

// Error is an error code an MPI function returned, with its error class and the text MPI gives for it.
// Test the class to tell errors apart:
//
//	var e *mpi.Error
//	if errors.As(err, &e) && e.Class == mpi.MPI_ERR_RANK { ... }
type Error struct {
	Function string // the MPI function that returned the code
	Code     int32  // the error code
	Class    int32  // its error class (MPI_Error_class)
	Message  string // its text (MPI_Error_string)
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (%s, error code %d)", e.Function, e.Message, ErrorClassName(e.Class), e.Code)
}

// ErrorClassName returns the name of an error class, such as "MPI_ERR_RANK".
func ErrorClassName(class int32) string {
	for _, c := range errorClasses {
		if c.class == class {
			return c.name
		}
	}
	return fmt.Sprintf("error class %d", class)
}

// check returns nil for MPI_SUCCESS and an *Error for any other code the function returned.
func check(function string, code C.int) error {
	if code == C.MPI_SUCCESS {
		return nil
	}
	return newError(function, int32(code))
}

func newError(function string, code int32) *Error {
	e := &Error{Function: function, Code: code, Class: code, Message: "no text for this error code"}
	var class C.int
	if C.MPI_Error_class(C.int(code), &class) == C.MPI_SUCCESS {
		e.Class = int32(class)
	}
	var text [C.MPI_MAX_ERROR_STRING]C.char
	var length C.int
	if C.MPI_Error_string(C.int(code), &text[0], &length) == C.MPI_SUCCESS {
		e.Message = C.GoStringN(&text[0], length)
	}
	return e
}
