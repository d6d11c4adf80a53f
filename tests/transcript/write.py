"""The journal as Markdown: what every player saw and did, in time order, then the counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from statistics import median

from tests.transcript.journal import Entry, Look


@dataclass
class Tally:
    """Figures the driver keeps while it plays."""

    players: list[str]
    clicks: Counter[str] = field(default_factory=Counter)
    # One list per stretch on a panel (from Take my turn, or a panel still open when a new turn line
    # appears, until the panel offers nothing more): the kind of decision (``Decision.kind``) each of its
    # clicks answered.
    sessions: list[list[str]] = field(default_factory=list)
    # Per stretch: its panel was still open from before, so no Take my turn was clicked. A panel lives
    # 15 minutes (Discord's limit): played hours apart, each of these costs one Take my turn more.
    reused: list[bool] = field(default_factory=list)
    reused_by: Counter[str] = field(default_factory=Counter)
    not_offered: int = 0  # the AI's move was not on the panel: the player took one that was
    stopped: str = ""  # why the game stopped before its end (``--max-rounds``)

    def decisions(self, *, apart: bool = False) -> list[tuple[str, int]]:
        """(kind, clicks) of each decision: a stretch on a panel splits where the game asks something
        else (the decision's kind changes: the tab sides, then the Housing city, then the reserved tile).
        A kind that comes in the middle of another somewhere in the game (where to send an employee on
        a mission, in the middle of a turn) and never opens a stretch is a step of the decision around
        it, wherever it comes."""
        inner: set[str] = set()
        for kinds in self.sessions:
            runs = [k for n, k in enumerate(kinds) if n == 0 or kinds[n - 1] != k]
            for a, kind in enumerate(runs):
                for b in range(a + 2, len(runs)):
                    if runs[b] == kind:
                        inner.update(k for k in runs[a + 1 : b] if k != kind)
        inner -= {kinds[0] for kinds in self.sessions if kinds}  # what opens a stretch stands alone
        out: list[tuple[str, int]] = []
        for index, kinds in enumerate(self.sessions):
            current, start = "", len(out)
            for kind in kinds:
                if kind in inner and current:
                    kind = current
                if kind != current:
                    out.append((kind, 0))
                    current = kind
                out[-1] = (kind, out[-1][1] + 1)
            if apart and len(out) > start and index < len(self.reused) and self.reused[index]:
                # the Take my turn the reused panel spared, counted on the stretch's first decision
                out[start] = (out[start][0], out[start][1] + 1)
        return out


def _quote(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def _look(look: Look, plain: Callable[[str], str]) -> list[str]:
    out: list[str] = []
    if look.content:
        out += _quote(plain(look.content))
    for embed in look.embeds:
        out += _quote(plain(embed))
    if look.buttons:
        out += _quote("Buttons: " + " ".join(f"[{plain(label)}]" for label in look.buttons))
    for menu in look.menus:
        out += _quote(f'Menu "{plain(menu.placeholder)}":')
        for option in menu.options:
            text = plain(option.label) + (f" — {plain(option.description)}" if option.description else "")
            out += _quote(f"- {text}")
    for image in look.images:
        out += _quote(f"Image: {image}")
    if not out:
        out = _quote("(empty)")
    return out


def _changes(before: Look, after: Look, plain: Callable[[str], str]) -> list[str]:
    """An edit of a public post: only what changed."""
    out: list[str] = []
    if after.content != before.content or after.embeds != before.embeds:
        out += _quote(plain(after.content))
        for embed in after.embeds:
            out += _quote(plain(embed))
    if (after.buttons, after.menus) != (before.buttons, before.menus):
        if after.buttons or after.menus:
            out += _look(Look("", after.buttons, after.menus, ()), plain)
        else:
            out += _quote("(its buttons are gone)")
    if after.images != before.images:
        out += _quote("Images now: " + (", ".join(after.images) or "none"))
    return out


def _where(entry: Entry) -> str:
    return f"thread {entry.channel}" if entry.thread else f"#{entry.channel}"


def with_pictures_in_place(entries: list[Entry]) -> list[Entry]:
    """A summary's picture is edited onto it a moment after its text (the bot draws it after the
    clicker's panel and the next turn line): shown under the post it belongs to, as players see the
    post from then on, so the story does not depend on how fast a picture was drawn that run."""
    posts = {e.message_id: n for n, e in enumerate(entries) if e.kind == "post"}
    kept = list(entries)
    for n, entry in enumerate(entries):
        before, after = entry.before, entry.look
        if entry.kind != "edit" or entry.message_id not in posts or after is None or before is None:
            continue
        if before.images or not after.images or replace(after, images=()) != before:
            continue
        first = posts[entry.message_id]
        post = kept[first]
        assert post.look is not None
        kept[first] = replace(post, look=replace(post.look, images=after.images))
        kept[n] = replace(entry, kind="pictured")
    return [e for e in kept if e.kind != "pictured"]


def markdown(
    title: str, intro: list[str], entries: list[Entry], tally: Tally, plain: Callable[[str], str]
) -> str:
    entries = with_pictures_in_place(entries)
    lines = [f"# {title}", "", *intro, ""]
    numbers: dict[int, int] = {}  # message id → "post N" as players would refer to it
    for entry in entries:
        if entry.kind == "act":
            lines += [f"**{entry.who}** {entry.text}", ""]
        elif entry.kind == "post":
            numbers[entry.message_id] = len(numbers) + 1
            assert entry.look is not None
            lines += [
                f"**{_where(entry)}** — Boardroom posts (post {numbers[entry.message_id]}):",
                *_look(entry.look, plain),
                "",
            ]
        elif entry.kind == "edit":
            assert entry.look is not None and entry.before is not None
            number = numbers.get(entry.message_id)
            lines += [
                f"**{_where(entry)}** — Boardroom edits post {number}:",
                *_changes(entry.before, entry.look, plain),
                "",
            ]
        elif entry.kind == "private":
            assert entry.look is not None
            what = "panel updated" if entry.edited else "new"
            lines += [f"*Only {entry.who} sees* ({what}):", *_look(entry.look, plain), ""]
        elif entry.kind == "delete":
            if entry.edited:
                lines += [f"*Only {entry.who} sees*: the private message disappears.", ""]
            else:
                number = numbers.get(entry.message_id)
                lines += [f"**{_where(entry)}** — Boardroom deletes post {number}.", ""]
    if tally.stopped:
        lines += [f"*(The transcript stops here: {tally.stopped}.)*", ""]
    lines += ["## Counts", "", *counts(entries, tally)]
    return "\n".join(lines) + "\n"


def counts(entries: list[Entry], tally: Tally) -> list[str]:
    posts = [e for e in entries if e.kind == "post"]
    channel = sum(1 for e in posts if not e.thread)
    thread = sum(1 for e in posts if e.thread)
    edits = sum(1 for e in entries if e.kind == "edit")
    pings: Counter[str] = Counter(n for e in posts for n in e.pinged)
    mentions: Counter[str] = Counter(n for e in posts for n in e.mentioned)
    panels = sum(1 for e in entries if e.kind == "private")
    images = sum(len(e.look.images) for e in posts if e.look is not None)
    decisions = tally.decisions()
    per = [n for _, n in decisions] or [0]
    per_apart = [n for _, n in tally.decisions(apart=True)] or [0]
    apart = tally.clicks + tally.reused_by
    stretches = [len(kinds) for kinds in tally.sessions] or [0]
    by_kind: dict[str, list[int]] = {}
    for kind, n in decisions:
        by_kind.setdefault(kind, []).append(n)
    players = tally.players

    def each(counter: Counter[str]) -> str:
        return ", ".join(f"{p} {counter[p]}" for p in players)

    return [
        f"Posts: channel {channel}, thread {thread}",
        f"Pings per player: {each(pings)}",
        f"Clicks per decision: median {median(per):g}, max {max(per)}",
        f"Clicks per player: {each(tally.clicks)}",
        f"Clicks per player, played hours apart (one Take my turn per stretch): {each(apart)}",
        f"Clicks per decision, played hours apart: median {median(per_apart):g}, max {max(per_apart)}",
        f"Decisions: {len(decisions)}",
        "Clicks by kind of decision: "
        + "; ".join(
            f"{kind} {len(n)}× {sum(n)} (max {max(n)})"
            for kind, n in sorted(by_kind.items(), key=lambda item: -sum(item[1]))
        ),
        f"Clicks per stretch on a panel (decisions in a row): median {median(stretches):g}, "
        f"max {max(stretches)}",
        f"Mentions per player (in new public posts, pinging or not): {each(mentions)}",
        f"Edits of public posts: {edits}",
        f"Private messages shown (new or redrawn): {panels}",
        f"Images posted: {images}",
        f"AI moves the panel did not show (another shown move was taken): {tally.not_offered}",
    ]
