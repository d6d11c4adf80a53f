"""Labels of one panel shortened the same way: a language whose saying of one label is too long for a
button takes that label's shorter form (``engine.core.words.fit``), and its neighbours of the same kind
take the same form, so that a panel never reads "Use your Action Choice tile: a Management turn (the
tile's 3 VP are lost)" beside "Action Choice tile: a Research and Development turn (its 3 VP are lost)"."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from engine.core.words import Msg, fitting
from render.common.language import say


def said_alike(labels: Sequence[str]) -> list[str]:
    """``labels`` said in the current language, each set of labels of one kind (the same sentence in
    their longest form) shortened to the same form: the longest form that fits every one of them."""
    out = [say(label) for label in labels]
    kinds: dict[tuple[str | None, ...], list[int]] = defaultdict(list)
    for i, label in enumerate(labels):
        if isinstance(label, Msg) and label.limit is not None:
            first = next(label.forms(), None)
            if isinstance(first, Msg) and first.key is not None:
                kinds[_kind(first)].append(i)
    for members in kinds.values():
        if len(members) < 2:
            continue
        said = {i: [say(form) for form in _forms(labels[i])] for i in members}
        limit = _limit(labels[members[0]])
        deepest = max(len(forms) for forms in said.values())
        for k in range(deepest):
            if all(len(forms[min(k, len(forms) - 1)]) <= limit for forms in said.values()):
                break
        for i, forms in said.items():
            out[i] = fitting(forms[min(k, len(forms) - 1) :], limit)
    return out


def _kind(first: Msg) -> tuple[str | None, ...]:
    """A label's kind: its sentence, and the sentence inside it where it wraps one ("{label} ({moves})"
    around "Move an employee: {origin} → {to}")."""
    inner = first.args.get("label")
    return (first.key, inner.key if isinstance(inner, Msg) else None)


def _forms(label: str) -> tuple[str, ...]:
    assert isinstance(label, Msg)
    return label.parts


def _limit(label: str) -> int:
    assert isinstance(label, Msg) and label.limit is not None
    return label.limit
