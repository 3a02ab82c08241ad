"""Quality: benchmarks, mutation testing, the compatibility suite and the under-load run."""
