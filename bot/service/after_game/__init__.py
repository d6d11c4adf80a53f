"""After the game: each ended game's result (``record``), the ratings' rules (``ratings``), what
players read afterwards: profiles, leaderboards, histories (``reading``); the final post's chart
(``score_chart``), a rematch of the same table (``rematch``) and the weekly challenge (``challenge``)."""
