"""Boardroom: the Discord side. The only package that touches Discord, SQLite and the clock."""
