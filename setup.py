"""The one thing pyproject.toml cannot say: the packages. They are every package under
rummy_cli, found (so a game added under rummy_cli/games needs no line here), and the
samples, a folder at the top of the repository installed as rummy_cli/samples (see
pyproject.toml's package-dir). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["rummy_cli", "rummy_cli.*"]),
                "rummy_cli.samples", "rummy_cli.samples.disputes"])
