"""The checks real Discord applies before accepting a message or a command (the parts our bot can get
wrong). Each returns a list of human-readable errors; an empty list means accepted."""

from __future__ import annotations

import re
from typing import Any

from tests.fakediscord.wire import FormError

# Locales Discord accepts in name_localizations / description_localizations (no Catalan).
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
# AC §Application Command Naming: ``^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$``; Python's ``\w``
# holds letters and digits, the two script blocks add their vowel signs (marks, not letters).
_NAME = re.compile(r"^[-_'\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")
BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS = (3, 5, 6, 7, 8)
MAX_GLOBAL_COMMANDS = 100


# "nonce: integer or string, up to 25 characters" (Create Message).
NONCE_LENGTH = 25


def message_errors(payload: dict[str, Any], *, creating: bool, has_files: bool) -> list[str]:
    errors: list[str] = []
    content = payload.get("content")
    if content is not None and len(content) > 2000:
        errors.append(f"content: must be 2000 or fewer in length (got {len(content)})")
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        errors.append(f"embeds: at most 10 (got {len(embeds)})")
    total = 0
    for i, embed in enumerate(embeds):
        total += _embed_errors(embed, f"embeds.{i}", errors)
    if total > 6000:
        errors.append(f"embeds: total text must be 6000 or fewer characters (got {total})")
    components = payload.get("components") or []
    flags = int(payload.get("flags") or 0)
    if flags & (1 << 15):
        errors += _v2_errors(components)
        if content or embeds:
            errors.append("components v2 messages cannot carry content or embeds")
    else:
        errors += _legacy_component_errors(components)
    nonce = payload.get("nonce")
    if nonce is not None and (not isinstance(nonce, str | int) or len(str(nonce)) > NONCE_LENGTH):
        errors.append(f"nonce: must be an integer or a string of {NONCE_LENGTH} or fewer characters")
    errors += allowed_mentions_errors(payload.get("allowed_mentions"))
    if creating and not (content or embeds or components or has_files or payload.get("poll")):
        errors.append("Cannot send an empty message")
    return errors


# MSG §Allowed Mentions Object: "roles" and "users" lists hold at most 100 ids each, and a type in
# ``parse`` is "mutually exclusive" with a non-empty list of that type ("Passing a falsy value such as
# null or an empty array into the users field does not trigger a validation error").
MENTION_TYPES = ("users", "roles", "everyone")
MAX_MENTION_IDS = 100


def allowed_mentions_errors(allowed: Any) -> list[str]:
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return ["allowed_mentions: must be an object"]
    errors: list[str] = []
    parse = allowed.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in MENTION_TYPES:
            errors.append(f"allowed_mentions.parse.{i}: Value must be one of {MENTION_TYPES}.")
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        if len(ids) > MAX_MENTION_IDS:
            errors.append(f"allowed_mentions.{kind}: Must be {MAX_MENTION_IDS} or fewer in length.")
        if kind in parse and ids:
            errors.append(
                FormError(
                    f'allowed_mentions: parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                )
            )
    return errors


def _embed_errors(embed: dict[str, Any], where: str, errors: list[str]) -> int:
    limits = {"title": 256, "description": 4096}
    total = 0
    for key, limit in limits.items():
        value = embed.get(key) or ""
        total += len(value)
        if len(value) > limit:
            errors.append(f"{where}.{key}: must be {limit} or fewer in length")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        errors.append(f"{where}.fields: at most 25")
    for j, field in enumerate(fields):
        name, value = field.get("name") or "", field.get("value") or ""
        total += len(name) + len(value)
        if not name or len(name) > 256:
            errors.append(f"{where}.fields.{j}.name: must be 1 to 256 in length")
        if not value or len(value) > 1024:
            errors.append(f"{where}.fields.{j}.value: must be 1 to 1024 in length")
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if len(footer) > 2048:
        errors.append(f"{where}.footer.text: must be 2048 or fewer in length")
    if len(author) > 256:
        errors.append(f"{where}.author.name: must be 256 or fewer in length")
    return total


def _custom_id_errors(item: dict[str, Any], where: str, seen: set[str]) -> list[str]:
    custom_id = item.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
        return [f"{where}.custom_id: must be 1 to 100 in length (got {custom_id!r})"]
    if custom_id in seen:
        return [f"{where}.custom_id: duplicate custom_id {custom_id!r} in one message"]
    seen.add(custom_id)
    return []


def _item_errors(item: dict[str, Any], where: str, seen: set[str]) -> list[str]:
    errors: list[str] = []
    kind = item.get("type")
    if kind == BUTTON:
        label = item.get("label") or ""
        if len(label) > 80:
            errors.append(f"{where}.label: must be 80 or fewer in length")
        if not label and not item.get("emoji"):
            errors.append(f"{where}: a button needs a label or an emoji")
        if item.get("style") == 5:
            if not item.get("url"):
                errors.append(f"{where}.url: link buttons need a url")
        elif item.get("style") != 6:
            errors += _custom_id_errors(item, where, seen)
    elif kind in SELECTS:
        errors += _custom_id_errors(item, where, seen)
        if len(item.get("placeholder") or "") > 150:
            errors.append(f"{where}.placeholder: must be 150 or fewer in length")
        if kind == STRING_SELECT:
            options = item.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.append(f"{where}.options: must have 1 to 25 options (got {len(options)})")
            values = set()
            for k, option in enumerate(options):
                for key in ("label", "value", "description"):
                    text = option.get(key) or ""
                    if len(text) > 100:
                        errors.append(f"{where}.options.{k}.{key}: must be 100 or fewer in length")
                if not option.get("label") or not option.get("value"):
                    errors.append(f"{where}.options.{k}: label and value are required")
                if option.get("value") in values:
                    errors.append(f"{where}.options.{k}.value: duplicate value {option.get('value')!r}")
                values.add(option.get("value"))
            if int(item.get("max_values", 1)) > max(len(options), 1):
                errors.append(f"{where}.max_values: more than the number of options")
    else:
        errors.append(f"{where}.type: component type {kind!r} is not allowed in an action row")
    return errors


def _legacy_component_errors(rows: list[dict[str, Any]]) -> list[str]:
    errors: list[str] = []
    if len(rows) > 5:
        errors.append(f"components: at most 5 action rows (got {len(rows)})")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        where = f"components.{i}"
        if row.get("type") != 1:
            errors.append(f"{where}.type: top-level components must be action rows without the v2 flag")
            continue
        items = row.get("components") or []
        buttons = [c for c in items if c.get("type") == BUTTON]
        selects = [c for c in items if c.get("type") in SELECTS]
        if not items:
            errors.append(f"{where}: an action row cannot be empty")
        if len(buttons) > 5:
            errors.append(f"{where}: at most 5 buttons in a row (got {len(buttons)})")
        if selects and len(items) > 1:
            errors.append(f"{where}: a select menu must be alone in its row")
        for j, item in enumerate(items):
            errors += _item_errors(item, f"{where}.components.{j}", seen)
    return errors


def _v2_errors(components: list[dict[str, Any]]) -> list[str]:
    errors: list[str] = []
    count = 0
    seen: set[str] = set()

    def walk(items: list[dict[str, Any]], where: str) -> None:
        nonlocal count
        for i, item in enumerate(items):
            count += 1
            here = f"{where}.{i}"
            if item.get("type") == BUTTON or item.get("type") in SELECTS:
                errors.extend(_item_errors(item, here, seen))
            if item.get("type") == 10 and len(item.get("content") or "") > 4000:
                errors.append(f"{here}.content: must be 4000 or fewer in length")
            if isinstance(item.get("components"), list):
                walk(item["components"], f"{here}.components")
            if isinstance(item.get("accessory"), dict):
                walk([item["accessory"]], f"{here}.accessory")

    walk(components, "components")
    if count > 40:
        errors.append(f"components: at most 40 components in a v2 message (got {count})")
    return errors


def modal_errors(data: dict[str, Any]) -> list[str]:
    errors: list[str] = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        errors.append("title: must be 1 to 45 in length")
    if not data.get("custom_id") or len(data["custom_id"]) > 100:
        errors.append("custom_id: must be 1 to 100 in length")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        errors.append(f"components: a modal needs 1 to 5 components (got {len(rows)})")
    return errors


def _is_command_name(name: str) -> bool:
    """AC §Application Command Naming: the name regex, and lower case wherever a letter has a lower
    case (uncased scripts pass)."""
    return bool(_NAME.match(name)) and name == name.lower()


def _localization_errors(command: dict[str, Any], where: str, *, chat_input: bool = True) -> list[str]:
    """Keys are Discord's locales (REF §Locales); values "follow the same restrictions as" the field
    they translate (AC, Application Command and Option Structure): a name is a command name, a
    description 1 to 100 characters."""
    errors = []
    for key in ("name_localizations", "description_localizations"):
        for locale, value in (command.get(key) or {}).items():
            here = f"{where}.{key}.{locale}"
            if locale not in LOCALES:
                errors.append(f"{where}.{key}: {locale!r} is not a valid locale")
            elif not isinstance(value, str):
                errors.append(f"{here}: must be a string")
            elif key == "name_localizations" and chat_input and not _is_command_name(value):
                errors.append(f"{here}: {value!r} is not a valid lower-case command name")
            elif key == "name_localizations" and not 1 <= len(value) <= 32:
                errors.append(f"{here}: must be 1 to 32 in length")
            elif key == "description_localizations" and chat_input and not 1 <= len(value) <= 100:
                errors.append(f"{here}: must be 1 to 100 in length (got {len(value)})")
    return errors


def _choice_errors(choice: dict[str, Any], where: str) -> list[str]:
    """AC §Application Command Option Choice Structure: a name of 1 to 100 characters, its
    localizations alike, and a string value of at most 100."""
    errors = []
    if not 1 <= len(choice.get("name") or "") <= 100:
        errors.append(f"{where}.name: must be 1 to 100 in length")
    for locale, value in (choice.get("name_localizations") or {}).items():
        if locale not in LOCALES:
            errors.append(f"{where}.name_localizations: {locale!r} is not a valid locale")
        elif not isinstance(value, str) or not 1 <= len(value) <= 100:
            errors.append(f"{where}.name_localizations.{locale}: must be 1 to 100 in length")
    value = choice.get("value")
    if isinstance(value, str) and len(value) > 100:
        errors.append(f"{where}.value: must be 100 or fewer in length (got {len(value)})")
    return errors


# AC §Slash Commands: "a maximum of 8000 characters for combined name, description, and value
# properties for each command, its options (including subcommands and groups), and choices. When
# localization fields are present, only the longest localization for each field (including the
# default value) is counted".
MAX_COMMAND_SIZE = 8000


def _longest(item: dict[str, Any], key: str) -> int:
    texts = [str(item.get(key) or ""), *map(str, (item.get(f"{key}_localizations") or {}).values())]
    return max(len(text) for text in texts)


def command_size(item: dict[str, Any]) -> int:
    """What a command (or one of its options or choices) counts towards ``MAX_COMMAND_SIZE``."""
    size = _longest(item, "name") + _longest(item, "description")
    if "value" in item:
        size += len(str(item["value"]))
    for child in [*(item.get("options") or []), *(item.get("choices") or [])]:
        size += command_size(child)
    return size


def _option_errors(options: list[dict[str, Any]], where: str, depth: int) -> list[str]:
    errors: list[str] = []
    if len(options) > 25:
        errors.append(f"{where}: at most 25 options (got {len(options)})")
    names: set[str] = set()
    seen_optional = False
    for i, option in enumerate(options):
        here = f"{where}.{i}"
        name = option.get("name") or ""
        if not _is_command_name(name):
            errors.append(f"{here}.name: {name!r} is not a valid lower-case command name")
        if name in names:
            errors.append(f"{here}.name: duplicate option name {name!r}")
        names.add(name)
        description = option.get("description") or ""
        if not 1 <= len(description) <= 100:
            errors.append(f"{here}.description: must be 1 to 100 in length")
        errors += _localization_errors(option, here)
        kind = option.get("type")
        if kind in (1, 2):
            if depth >= (2 if kind == 2 else 3):
                errors.append(f"{here}: subcommands nest too deep")
            errors += _option_errors(option.get("options") or [], f"{here}.options", depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                errors.append(f"{here}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            errors.append(f"{here}.choices: at most 25 (got {len(choices)})")
        if choices and option.get("autocomplete"):
            errors.append(f"{here}: autocomplete cannot be combined with choices")
        for k, choice in enumerate(choices):
            errors += _choice_errors(choice, f"{here}.choices.{k}")
    return errors


def command_errors(commands: list[dict[str, Any]], *, guild: bool) -> list[str]:
    errors: list[str] = []
    if not guild and len(commands) > MAX_GLOBAL_COMMANDS:
        errors.append(f"at most {MAX_GLOBAL_COMMANDS} global commands")
    keys: set[tuple[str, int]] = set()
    for i, command in enumerate(commands):
        where = f"{i}"
        kind = int(command.get("type", 1))
        name = command.get("name") or ""
        if kind == 1:
            if not _is_command_name(name):
                errors.append(f"{where}.name: {name!r} is not a valid lower-case command name")
            if not 1 <= len(command.get("description") or "") <= 100:
                errors.append(f"{where}.description: must be 1 to 100 in length")
            errors += _option_errors(command.get("options") or [], f"{where}.options", 1)
            size = command_size(command)
            if size > MAX_COMMAND_SIZE:
                # Discord names neither the field nor the size, only the command's index.
                errors.append(
                    FormError(
                        f"{where}: Command exceeds maximum size ({MAX_COMMAND_SIZE})",
                        "APPLICATION_COMMAND_TOO_LARGE",
                    )
                )
        elif not 1 <= len(name) <= 32:
            errors.append(f"{where}.name: must be 1 to 32 in length")
        errors += _localization_errors(command, where, chat_input=kind == 1)
        if (name, kind) in keys:
            errors.append(f"{where}.name: duplicate command {name!r}")
        keys.add((name, kind))
    return errors
