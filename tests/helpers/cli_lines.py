"""Sample command lines for every command of the CLI, as a player could type them: each
argument's samples in turn, then each option added on its own (what the plain parse and the
plain run are compared with click's own on: tests/cli/test_plain_parse.py, test_plain_run.py)."""

import itertools

import click

SAMPLES = {"integer": ["2", "0"], "text": ["Torrax", "Star Lotus token", "1 S"]}


def _samples(param: click.Parameter) -> list[str] | None:
    if isinstance(param.type, click.Choice):
        return [str(choice) for choice in param.type.choices][:2]
    if param.type.name in SAMPLES:
        return SAMPLES[param.type.name]
    return None  # files, paths, ranges: left out of the lines below


def sample_lines(command: click.Command, ctx: click.Context) -> list[list[str]]:
    """Each argument's samples in turn, then each option added on its own."""
    params = command.get_params(ctx)
    arguments = [p for p in params if isinstance(p, click.Argument)]
    taken = [_samples(p) for p in arguments]
    if any(sample is None for sample in taken):
        return []
    bases = [list(words) for words in itertools.product(*taken)][:4]  # type: ignore[arg-type]
    lines = [list(base) for base in bases]
    for option in (p for p in params if isinstance(p, click.Option)):
        if option is command.get_help_option(ctx):
            continue
        for word in option.opts + option.secondary_opts:
            if option.is_flag:
                lines.append([*bases[0], word])
            else:
                for value in _samples(option) or []:
                    lines.append([word, value, *bases[0]])
                    if option.multiple:
                        lines.append([word, value, *bases[0], word, value])
    return lines
