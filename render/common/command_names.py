"""How a sentence names a slash command. Catalogues write commands as typed in English (``/game back``,
```/game new game:<game>```), whatever their language; Discord shows each reader a command by the name
their own client gives it (``/гра повернення`` in Ukrainian) and only knows what ``/game back`` means
when it is a command mention, ``</game back:ID>``: clickable, and said in the reader's language.

The bot learns its commands' ids once they are registered (``link_commands``); from then on every
sentence it says names its commands by mention. Before that, in the render processes (pictures) and
wherever a command's own description is said (``plain_commands``: Discord shows a description as plain
text), commands stay as typed."""

from __future__ import annotations

import contextvars
import functools
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

# "/game back", or a whole code span "`/game new game:<game> [players]`": the span's arguments stay code
# after the mention (a mention inside a code span is not one).
_TYPED = re.compile(r"(`?)/([a-z_-]+) ([a-z_-]+)((?: [^`\n]*?)?)\1")

_mentions: dict[str, str] = {}
_plain: contextvars.ContextVar[bool] = contextvars.ContextVar("plain_commands", default=False)


def link_commands(ids: Mapping[str, int]) -> None:
    """From now on name the commands ``ids`` maps ("game back" → the id of ``/game``) by mention."""
    _mentions.clear()
    _linked.cache_clear()
    _mentions.update({name: f"</{name}:{command_id}>" for name, command_id in ids.items()})


@contextmanager
def plain_commands() -> Iterator[None]:
    """Name commands as typed inside (a command's description is shown as plain text)."""
    token = _plain.set(True)
    try:
        yield
    finally:
        _plain.reset(token)


def linked(text: str) -> str:
    """``text`` with every known command as typed replaced by its mention."""
    if not _mentions or _plain.get():
        return text
    return _linked(text)


# Every sentence the bot says passes here: the catalogues' few thousand templates are each linked once.
@functools.lru_cache(maxsize=4096)
def _linked(text: str) -> str:
    def mention(match: re.Match[str]) -> str:
        found = _mentions.get(f"{match[2]} {match[3]}")
        if found is None:
            return match[0]
        rest = match[4].strip()
        return f"{found} `{rest}`" if rest and match[1] else found + match[4]

    return _TYPED.sub(mention, text)
