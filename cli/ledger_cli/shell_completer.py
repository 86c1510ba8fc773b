"""Tab completion in ``campaign-ledger shell``: click's own shell completion (the commands,
options and ``shell_complete`` of every parameter: Heroes, items, conditions, campaigns),
asked in-process against the session's App, each name inserted quoted as the shell reads it
back (``"Zuva'Sai"``, ``"Sealed Letter"``)."""

from collections.abc import Iterable, Iterator

import click
from click.shell_completion import ShellComplete
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from ledger_cli import shell_words
from ledger_cli.app import click_exit
from ledger_cli.context import App
from ledger_cli.shell_session import LEAVE

OWN_WORDS = (*LEAVE, "help")  # the shell's words beside the commands


class LedgerCompleter(Completer):
    def __init__(self, root: click.Context, app: App) -> None:
        self.root, self.app = root, app
        self.paths = PathCompleter(expanduser=True)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        try:
            words, value, typed = shell_words.last_word(document.text_before_cursor)
        except ValueError:
            return []
        if words[:1] == ["help"]:
            words = words[1:]
        return list(self._offered(words, value, typed, complete_event))

    def _offered(
        self, words: list[str], value: str, typed: str, event: CompleteEvent
    ) -> Iterator[Completion]:
        command = self.root.command
        params = self.root.params
        prefix = ["--database", str(params["database"] or self.app.path)]
        if params.get("campaign_name") is not None:
            prefix += ["--campaign", params["campaign_name"]]
        asked = ShellComplete(command, {"obj": self.app}, "campaign-ledger", "_COMPLETE")
        try:
            items = asked.get_completions(prefix + words, value)
        except click.ClickException:
            return
        except Exception as error:
            if not click_exit(error):
                raise
            return
        finally:
            self.app.begin()
        if not words:
            yield from (
                Completion(word, -len(typed)) for word in OWN_WORDS if word.startswith(value)
            )
        for item in items:
            if item.type in ("file", "dir"):
                path = Document(value, len(value))
                yield from self.paths.get_completions(path, event)
                continue
            yield Completion(
                shell_words.quote(item.value),
                start_position=-len(typed),
                display=item.value,
                display_meta=item.help or "",
            )
