"""engine.core.fast.trusted: a model built from trusted values equals ``model_validate`` of the same values,
for representative models (a game state with nested models and defaults, a frozen action, the RNG), so a
pydantic upgrade that moves its internals fails here and not inside a game."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.carnegie.actions import Action, act
from engine.carnegie.state import CarnegieState, Task
from engine.core import Event, Rng
from engine.core.fast import trusted
from tests.engine.carnegie.fixtures import started


class Mutable(BaseModel):
    n: int
    items: list[int]
    label: str = "x"


def _same(built: BaseModel, validated: BaseModel, *, fields_set: bool = True) -> None:
    assert built == validated
    assert type(built) is type(validated)
    if fields_set:
        assert built.model_fields_set == validated.model_fields_set
        assert built.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True)
    assert built.model_dump() == validated.model_dump()
    assert built.model_dump_json() == validated.model_dump_json()
    assert built.model_copy(deep=True) == validated


@pytest.mark.parametrize(
    ("cls", "values"),
    [
        (Mutable, {"n": 3, "items": [1, 2], "label": "y"}),
        (Rng, {"seed": 7, "draws": 12}),
        (Action, {"verb": "use", "args": ("CON", "H", "chicago")}),
        (Event, {"kind": "move", "text": "moved", "seat": 0, "data": {"fold": {}}, "headline": False}),
    ],
)
def test_trusted_equals_model_validate(cls: type[BaseModel], values: dict[str, Any]) -> None:
    _same(trusted(cls, dict(values), set(values)), cls.model_validate(values))


def test_a_cloned_game_state_equals_its_validated_dump() -> None:
    state = started(3)
    clone = state.clone()  # built with ``trusted`` all the way down (companies, RNG)
    # A clone keeps the source's fields set (a validated dump has every field set).
    _same(clone, CarnegieState.model_validate(state.model_dump()), fields_set=False)
    _same(clone, CarnegieState.model_validate_json(state.model_dump_json()), fields_set=False)
    assert clone.model_fields_set == state.model_fields_set
    assert clone.model_dump(exclude_unset=True) == state.model_dump(exclude_unset=True)


def _containers(value: object, path: str) -> dict[int, str]:
    """Every list, dict and model inside ``value`` by identity, with where it sits."""
    found: dict[int, str] = {}
    if isinstance(value, BaseModel):
        found[id(value)] = path
        for name, inner in value.__dict__.items():
            found.update(_containers(inner, f"{path}.{name}"))
    elif isinstance(value, list | dict):
        found[id(value)] = path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, inner in items:
            found.update(_containers(inner, f"{path}[{key}]"))
    return found


def test_a_cloned_solo_state_shares_nothing_the_rules_change() -> None:
    """A look-ahead changes its clones freely: only what never changes after setup (the Timeline, the
    options) and the pending tasks, which are replaced and never edited, may be shared with the source."""
    from engine.carnegie import GAME

    state = GAME.new_game(1, 5, {"tab_sides": "random"})
    state.tasks.append(Task(kind="lobby", seat=0, a=2))
    clone = state.clone()
    copied = _containers(clone, "state")
    shared = {k: v for k, v in _containers(state, "state").items() if k in copied}
    allowed = ("state.timeline", "state.options", "state.tasks[")
    assert shared and all(path.startswith(allowed) for path in shared.values()), sorted(shared.values())


def test_act_equals_a_validated_action_and_stays_frozen() -> None:
    built = act("row", "HR")
    _same(built, Action.model_validate({"verb": "row", "args": ("HR",)}))
    assert hash(built) == hash(Action(verb="row", args=("HR",)))
    with pytest.raises(ValueError):
        # The assignment the frozen model's type forbids is the one under test.
        built.verb = "done"  # type: ignore[misc]


def test_a_mutable_model_keeps_its_own_fields_set() -> None:
    fields = {"n", "items"}
    a = trusted(Mutable, {"n": 1, "items": [], "label": "x"}, fields)
    a.label = "z"  # assigning adds to the instance's own set, not to the caller's
    assert a.model_fields_set == {"n", "items", "label"} and fields == {"n", "items"}
