"""Discord components. Every custom_id carries the game id and state version (see ``ids``)."""
