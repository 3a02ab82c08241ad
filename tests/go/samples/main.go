// The main of the code samples' package for tests/clients/test_code_samples.py, which builds it
// with every Go sample beside it (a file of the package each, its `func main` renamed) and the
// line `// CASES` (one case per sample, by host and operationId) filled in: one binary that runs
// the sample its argument names.
package main

import "os"

func main() {
	switch os.Args[1] {
	// CASES
	default:
		panic("no sample " + os.Args[1])
	}
}
