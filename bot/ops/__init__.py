"""Operators' command-line tools: backup, export and import, the move to PostgreSQL, picture review."""
