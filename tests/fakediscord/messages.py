"""The fake's messages: their attachments, components and history of revisions."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.model import User, iso_now


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        url = f"https://cdn.discordapp.com/attachments/0/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if (
            self.content_type == "image/png"
            and len(self.data) >= 24
            and self.data[:8] == b"\x89PNG\r\n\x1a\n"
        ):
            data["width"] = int.from_bytes(self.data[16:20], "big")
            data["height"] = int.from_bytes(self.data[20:24], "big")
        return data


EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15


@dataclass
class Revision:
    """What a message looked like after one create or edit."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[str]
    flags: int
    at: float


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_user: User | None = None
    interaction_name: str | None = None
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    history: list[Revision] = field(default_factory=list)
    # Discord's ``mentions``: the users the content mentions that allowed_mentions let through
    mentions: list[User] = field(default_factory=list)
    # who was notified when the message was sent (None while it is a deferred "thinking…" message)
    notified: list[User] | None = None

    # -- reading ------------------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def edits(self) -> int:
        return len(self.history) - 1

    def iter_components(self) -> list[dict[str, Any]]:
        """Every interactive component, flattened out of rows, sections, containers and labels."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                if item.get("custom_id") is not None or item.get("type") in (2, 3, 5, 6, 7, 8):
                    found.append(item)
                for key in ("components",):
                    if isinstance(item.get(key), list):
                        walk(item[key])
                for key in ("accessory", "component"):
                    if isinstance(item.get(key), dict):
                        walk([item[key]])

        walk(self.components)
        return found

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        matches = [b for b in self.buttons() if b.get("label") == label]
        if len(matches) != 1:
            labels = [b.get("label") for b in self.buttons()]
            raise AssertionError(
                f"expected one button labelled {label!r} on message {self.id}, have {labels}"
            )
        return matches[0]

    def button_labels(self) -> list[str | None]:
        return [b.get("label") for b in self.buttons()]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def component(self, custom_id: str) -> dict[str, Any]:
        for item in self.iter_components():
            if item.get("custom_id") == custom_id:
                return item
        ids = [c.get("custom_id") for c in self.iter_components()]
        raise AssertionError(f"message {self.id} has no component {custom_id!r}; it has {ids}")

    def text(self) -> str:
        """Content plus embed titles, descriptions and fields, for loose assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            if embed.get("footer"):
                parts.append(embed["footer"].get("text", ""))
        for item in _text_displays(self.components):
            parts.append(item)
        return "\n".join(p for p in parts if p)

    @property
    def pinged(self) -> list[User]:
        """The users Discord notified of this message: those it mentioned when it was sent, under its
        ``allowed_mentions``. Later edits change ``mentions`` but notify nobody."""
        return list(self.notified or [])

    def mention_text(self) -> str:
        """Where Discord looks for mentions: the content, or the text displays of a v2 message."""
        return "\n".join([self.content, *_text_displays(self.components)])

    def attachment(self, filename: str) -> Attachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise AssertionError(f"message {self.id} has no attachment {filename!r}")

    # -- writing ------------------------------------------------------------------------------
    def snapshot(self) -> None:
        self.history.append(
            Revision(
                content=self.content,
                embeds=list(self.embeds),
                components=list(self.components),
                attachments=[a.filename for a in self.attachments],
                flags=self.flags,
                at=time.monotonic(),
            )
        )

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": 2 if self.type == 20 else 3,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {},
            }
        return data


def _text_displays(items: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item.get("type") == 10 and isinstance(item.get("content"), str):
            out.append(item["content"])
        if isinstance(item.get("components"), list):
            out += _text_displays(item["components"])
    return out
