"""A panel's choices in the game's groups (``engine.core.action_path``), one level at a time.

When a seat has more choices than a panel's buttons hold and the game groups them, the panel shows
the first level (groups, and the actions the game left ungrouped), then, once a group is clicked,
that group's next level; actions are the leaves. A group holding a single action is shown as that
action (one click fewer). A level is addressed by ``Step``: the position of the chosen group among
its level's groups, level by level, so it fits a custom_id and means the same thing for as long as
the game's version (and so its choices) stays the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.limits import MAX_BUTTONS
from bot.tables import Choice

Step = tuple[int, ...]


@dataclass(frozen=True)
class Entry:
    """One button of a level: a group to open (``step``) or an action (``index`` into the choices)."""

    label: str
    index: int | None = None
    step: Step | None = None


def is_grouped(choices: list[tuple[int, Choice]]) -> bool:
    """Whether the panel shows levels: more choices than buttons, and the game groups some."""
    return len(choices) > MAX_BUTTONS and any(c.path for _, c in choices)


def labels_of(choices: list[tuple[int, Choice]], step: Step) -> tuple[str, ...] | None:
    """The group labels ``step`` points at, or None when it points at no group (a forged id)."""
    labels: tuple[str, ...] = ()
    for position in step:
        groups = _groups(choices, labels)
        if not 0 <= position < len(groups):
            return None
        labels += (groups[position],)
    return labels


def level(choices: list[tuple[int, Choice]], step: Step) -> list[Entry]:
    """The entries at ``step`` (which must point at a group), in the order the game lists its actions."""
    labels = labels_of(choices, step)
    assert labels is not None, step
    depth = len(labels)
    groups = _groups(choices, labels)
    members: dict[str, list[tuple[int, Choice]]] = {g: [] for g in groups}
    entries: list[Entry] = []
    for index, choice in choices:
        if choice.path[:depth] != labels:
            continue
        if len(choice.path) == depth:
            entries.append(Entry(choice.label, index=index))
            continue
        group = choice.path[depth]
        members[group].append((index, choice))
        if len(members[group]) == 1:
            entries.append(Entry(group, step=(*step, groups.index(group))))
    return [_single(entry, members) for entry in entries]


def _single(entry: Entry, members: dict[str, list[tuple[int, Choice]]]) -> Entry:
    if entry.step is None or len(members[entry.label]) != 1:
        return entry
    index, choice = members[entry.label][0]
    return Entry(choice.label, index=index)


def _groups(choices: list[tuple[int, Choice]], labels: tuple[str, ...]) -> list[str]:
    depth = len(labels)
    found = (c.path[depth] for _, c in choices if len(c.path) > depth and c.path[:depth] == labels)
    return list(dict.fromkeys(found))
