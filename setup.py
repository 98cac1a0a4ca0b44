"""One build step beyond pyproject.toml: the translation catalogs compiled into the wheel.

Every language's .po files are merged into its messages.mo before the package's files are
collected, so `pip install .` ships them (package data). A checkout compiles them itself
when the app starts and a .po is newer than its .mo (scorekeeper/catalogs.py).
"""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogs(build_py):  # type: ignore[misc]
    def run(self) -> None:
        # By path: importing the package would import Flask, not installed while building.
        spec = importlib.util.spec_from_file_location(
            "scorekeeper_catalogs", HERE / "scorekeeper" / "catalogs.py"
        )
        assert spec is not None and spec.loader is not None
        catalogs = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogs)
        catalogs.compile_all()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
