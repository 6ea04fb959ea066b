"""Every command says what it does with an example, and every option says what it is."""
import click
import pytest

from cli import main

COMMANDS = sorted(main.commands)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_has_an_example_and_every_option_has_help(name):
    cmd = main.commands[name]
    assert cmd.help and cmd.help.strip(), f"{name}: no help text"
    assert "Example" in cmd.help, f"{name}: its help shows no example"
    for p in cmd.params:
        if isinstance(p, click.Option):
            assert p.help and p.help.strip(), f"{name} {p.opts[0]}: no help text"


def test_known_value_sets_are_choices():
    """Options whose values are a fixed set are click.Choice, so --help lists them."""
    for name in ("study", "report"):
        opts = {p.name: p for p in main.commands[name].params}
        for opt in ("profile", "backend"):
            assert isinstance(opts[opt].type, click.Choice), (name, opt)
