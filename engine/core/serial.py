"""State serialisation: pydantic JSON plus a format version, no hand-written codec."""

from __future__ import annotations

import json
from typing import TypeVar

from pydantic import ValidationError

from engine.core.errors import InvalidAction
from engine.core.game import FORMAT_VERSION, GameState

S = TypeVar("S", bound=GameState)


def dump_state(state: GameState) -> str:
    return state.model_dump_json()


def load_state(model: type[S], text: str) -> S:
    """Read a stored state, refusing one written by an unknown format version."""
    try:
        version = json.loads(text).get("format_version")
    except (ValueError, AttributeError):
        raise InvalidAction("The stored game cannot be read.") from None
    if version != FORMAT_VERSION:
        raise InvalidAction(f"The stored game has format version {version}, expected {FORMAT_VERSION}.")
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        raise InvalidAction(f"The stored game cannot be read: {exc.error_count()} invalid fields.") from None
