"""The export file's envelope: its format and version, its size, its checksum and the numbers it may
hold, read before anything of its game is trusted.

The checksum only detects a file damaged or cut by accident: anyone can recompute it, so import
trusts nothing it can derive (``bot.ops.replayed_import`` derives it all again).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, NoReturn

from bot.service.refusals import ImportRefused
from bot.service.tables import MAX_ROW_ID
from engine.core.words import msg

FORMAT = "boardroom.game"
FORMAT_VERSION = 1
# A finished game's log is well under 1 MB; anything much larger is not ours.
MAX_DOCUMENT_BYTES = 8 * 1024 * 1024


def too_large() -> str:
    return msg("That file is larger than {n} MB.", n=MAX_DOCUMENT_BYTES // (1024 * 1024))


def checksum(document: dict[str, Any]) -> str:
    body = {k: v for k, v in document.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def encode(document: dict[str, Any]) -> bytes:
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False).encode()


# No number in an export is larger than a row id (a seed, a Discord id, a time, a count): 19 digits.
MAX_DIGITS = len(str(MAX_ROW_ID))


def number_too_large() -> str:
    return msg(
        "The export holds a number larger than any in a game (over {digits} digits).", digits=MAX_DIGITS
    )


def _whole_number(text: str) -> int:
    # Before int(): past 4,300 digits, Python refuses to read a number at all (a ValueError, not a
    # refusal), and reading one of a million digits would take seconds.
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ImportRefused(number_too_large())
    return int(text)


def _not_json(text: str) -> NoReturn:
    raise ImportRefused(msg("That file is not a JSON document."))


def decode(raw: bytes) -> dict[str, Any]:
    """Parse and check a document's envelope and checksum (not yet its game)."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise ImportRefused(too_large())
    try:
        # NaN and Infinity are not JSON, though Python's parser takes them.
        document = json.loads(raw.decode("utf-8"), parse_int=_whole_number, parse_constant=_not_json)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ImportRefused(msg("That file is not a JSON document.")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused(msg("That file is not a Boardroom game export."))
    if document.get("format_version") != FORMAT_VERSION:
        raise ImportRefused(
            msg(
                "That export has format version {found}; this bot reads version {known}.",
                found=repr(document.get("format_version")),
                known=FORMAT_VERSION,
            )
        )
    if document.get("checksum") != checksum(document):
        raise ImportRefused(msg("The checksum does not match: the file was changed or cut after the export."))
    return document


def bound_numbers(document: dict[str, Any]) -> None:
    """Refuse a number larger than any in a game anywhere in the document, the game's own options
    included (which no model here bounds): it would reach the engine and json.dumps, which cannot
    write an integer of more than 4,300 digits."""
    pending: list[Any] = [document]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
        elif isinstance(node, int | float) and not abs(node) <= MAX_ROW_ID:  # NaN too
            raise ImportRefused(number_too_large())
