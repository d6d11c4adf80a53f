"""After the game: each ended game's result (``record``), the ratings' rules (``ratings``), and what
players read afterwards: profiles, leaderboards, histories (``reading``)."""
