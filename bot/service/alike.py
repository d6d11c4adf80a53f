"""Events that differ only in their player, told as one line: "dave, alice and bob built nothing (no
goods)." instead of three. Only the events a game marks ``data["alike"]`` (what did not happen, told once
per player) are joined, and only within a run of such events (nothing else told between them)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event
from engine.core.words import Msg, listing


def together(events: Sequence[Event]) -> list[Event]:
    out: list[Event] = []
    who: list[list[str]] = []  # per event of ``out``, the players its line names
    run = 0  # where the current run of joinable events starts in ``out``
    for event in events:
        if not _joinable(event):
            out.append(event)
            who.append([])
            run = len(out)
            continue
        # within a run, "dave could not pay …, alice could not pay $10 …, bob …": dave's line takes bob
        same = next((i for i in range(run, len(out)) if _alike(out[i], event)), None)
        if same is not None:
            who[same].append(_who(event))
            continue
        out.append(event)
        who.append([_who(event)])
    for index, names in enumerate(who):
        if len(names) > 1:
            text = out[index].text
            assert isinstance(text, Msg) and text.key is not None
            # a counted sentence counts its players, so a language can put its verb in the plural
            counted = {"n": len(names)} if text.n is not None else {}
            args = {**text.args, "who": listing(names), **counted}
            said = Msg(text.key, args, text.many, len(names) if text.n is not None else None, unit=text.unit)
            out[index] = out[index].model_copy(update={"text": said, "seat": None})
    return out


def _who(event: Event) -> str:
    assert isinstance(event.text, Msg)
    return str(event.text.args["who"])


def _joinable(event: Event) -> bool:
    return bool(event.data.get("alike")) and isinstance(event.text, Msg) and "who" in event.text.args


def _alike(first: Event, then: Event) -> bool:
    if not (_joinable(first) and _joinable(then)) or first.kind != then.kind:
        return False
    a, b = first.text, then.text
    assert isinstance(a, Msg) and isinstance(b, Msg)
    rest_a = {k: str(v) for k, v in a.args.items() if k != "who"}
    rest_b = {k: str(v) for k, v in b.args.items() if k != "who"}
    return a.key == b.key and rest_a == rest_b
