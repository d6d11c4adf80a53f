"""Turn clocks: time banks, quiet hours, the seats' acts, the jobs that remind; no Discord here."""
