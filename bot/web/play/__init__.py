"""The local table (``make play``): the web companion with a play mode, on 127.0.0.1 only. One person
sets a game up with people and bots in its seats and the table is played at one screen through the
same table service, database and choices as on Discord: the panel's buttons, groups and labels
(``bot.service.picker``), Done, Undo, a hint and the rules' topics. Its state-changing routes are
POSTs carrying the process's CSRF token, mounted only by this package's ``serve``, never by the public
companion."""
