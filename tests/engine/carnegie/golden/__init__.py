"""Golden playthroughs: seeded bot games whose action logs and final score sheets are stored as text.

Regenerate after an intended rules or bot change with ``python -m tests.engine.carnegie.golden.regenerate``
and review the diff.
"""
