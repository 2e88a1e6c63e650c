"""``python -m shudu``: the same as the ``shudu`` command."""

from shudu.cli import main

if __name__ == "__main__":
    main()
