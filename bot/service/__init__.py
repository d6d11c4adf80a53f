"""The table service: lobby, play, reading and posts over one store; knows nothing of Discord."""
