"""The one room that talks to Discord: client, slash commands, buttons, the announcer, the pacer."""
