"""Every example in a command's --help pastes into a shell as printed (issue 14): each line
starting with ``campaign-ledger`` splits as a POSIX shell splits it, names a command that
exists, and parses with that command's options; and the examples agree with the README."""

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pluggy
import pytest

from ledger_cli.app import build_cli

ROOT = Path(__file__).resolve().parents[2]


def _commands(
    group: click.Group, ctx: click.Context
) -> Iterator[tuple[click.Command, click.Context]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        sub = click.Context(command, info_name=name, parent=ctx)
        yield command, sub
        if isinstance(command, click.Group):
            yield from _commands(command, sub)


def examples(pm: pluggy.PluginManager) -> list[tuple[str, str]]:
    cli = build_cli(pm)
    root = click.Context(cli, info_name="campaign-ledger")
    found = [("campaign-ledger", line) for line in _example_lines(cli.get_help(root))]
    for command, ctx in _commands(cli, root):
        found += [(ctx.command_path, line) for line in _example_lines(command.get_help(ctx))]
    return found


def _example_lines(help_text: str) -> list[str]:
    joined = help_text.replace("\\\n", " ")  # a line continued with a backslash
    lines = [" ".join(line.split()) for line in joined.splitlines()]
    return [line for line in lines if line.startswith(("campaign-ledger ", "eval "))]


def _command_line(line: str) -> list[str]:
    if line.startswith("eval "):  # eval "$(campaign-ledger completion bash)"
        (inner,) = shlex.split(line)[1:]
        line = inner.removeprefix("$(").removesuffix(")")
    words = shlex.split(line.split(" > ")[0])  # a redirection is the shell's, not ours
    assert words[0] == "campaign-ledger"
    return words[1:]


ROOT_OPTIONS = ("--database", "--campaign", "--idempotency-key", "--expect-seq")


def _parse(cli: click.Group, words: list[str]) -> None:
    """Parse ``words`` as the command they name would, without running it."""
    rest = list(words)
    while rest and rest[0] in ROOT_OPTIONS:
        rest = rest[2:]
    ctx = click.Context(cli, info_name="campaign-ledger")
    command: click.Command = cli
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        found = command.get_command(ctx, rest[0])
        if found is None:
            raise click.UsageError(f"no command {rest[0]!r}")
        ctx = click.Context(found, info_name=rest[0], parent=ctx)
        command, rest = found, rest[1:]
    command.parse_args(ctx, rest)


def test_every_help_example_pastes_into_a_shell(
    pm: pluggy.PluginManager, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # the files the examples read exist (empty) here
    found = examples(pm)
    assert len(found) > 40  # not a scan of nothing
    cli = build_cli(pm)
    problems = []
    for path, line in found:
        try:
            words = _command_line(line)
        except ValueError as error:  # an unclosed quote: Zuva'Sai unquoted
            problems.append(f"{path}: {line!r}: {error}")
            continue
        for word in words:
            if re.fullmatch(r"[\w./-]+\.(ndjson|txt|toml|json)", word):
                (tmp_path / word).parent.mkdir(parents=True, exist_ok=True)
                (tmp_path / word).touch()
        try:  # parsed (not run) as the shell would hand it over
            _parse(cli, words)
        except click.ClickException as error:
            problems.append(f"{path}: {line!r}: {error.format_message()}")
    assert not problems, "\n".join(problems)


def test_an_unquoted_apostrophe_is_caught() -> None:
    with pytest.raises(ValueError, match="No closing quotation"):
        _command_line("""campaign-ledger item use Zuva'Sai "Star Lotus token\"""")


def test_the_examples_add_heroes_as_the_readme_does(pm: pluggy.PluginManager) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    adds = [line for _, line in examples(pm) if line.startswith("campaign-ledger hero add ")]
    assert adds
    for line in adds:
        name = shlex.split(line)[3]
        shown = [row for row in readme.splitlines() if f"hero add {shlex.quote(name)} " in row]
        if shown:  # a Hero of the README's tour: the same abilities and Taunt
            assert any(row.endswith(line) for row in shown), (line, shown)
