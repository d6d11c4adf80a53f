"""Player words for the components the view names by code: factory bonuses, contracts, achievements,
and a word-wrapper for the boxes they go in."""

from __future__ import annotations

from engine.nipron import data
from render.common.canvas import Canvas

ACHIEVEMENT_WORDS: dict[str, str] = {
    "A1": "1 VP per 2 fulfilled contracts",
    "A2": "1 VP per ¥6,000 at the end",
    "A3": "1 VP per knowledge star",
    "A4": "1 VP per star on an empty ship space",
    "A5": "1 VP per coal star",
    "A6": "1 VP per star on an empty train space",
    "A7": "1 VP per level 2 or 3 factory",
    "A8": "1 VP per factory with a +2 machine",
    "A9": "1 VP per district where you have influence",
}
UNIT = {"BP": "blueprints", "COAL": "coal", "VP": "VP", "GOODS": "goods"}


def factory_bonus(tile: str) -> str:
    """The synergy bonus of a factory tile in a few words (rules §7.3)."""
    parts: list[str] = []
    steps = [args for code, *args in data.FACTORIES[tile].synergy if code == "STEP"]
    if len(steps) == len(data.TRACKS):
        parts.append(f"+{steps[0][1]} step on each track")
    elif steps:
        parts.append(f"+{steps[0][1]} " + "/".join(track for track, _ in steps) + " step")
    for code, *args in data.FACTORIES[tile].synergy:
        if code == "YEN":
            parts.append(f"¥{int(args[0]):,}")
        elif code in UNIT:
            parts.append(f"{args[0]} {UNIT[code]}")
        elif code == "MACH":
            parts.append(f"{args[0]} machine" + ("s" if args[0] != "1" else ""))
        elif code == "VP_PER":
            what = "factory" if args[0] == "any_factory" else "level 2/3 factory"
            parts.append(f"{args[1]} VP per {what}")
        elif code == "STAR":
            parts.append(f"counts as a {args[0]} star")
    return ", ".join(parts)


def contract_need(cid: str) -> str:
    return " + ".join(str(n) for n in data.CONTRACTS[cid].need)


def contract_reward(cid: str) -> str:
    k = data.CONTRACTS[cid]
    return f"¥{k.reward:,}" if k.reward_kind == "yen" else f"{k.reward} VP"


def contract_steps(cid: str) -> str:
    n = data.CONTRACTS[cid].money_steps
    return f"+{n} money step" + ("s" if n > 1 else "") if n else "no money step"


def wrap(c: Canvas, text: str, width: float, size: int, bold: bool = False) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and c.text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
