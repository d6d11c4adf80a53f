"""Benchmarks: ``python -m tests.perf`` (``--quick`` for a short run).

Not a test module: pytest collects nothing here. Each section (engine now; rendering, storage
and bot later) is one function returning ``Row``s; ``__main__`` prints them as one table and
rewrites that section of ``BENCHMARKS.md`` at the repository root.
"""
