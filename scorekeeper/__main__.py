"""`python -m scorekeeper …` is the same as the `scorekeeper` command."""

from scorekeeper.cli import main

main()
