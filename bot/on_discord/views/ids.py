"""The custom_id format. Every component carries what it needs, so it works after a restart
(``DynamicItem`` parses it back) and a click on an out-of-date message is recognised.

    br:<verb>:<game id>:<version>                      lobby: verb j (join), l (leave), s (start),
                                                       f (start anyway, after the host was asked)
    br:a:<game id>:<version>:<seat>:<notation>         one legal action, by its engine notation
    br:i:<game id>:<version>:<seat>:<index>            one legal action by position, when the
                                                       notation would not fit in 100 characters
    br:m:<game id>:<version>:<seat>:<page>             a select menu of legal actions (values are
                                                       notations)
    br:g:<game id>:<version>:<seat>:<step>             a level of the seat's grouped choices (no
                                                       engine action): "r" then the positions of the
                                                       groups opened, dot-separated ("r", "r2.0")
    br:u:<game id>:<version>:<seat>                    undo the seat's last step
    br:t:<game id>:<version>                           "Take my turn" on the public turn line
    br:c:<game id>:<version>:<seat>:<index>            one of a small decision's choices on the
                                                       public turn line, by position (one digit)
    br:o:<game id>:<version>:<seat>                    a select menu of a decision's 6–25 choices on
                                                       the public turn line (values are positions)
    br:x:<game id>:<seat>:<since>                      "Skip" an out-of-time seat (``since``: the
                                                       decision it ran out on, epoch seconds)
    br:y:<game id>:<seat>                              "I'm back" for a skipped seat
    br:r:<game id>                                     "Rematch" on a finished game's final post
    br:v:<look>:<game id>:<seat>                       a panel's look-up: b (board), m (my board),
                                                       s (since your last turn); no version: it
                                                       changes nothing

Discord allows 1–100 characters; the engine keeps notations ≤ 90.
"""

from __future__ import annotations

from bot.service import picker

MAX_CUSTOM_ID = 100
PREFIX = "br"

LOBBY_TEMPLATE = rf"{PREFIX}:(?P<verb>[jlsfbk]):(?P<game>\d+):(?P<version>\d+)(?::(?P<level>[a-z]{{1,20}}))?"
ACTION_TEMPLATE = rf"{PREFIX}:(?P<kind>[ai]):(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<ref>.+)"
MENU_TEMPLATE = rf"{PREFIX}:m:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<page>\d+)"
GROUP_TEMPLATE = rf"{PREFIX}:g:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):r(?P<step>[\d.]*)"

UNDO_TEMPLATE = rf"{PREFIX}:u:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+)"
TURN_TEMPLATE = rf"{PREFIX}:t:(?P<game>\d+):(?P<version>\d+)"
LINE_TEMPLATE = rf"{PREFIX}:c:(?P<game>\d{{1,19}}):(?P<version>\d{{1,19}}):(?P<seat>\d{{1,2}}):(?P<index>\d)"
LINE_MENU_TEMPLATE = rf"{PREFIX}:o:(?P<game>\d{{1,19}}):(?P<version>\d{{1,19}}):(?P<seat>\d{{1,2}})"
SKIP_TEMPLATE = rf"{PREFIX}:x:(?P<game>\d+):(?P<seat>\d+):(?P<since>\d+)"
BACK_TEMPLATE = rf"{PREFIX}:y:(?P<game>\d+):(?P<seat>\d+)"
REMATCH_TEMPLATE = rf"{PREFIX}:r:(?P<game>\d+)"
LOOK_TEMPLATE = rf"{PREFIX}:v:(?P<look>[bms]):(?P<game>\d+):(?P<seat>\d+)"

JOIN, LEAVE, START, START_ANYWAY = "j", "l", "s", "f"
# "Add a bot" (asks the level when the game has several) and the level's own button
ADD_BOT, SEAT_BOT = "b", "k"


def lobby_id(verb: str, game_id: int, version: int, level: str | None = None) -> str:
    return f"{PREFIX}:{verb}:{game_id}:{version}" + (f":{level}" if level else "")


def action_id(game_id: int, version: int, seat: int, notation: str, index: int) -> str:
    """By notation when it fits (readable in logs, independent of list order), else by index."""
    by_notation = f"{PREFIX}:a:{game_id}:{version}:{seat}:{notation}"
    if len(by_notation) <= MAX_CUSTOM_ID:
        return by_notation
    return f"{PREFIX}:i:{game_id}:{version}:{seat}:{index}"


def menu_id(game_id: int, version: int, seat: int, page: int) -> str:
    return f"{PREFIX}:m:{game_id}:{version}:{seat}:{page}"


def group_id(game_id: int, version: int, seat: int, step: tuple[int, ...]) -> str:
    return f"{PREFIX}:g:{game_id}:{version}:{seat}:r" + picker.format_step(step)


def parse_step(text: str) -> tuple[int, ...] | None:
    """A ``group_id``'s step, or None when it is not one the bot writes."""
    return picker.parse_step(text)


def undo_id(game_id: int, version: int, seat: int) -> str:
    return f"{PREFIX}:u:{game_id}:{version}:{seat}"


def turn_id(game_id: int, version: int) -> str:
    return f"{PREFIX}:t:{game_id}:{version}"


def line_choice_id(game_id: int, version: int, seat: int, index: int) -> str:
    return f"{PREFIX}:c:{game_id}:{version}:{seat}:{index}"


def line_menu_id(game_id: int, version: int, seat: int) -> str:
    return f"{PREFIX}:o:{game_id}:{version}:{seat}"


def look_id(look: str, game_id: int, seat: int) -> str:
    return f"{PREFIX}:v:{look}:{game_id}:{seat}"


def skip_id(game_id: int, seat: int, since: int) -> str:
    return f"{PREFIX}:x:{game_id}:{seat}:{since}"


def back_id(game_id: int, seat: int) -> str:
    return f"{PREFIX}:y:{game_id}:{seat}"


def rematch_id(game_id: int) -> str:
    return f"{PREFIX}:r:{game_id}"
