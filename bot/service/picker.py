"""A panel's choices in the game's groups (``engine.core.action_path``), one level at a time.

When a seat has more than ``GROUP_ABOVE`` choices and the game groups them, the panel shows
the first level (groups, and the actions the game left ungrouped), then, once a group is clicked,
that group's next level; actions are the leaves. A group holding a single action is shown as that
action, small groups of actions are shown open while their level keeps at most ``GROUP_ABOVE``
entries, and a level that would hold one group only is passed through (one click fewer for each).
After a step the panel stays in the step's group when that group is one level deep (``resume``):
several employees sent from the Lobby in a row cost one click each, not two. A level is addressed by
``Step``: the position of the chosen group among its level's groups, level by level, so it fits a
custom_id and means the same thing for as long as the game's version (and so its choices) stays the
same.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.tables import Choice, Progress
from engine.core.words import join

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


# The deepest a step goes and the widest a level is: a step read back from a client is bounded by them.
MAX_DEPTH, MAX_POSITION_DIGITS = 8, 3


def format_step(step: Step) -> str:
    return ".".join(map(str, step))


def parse_step(text: str) -> Step | None:
    """A written step (``format_step``) read back, or None when it is not one the bot writes."""
    parts = text.split(".") if text else []
    if len(parts) > MAX_DEPTH or not all(
        p.isascii() and p.isdigit() and len(p) <= MAX_POSITION_DIGITS for p in parts
    ):
        return None
    return tuple(int(p) for p in parts)


def is_grouped(choices: list[tuple[int, Choice]]) -> bool:
    """Whether the panel shows levels: more than ``GROUP_ABOVE`` choices, and the game groups some."""
    return len(choices) > GROUP_ABOVE and any(c.path for _, c in choices)


def labels_of(choices: list[tuple[int, Choice]], step: Step) -> tuple[str, ...] | None:
    """The group labels ``step`` points at, or None when it points at no group (a forged id)."""
    labels: tuple[str, ...] = ()
    for position in step:
        groups = groups_at(choices, labels)
        if not 0 <= position < len(groups):
            return None
        labels += (groups[position],)
    return labels


def resume(choices: list[tuple[int, Choice]], path: tuple[str, ...]) -> Step:
    """Where the panel stands after a step filed under ``path``: in that step's group when the group
    held actions only (one level: the moves from one place) and still offers more than one, else the
    first level (a step through several levels, a build by type then region, starts afresh)."""
    if len(path) != 1 or not is_grouped(choices):
        return ()
    groups = groups_at(choices, ())
    if path[0] not in groups:
        return ()
    step = (groups.index(path[0]),)
    return step if len(level(choices, step)) > 1 else ()


def level(choices: list[tuple[int, Choice]], step: Step, *, shut: bool = False) -> list[Entry]:
    """The entries at ``step`` (which must point at a group), in the order the game lists its actions;
    ``shut``: without showing small groups open."""
    labels = labels_of(choices, step)
    assert labels is not None, step
    depth = len(labels)
    groups = groups_at(choices, labels)
    members: dict[str, list[tuple[int, Choice]]] = {g: [] for g in groups}
    entries: list[Entry] = []
    for index, choice in choices:
        if choice.path[:depth] != labels:
            continue
        if len(choice.path) == depth:
            entries.append(Entry(choice.label, index=index))
            continue
        label = choice.path[depth]
        members[label].append((index, choice))
        if len(members[label]) == 1:
            entries.append(Entry(label, step=(*step, groups.index(label))))
    entries = [_through(choices, _single(entry, members)) for entry in entries]
    # A small group is shown open while the level stays short, one click fewer for each of its choices:
    # its actions under their own labels, its groups under both labels ("Build Housing › In the West").
    # Groups of groups first (each of their buttons still spares a click for many choices, and a level of
    # "type › region" buttons reads alike), then groups of actions; smallest first.
    while not shut:
        groups_here = [(e, level(choices, e.step, shut=True)) for e in entries if e.step is not None]
        fits = [(e, inner) for e, inner in groups_here if len(entries) - 1 + len(inner) <= GROUP_ABOVE]
        if not fits:
            return entries
        group, inner = min(fits, key=lambda pair: (all(e.step is None for e in pair[1]), len(pair[1])))
        assert group.step is not None
        # the labels stay the game's sentences (said on the button in the reader's language)
        head = (labels_of(choices, group.step) or ())[depth:]
        at = entries.index(group)
        entries[at : at + 1] = [
            e if e.step is None else Entry(join(" › ", (*head, e.label)), step=e.step) for e in inner
        ]
    return entries


def _through(choices: list[tuple[int, Choice]], entry: Entry) -> Entry:
    """A group whose level would hold one group only opens that group's level at once (one click fewer)."""
    while entry.step is not None:
        inner = level(choices, entry.step, shut=True)
        if len(inner) != 1 or inner[0].step is None:
            return entry
        entry = Entry(entry.label, step=inner[0].step)
    return entry


def back(choices: list[tuple[int, Choice]], step: Step) -> Step:
    """The level Back leads to from ``step``: the one whose button led there (past the levels passed
    through or shown open in the level above)."""
    up = step[:-1]
    while up and not any(e.step == up for e in level(choices, up[:-1])):
        up = up[:-1]
    return up


def _single(entry: Entry, members: dict[str, list[tuple[int, Choice]]]) -> Entry:
    if entry.step is None or len(members[entry.label]) != 1:
        return entry
    index, choice = members[entry.label][0]
    return Entry(choice.label, index=index)


def listed(progress: Progress, seat: int) -> list[tuple[int, Choice]]:
    """The seat's choices with their positions, Done left out (it has its own button)."""
    choices = progress.choices.get(seat, [])
    ends = progress.decision.done
    return [(i, c) for i, c in enumerate(choices) if ends is None or c.notation != ends]


def groups_at(choices: list[tuple[int, Choice]], labels: tuple[str, ...]) -> list[str]:
    depth = len(labels)
    found = (c.path[depth] for _, c in choices if len(c.path) > depth and c.path[:depth] == labels)
    return list(dict.fromkeys(found))
