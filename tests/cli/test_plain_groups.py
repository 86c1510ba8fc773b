"""A group line parsed plainly (``ledger_cli.parsing.Group``: no option but --help, its
subcommand named first) runs as click runs it: the group's function sees the subcommand's
name, the subcommand its parameters under the group's context; anything else is click's."""

import click
import pytest

from ledger_cli.parsing import Group


def _tree(cls: type[click.Group], seen: list[object]) -> click.Group:
    @click.group("party", cls=cls)
    @click.pass_context
    def party(ctx: click.Context) -> None:
        seen.append(("group", ctx.invoked_subcommand, list(ctx.args)))

    @party.command("gain")
    @click.argument("hero")
    @click.option("--amount", type=int, default=1)
    @click.pass_context
    def gain(ctx: click.Context, hero: str, amount: int) -> str:
        seen.append(("gain", ctx.command_path, ctx.parent.command.name, hero, amount))
        return f"{hero}+{amount}"

    return party


LINES = [["gain", "Kell"], ["gain", "Kell", "--amount", "3"], ["gain", "--amount", "2", "Ana"]]


@pytest.mark.parametrize("line", LINES)
def test_a_plain_group_line_runs_as_clicks_own_group_runs_it(
    line: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ours: list[object] = []
    theirs: list[object] = []
    parsed_by_click: list[str | None] = []
    clicks_parse = click.Command.parse_args

    def parse_args(self: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
        parsed_by_click.append(self.name)
        return clicks_parse(self, ctx, args)

    monkeypatch.setattr(click.Command, "parse_args", parse_args)
    got = _tree(Group, ours).main(line, "campaign-ledger", standalone_mode=False)
    assert "party" not in parsed_by_click  # the plain path ran
    expected = _tree(click.Group, theirs).main(line, "campaign-ledger", standalone_mode=False)
    assert got == expected
    assert ours == theirs
    assert ours[0] == ("group", "gain", [])


@pytest.mark.parametrize("line", [["gian", "Kell"], ["gain"], ["--help"]])
def test_other_group_lines_are_refused_or_shown_as_click_does(
    line: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    outcomes = []
    for cls in (Group, click.Group):
        try:
            outcomes.append(("returned", _tree(cls, []).main(line, "x", standalone_mode=False)))
        except click.UsageError as error:
            outcomes.append(("refused", type(error).__name__))
        except SystemExit as done:
            outcomes.append(("exited", done.code))
        outcomes.append(capsys.readouterr().out)
    assert outcomes[0][0] == outcomes[2][0]
    if line == ["--help"]:
        assert outcomes[1] == outcomes[3]


def test_a_group_with_a_result_callback_hands_it_the_subcommands_result() -> None:
    results: list[object] = []
    party = _tree(Group, [])
    party.result_callback()(lambda value: results.append(value))
    party.main(["gain", "Kell", "--amount", "4"], "x", standalone_mode=False)
    assert results == ["Kell+4"]
