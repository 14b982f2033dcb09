package bindingtest

import "C"

import "unsafe"

// bindingtestGoProduct is the Go side of bindingtest_go_product. A file with //export may declare C
// functions in its preamble but not define them, so it has one of its own.
//
//export bindingtestGoProduct
func bindingtestGoProduct(in, inout unsafe.Pointer, length *C.int) {
	a := unsafe.Slice((*float64)(in), int(*length))
	b := unsafe.Slice((*float64)(inout), int(*length))
	for i := range b {
		b[i] *= a[i]
	}
}
