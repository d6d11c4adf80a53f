"""Application commands: the registration routes (ids stable across re-syncs), and on the player side
finding a command, checking who may use it, and turning keyword arguments into Discord's options."""

from __future__ import annotations

from typing import Any, cast

from aiohttp import web

from tests.fakediscord import validation
from tests.fakediscord.messages import Attachment
from tests.fakediscord.model import Channel, Guild, Permission, Role, User, snowflake
from tests.fakediscord.rest import RestMixin
from tests.fakediscord.wire import Call, DiscordError, json_response


class CommandsMixin(RestMixin):
    """``self.commands`` maps a guild id (``None``: global) to the commands the bot registered."""

    def _install_command_routes(self) -> None:
        """PUT and GET of global and guild commands."""
        r = self.route

        def command_scope(call: Call) -> int | None:
            if call.params.get("app_id") != str(self.application_id):
                raise DiscordError(403, 50001, "Missing Access")
            if "guild_id" not in call.params:
                return None
            guild_id = int(call.params["guild_id"])
            if guild_id not in self.guilds:
                raise DiscordError(403, 50001, "Missing Access")
            return guild_id

        def stored_command(scope: int | None, command: dict[str, Any]) -> dict[str, Any]:
            kind = int(command.get("type", 1))
            key = (scope, command["name"], kind)
            command_id = self._command_ids.setdefault(key, snowflake())
            stored = {
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                "contexts": None,
                "integration_types": [0],
                **command,
                "id": str(command_id),
                "application_id": str(self.application_id),
                "type": kind,
                "version": str(snowflake()),
            }
            if scope is not None:
                stored["guild_id"] = str(scope)
            return stored

        @r("PUT", "/applications/{app_id}/commands")
        @r("PUT", "/applications/{app_id}/guilds/{guild_id}/commands")
        async def put_commands(call: Call) -> web.StreamResponse:
            scope = command_scope(call)
            # A bulk overwrite's body is a JSON array of commands, where every other route's is an object.
            commands = list(cast(list[dict[str, Any]] | None, call.payload) or [])
            self._reject(str(call.record.route), validation.command_errors(commands, guild=scope is not None))
            self.commands[scope] = [stored_command(scope, c) for c in commands]
            return json_response(self.commands[scope])

        @r("GET", "/applications/{app_id}/commands")
        @r("GET", "/applications/{app_id}/guilds/{guild_id}/commands")
        async def get_commands(call: Call) -> web.StreamResponse:
            return json_response(self.commands.get(command_scope(call), []))

    def find_command(self, path: str, guild: Guild | None) -> tuple[dict[str, Any], list[str]]:
        name, *rest = path.split()
        scopes = ([guild.id] if guild is not None else []) + [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command, rest
        known = sorted({c["name"] for s in scopes for c in self.commands.get(s, [])})
        raise AssertionError(f"no registered slash command /{name}; registered: {known}")

    def _check_can_use(
        self, definition: dict[str, Any], user: User, channel: Channel, guild: Guild | None
    ) -> None:
        """Discord does not even show a command to someone who may not use it."""
        if guild is None:
            contexts = definition.get("contexts")
            if definition.get("guild_id") or (contexts is not None and 1 not in contexts):
                raise AssertionError(f"/{definition['name']} is not available in DMs")
            return
        have = guild.permissions_in(channel, user.id)
        needed = Permission.VIEW_CHANNEL | Permission.USE_APPLICATION_COMMANDS
        if have & needed != needed:
            raise AssertionError(f"{user.username} cannot use application commands in #{channel.name}")
        required = definition.get("default_member_permissions")
        if required is not None and have & int(required) != int(required):
            raise AssertionError(
                f"Discord hides /{definition['name']} from {user.username} "
                f"(default_member_permissions {required}, member has {have})"
            )

    def _build_options(
        self,
        command: dict[str, Any],
        sub_path: list[str],
        values: dict[str, Any],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
        channel: Channel,
    ) -> list[dict[str, Any]]:
        definitions = command.get("options") or []
        if sub_path:
            head, *tail = sub_path
            sub = next((o for o in definitions if o["name"] == head and o["type"] in (1, 2)), None)
            if sub is None:
                raise AssertionError(f"/{command['name']} has no subcommand {head!r}")
            inner = self._build_options(sub, tail, values, focused, resolved, guild, channel)
            return [{"name": head, "type": sub["type"], "options": inner}]
        if any(o["type"] in (1, 2) for o in definitions):
            raise AssertionError(f"/{command['name']} needs a subcommand")
        by_name = {o["name"]: o for o in definitions}
        unknown = set(values) - set(by_name)
        if unknown:
            raise AssertionError(
                f"/{command['name']} has no option(s) {sorted(unknown)}; it has {sorted(by_name)}"
            )
        options: list[dict[str, Any]] = []
        for definition in definitions:
            name = definition["name"]
            if name not in values:
                if definition.get("required") and focused is None:
                    raise AssertionError(f"/{command['name']}: required option {name!r} missing")
                continue
            value = self._option_value(definition, values[name], name == focused, resolved, guild, channel)
            option: dict[str, Any] = {"name": name, "type": definition["type"], "value": value}
            if name == focused:
                option["focused"] = True
            options.append(option)
        return options

    def _option_value(
        self,
        definition: dict[str, Any],
        value: Any,
        is_focused: bool,
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
        channel: Channel,
    ) -> Any:
        kind = definition["type"]
        if is_focused:
            return str(value)  # autocomplete sends what was typed so far
        if definition.get("choices") and value not in [c["value"] for c in definition["choices"]]:
            raise AssertionError(
                f"option {definition['name']!r}: {value!r} is not one of the offered choices"
            )
        if kind == 3:
            text = str(value)
            if len(text) < definition.get("min_length", 0) or len(text) > definition.get("max_length", 6000):
                raise AssertionError(f"option {definition['name']!r}: length outside the allowed range")
            return text
        if kind in (4, 10):
            number = int(value) if kind == 4 else float(value)
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and number < low) or (high is not None and number > high):
                raise AssertionError(f"option {definition['name']!r}: {number} outside [{low}, {high}]")
            return number
        if kind == 5:
            return bool(value)
        if kind in (6, 9) and isinstance(value, User | str):
            user = self._user(value)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild is not None and user.id in guild.members:
                member = self._member_with_permissions(guild, channel, user)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind == 7:
            target = self._channel(value)
            resolved.setdefault("channels", {})[str(target.id)] = target.payload() | {"permissions": "0"}
            return str(target.id)
        if kind == 11 and isinstance(value, Attachment):
            # A file the user attached: its bytes are served at the cdn URL in the payload.
            self.cdn[value.id] = value
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            return str(value.id)
        if kind in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        raise AssertionError(f"option type {kind} with value {value!r} is not supported by the fake")
