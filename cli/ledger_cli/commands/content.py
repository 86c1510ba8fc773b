"""content add FILE.toml | content show: the table's own cards, typed once per campaign."""

from pathlib import Path
from typing import Any

import click

from ledger.content import add_content
from ledger.errors import BadInput
from ledger.text import printable
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command, Group

MAX_PACK_BYTES = 1_000_000  # a pack is typed by hand: a bigger file is not one


@click.group("content", cls=Group)
def content() -> None:
    """The cards the campaign knows: the plugins' and the table's own content packs.

    A content pack is a TOML file in the shape of the base game's data files ([[hero]],
    [[item]], [[talent]], [[condition]]... tables with the same fields). `content add`
    records it in the campaign, so `hero add Venia` takes her statistics from it and
    `item gain` its items' properties, on any laptop the campaign file goes to.
    """


@content.command("add", cls=Command)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@json_option
@pass_app
def add(app: App, file: Path, as_json: bool) -> None:
    """Record the content pack FILE in the campaign: the cards that are new or changed since
    it was last added (a pack added again records only what changed in it).

    A pack fills in what the plugins leave unknown and adds new cards. A value that
    contradicts one a plugin gives (Torrax's Might 3) is refused, naming its source, unless
    the card says `override = true`.

    \b
    Examples:
      campaign-ledger content add our-cards.toml
      campaign-ledger content show hero
    """
    app.do(add_content, as_json=as_json, pack=file.name, data=_read(file))


def _read(file: Path) -> bytes:
    try:
        with file.open("rb") as opened:
            data = opened.read(MAX_PACK_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read {file.name}: {error.strerror or error}") from None
    if len(data) > MAX_PACK_BYTES:
        raise BadInput(f"{file.name} is over {MAX_PACK_BYTES:,} bytes: not a content pack")
    return data


@content.command("show", cls=Command)
@click.argument("kind", required=False)
@click.option("--name", metavar="NAME", help="Only the card of this name.")
@click.option("--at", metavar="REF", help="As the campaign knew it at a point (as --at takes it).")
@json_option
@pass_app
def show(app: App, kind: str | None, name: str | None, at: str | None, as_json: bool) -> None:
    """The cards the campaign knows (of KIND: hero, item, talent, condition...), and where
    each value came from: a plugin, or the table's content pack.

    \b
    Examples:
      campaign-ledger content show
      campaign-ledger content show hero --name Venia
      campaign-ledger content show item --json
    """
    app.ledger()
    cards = app.service.content(kind, at)["cards"]
    if name is not None:
        cards = [card for card in cards if card["name"].casefold() == name.strip().casefold()]
        if not cards:
            raise BadInput(f"no card named {name!r}{f' of kind {kind}' if kind else ''}")
    if as_json:
        click.echo(output.to_json({"cards": cards}))
        return
    lines = _detailed(cards) if kind or name else _summary(cards)
    click.echo("\n".join(map(printable, lines)))


def _summary(cards: list[dict[str, Any]]) -> list[str]:
    """One line per kind: its cards, the table's marked with the pack that gave them."""
    by_kind: dict[str, list[str]] = {}
    for card in cards:
        label = card["name"] if card["pack"] is None else f"{card['name']} ({card['pack']})"
        by_kind.setdefault(card["kind"], []).append(label)
    lines = [f"{kind} ({len(names)}): {', '.join(names)}" for kind, names in by_kind.items()]
    return [*lines, "`content show KIND` gives each card's values and where they came from."]


def _detailed(cards: list[dict[str, Any]]) -> list[str]:
    lines = []
    for card in cards:
        given = [f"plugin {card['plugin']}"] if card["plugin"] else []
        if card["pack"]:
            given.append(f"the table's pack {card['pack']}")
        source = f" (source: {card['source']})" if card["source"] else ""
        lines.append(f"{card['kind']} {card['name']}: from {' and '.join(given)}{source}")
        for field, value in card["values"].items():
            said = "the table" if value["from"] == card["pack"] else f"plugin {value['from']}"
            lines.append(f"  {field}: {_shown(value['value'])}  ({said})")
        for field, value in card["override"].items():
            lines.append(f"  {field}: overrides plugin {card['plugin']}'s {_shown(value)}")
    return lines or ["No cards."]


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def register(cli: click.Group) -> None:
    cli.add_command(content)
