"""campaign new | list | show | rename | use | archive | unarchive | fork"""

import click

from ledger.campaign import CampaignInfo
from ledger.text import printable
from ledger_cli import output
from ledger_cli.context import App, json_option, listing_group, pass_app
from ledger_cli.parsing import Command, Group


@click.command("new", cls=Command)
@click.argument("name")
@json_option
@pass_app
def new(app: App, name: str, as_json: bool) -> None:
    """Start a campaign.

    \b
    Example:
      campaign-ledger campaign new "Moonsilver"
    """
    app.ledger(create=True)
    created = app.service.create(name)
    app.wrote(f"recorded as #1 (campaign {created.name!r} created)")
    if as_json:
        click.echo(output.to_json({"campaign": created.name, "database": str(app.path)}))
    else:
        click.echo(f"#1 Campaign {created.name!r} created in {app.path}")


@click.command("list", cls=Command)
@click.option("--all", "everything", is_flag=True, help="Archived campaigns too.")
@json_option
@pass_app
def list_campaigns(app: App, as_json: bool = False, everything: bool = False) -> None:
    """The campaigns in the ledger file (archived ones with --all), and where each fork
    comes from."""
    infos = [info for info in app.ledger().catalogue() if everything or not info.archived]
    if as_json:
        click.echo(output.to_json([info.name for info in infos]))
        return
    names = {info.stored: info.name for info in app.ledger().catalogue()}
    for info in infos:
        click.echo(printable(f"{info.name}{_notes(info, names)}"))


def _notes(info: CampaignInfo, names: dict[str, str]) -> str:
    notes = []
    if info.origin is not None:
        origin = names.get(info.origin.campaign, info.origin.campaign)
        notes.append(f"fork of {origin!r} at event {info.origin.seq}")
    if info.archived:
        notes.append("archived")
    return f"  ({'; '.join(notes)})" if notes else ""


@click.command("show", cls=Command)
@click.argument("name", required=False)
@json_option
@pass_app
def show(app: App, name: str | None, as_json: bool) -> None:
    """A campaign's names, events, archiving and origin (default: the current campaign).

    \b
    Example:
      campaign-ledger campaign show "What if we sided with the Guild"
    """
    app.ledger()
    data = app.service.about(name)
    if as_json:
        click.echo(output.to_json(data))
        return
    info = app.ledger().info(data["campaign"])
    lines = [f"Campaign    {info.name}", f"Events      {data['events']}"]
    if info.stored != info.name:
        lines.append(f"Created as  {info.stored} (renamed {info.renamed_at})")
    origin = data["forked_from"]
    if origin is not None:
        lines.append(f"Forked from {origin['campaign']} at event {origin['event']}")
    if info.archived:
        lines.append(f"Archived    {info.archived_at}")
    click.echo("\n".join(map(printable, lines)))


@click.command("rename", cls=Command)
@click.argument("old")
@click.argument("new_name", metavar="NEW")
@pass_app
def rename(app: App, old: str, new_name: str) -> None:
    """Call campaign OLD by NEW from now on (its events keep the name they were recorded
    under, which their hashes cover; the rename is appended, never written over).

    \b
    Example:
      campaign-ledger campaign rename "Moonsilver" "Moonsilver (Tuesdays)"
    """
    app.ledger()
    info = app.service.rename(old, new_name)
    app.wrote(f"campaign {old!r} renamed {info.name!r}")
    click.echo(printable(f"Campaign {old!r} is now called {info.name!r}"))


@click.command("use", cls=Command, words={"unarchive": "`campaign unarchive`"})
@click.argument("name", required=False)
@click.option("--clear", is_flag=True, help="Forget the choice.")
@pass_app
def use(app: App, name: str | None, clear: bool) -> None:
    """Use campaign NAME for later commands on this ledger file (kept in your config
    folder; --campaign and LEDGER_CAMPAIGN still choose another). Without NAME: which one
    is used.

    \b
    Example:
      campaign-ledger campaign use "Moonsilver"
    """
    if clear or name is None:
        if clear:
            app.service.choose(None)
            app.wrote("the campaign choice forgotten")
            click.echo(f"No campaign is chosen for {app.path} any more")
            return
        app.ledger()
        used = app.service.used()
        click.echo(
            printable(f"Using {used.name!r} for {app.path}")
            if used is not None
            else f"No campaign is chosen for {app.path} (campaign use NAME chooses one)"
        )
        return
    app.ledger()
    info = app.service.use(name)  # an archived one is refused
    app.wrote(f"campaign {info.name!r} chosen")
    click.echo(printable(f"Later commands on {app.path} use campaign {info.name!r}"))


@click.command("archive", cls=Command)
@click.argument("name")
@pass_app
def archive(app: App, name: str) -> None:
    """Hide campaign NAME from the listing and the default choice; nothing of it is
    deleted (`campaign list --all` shows it, `campaign unarchive` brings it back).

    \b
    Example:
      campaign-ledger campaign archive "Moonsilver"
    """
    app.ledger()
    info = app.service.archive(name)  # the choice forgotten if it was this one
    app.wrote(f"campaign {info.name!r} archived")
    click.echo(printable(f"Campaign {info.name!r} is archived; nothing of it was deleted"))


@click.command("unarchive", cls=Command)
@click.argument("name")
@pass_app
def unarchive(app: App, name: str) -> None:
    """Show archived campaign NAME again."""
    app.ledger()
    info = app.service.archive(name, archived=False)
    app.wrote(f"campaign {info.name!r} listed again")
    click.echo(printable(f"Campaign {info.name!r} is listed again"))


@click.command("fork", cls=Command)
@click.argument("new_name", metavar="NEW")
@click.option("--from", "origin", required=True, metavar="NAME", help="The campaign to fork.")
@click.option(
    "--at",
    "at",
    required=True,
    metavar="REF",
    help="The last point it keeps: N (event N), city-2, scenario-5:end ...",
)
@json_option
@pass_app
def fork(app: App, new_name: str, origin: str, at: str, as_json: bool) -> None:
    """A what-if branch: campaign NEW holding the history of NAME up to REF, to try another
    choice and compare sheets. NAME is left as it is; NEW's events replay under the rules
    as they are copied and `verify` proves them like any campaign's.

    \b
    Example:
      campaign-ledger campaign fork "What if" --from "Moonsilver" --at scenario-4
    """
    app.ledger()
    info = app.service.fork(new_name, origin, at)
    app.wrote(f"campaign {info.name!r} forked")
    assert info.origin is not None
    data = {"campaign": info.name, "from": origin, "event": info.origin.seq}
    if as_json:
        click.echo(output.to_json(data))
        return
    click.echo(
        printable(
            f"Campaign {info.name!r} forked from {app.ledger().info(origin).name!r}: "
            f"its events 1 to {info.origin.seq}, replayed under the rules "
            f"(--campaign {info.name!r} to play it)"
        )
    )


def register(cli: click.Group) -> None:
    campaign = listing_group(
        cli, "campaign", "Campaigns in the ledger file (lists them by default).", default="list"
    )
    for command in (new, list_campaigns, show, rename, use, archive, unarchive, fork):
        campaign.add_command(command)
    if isinstance(campaign, Group):
        instead = (
            "nothing recorded is ever deleted: `campaign archive NAME` hides a campaign from "
            "the list and the choice (`campaign unarchive NAME` brings it back)"
        )
        campaign.instead.update(delete=instead, remove=instead, rm=instead)
