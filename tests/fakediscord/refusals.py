"""What Discord refuses because of who the bot is to a server or a user, and what those refusals cost:
a bot removed from a guild, direct messages closed, and the count of invalid requests (401, 403,
non-shared 429) behind Discord's temporary ban of the bot's IP."""

from __future__ import annotations

from aiohttp import web

from tests.fakediscord.model import Guild, User
from tests.fakediscord.state import FakeState
from tests.fakediscord.wire import RecordedRequest

# Discord bans the IP from the whole API for a while after 10,000 invalid requests in 10 minutes
# (Rate Limits, "Invalid Request Limit"). Normal play makes none; a test stays far below that, so a
# loop of refusals shows up as a failed budget, not as a ban in production.
INVALID_REQUEST_LIMIT = 10_000
# What one test may spend unless it says otherwise (``allow_invalid_requests``): a few injected
# faults, never a loop.
INVALID_REQUEST_BUDGET = 10


class RefusalsMixin(FakeState):
    def _count_invalid(self, record: RecordedRequest, response: web.StreamResponse) -> None:
        """Rate Limits, "Invalid Request Limit": "An invalid request is one that results in 401, 403, or
        429 statuses"; "429 errors returned with X-RateLimit-Scope: shared are not counted against you"."""
        if response.status in (401, 403) or (
            response.status == 429 and response.headers.get("X-RateLimit-Scope") != "shared"
        ):
            self.invalid_requests.append(record)

    @property
    def invalid_count(self) -> int:
        """401, 403 and non-shared 429 answers so far (what Discord counts towards its IP ban)."""
        return len(self.invalid_requests)

    def allow_invalid_requests(self, budget: int) -> None:
        """A test that provokes refusals on purpose states how many it may cost in all."""
        self.invalid_budget = budget

    def assert_invalid_within_budget(self) -> None:
        if self.invalid_count > self.invalid_budget:
            seen = "\n  ".join(repr(r) for r in self.invalid_requests[:20])
            raise AssertionError(
                f"{self.invalid_count} invalid requests (401/403/429), over this test's budget of "
                f"{self.invalid_budget} (Discord bans the IP at {INVALID_REQUEST_LIMIT} in 10 minutes); "
                f"the first:\n  {seen}"
            )

    async def remove_bot_from_guild(self, guild: Guild) -> None:
        """The bot is kicked (or the server deleted, for the bot the same): Gateway Events, Guild
        Delete: "Sent when a guild becomes or was already unavailable due to an outage, or when the
        user leaves or is removed from a guild. If the unavailable field is not set, the user was
        removed from the guild." Its channels then answer 403 / 50001 Missing Access, and no
        interaction comes from the guild any more (the bot's commands and buttons are gone there)."""
        if guild.bot_removed:
            raise AssertionError(f"the bot is not in {guild.name}")
        await self.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id)}, guild_id=guild.id)
        guild.bot_removed = True
        self.bump()

    def close_dms(self, user: User | str) -> None:
        """The user turned off direct messages from server members: the bot's messages to their DM
        channel get 403 / 50007 "Cannot send messages to this user" (Opcodes and Status Codes)."""
        target = self.users[user] if isinstance(user, str) else user
        target.dms_open = False
