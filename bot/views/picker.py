"""A panel's choices in the game's groups (``engine.core.action_path``), one level at a time.

When a seat has more than ``GROUP_ABOVE`` choices and the game groups them, the panel shows
the first level (groups, and the actions the game left ungrouped), then, once a group is clicked,
that group's next level; actions are the leaves. A group holding a single action is shown as that
action, and small groups of actions are shown open while their level keeps at most ``GROUP_ABOVE``
entries (one click fewer for each). A level is addressed by ``Step``: the position of the chosen group among
its level's groups, level by level, so it fits a custom_id and means the same thing for as long as
the game's version (and so its choices) stays the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.tables import Choice

Step = tuple[int, ...]
# Up to this many choices are buttons side by side, grouped or not. Above it a grouped decision shows
# its levels, so that one kind of decision keeps one shape (an HR turn offers 12 to 25 moves, flat
# buttons for some moves and groups for the next would change under the player's finger) and a level
# stays short enough to read on a phone.
GROUP_ABOVE = 10


@dataclass(frozen=True)
class Entry:
    """One button of a level: a group to open (``step``) or an action (``index`` into the choices)."""

    label: str
    index: int | None = None
    step: Step | None = None


def is_grouped(choices: list[tuple[int, Choice]]) -> bool:
    """Whether the panel shows levels: more than ``GROUP_ABOVE`` choices, and the game groups some."""
    return len(choices) > GROUP_ABOVE and any(c.path for _, c in choices)


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
    entries = [_single(entry, members) for entry in entries]
    # A small group of actions is shown open (its actions' labels say all) while the level stays short:
    # one click fewer for them. Smallest first; a group of groups stays shut (its labels need its own).
    while True:
        shut = [
            e
            for e in entries
            if e.step is not None and all(len(c.path) == depth + 1 for _, c in members[e.label])
        ]
        if not shut:
            return entries
        smallest = min(shut, key=lambda e: len(members[e.label]))
        if len(entries) - 1 + len(members[smallest.label]) > GROUP_ABOVE:
            return entries
        at = entries.index(smallest)
        entries[at : at + 1] = [Entry(c.label, index=i) for i, c in members[smallest.label]]


def _single(entry: Entry, members: dict[str, list[tuple[int, Choice]]]) -> Entry:
    if entry.step is None or len(members[entry.label]) != 1:
        return entry
    index, choice = members[entry.label][0]
    return Entry(choice.label, index=index)


def _groups(choices: list[tuple[int, Choice]], labels: tuple[str, ...]) -> list[str]:
    depth = len(labels)
    found = (c.path[depth] for _, c in choices if len(c.path) > depth and c.path[:depth] == labels)
    return list(dict.fromkeys(found))
