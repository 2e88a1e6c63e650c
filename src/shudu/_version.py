"""The version of shudu: the one place it is written (the build reads it from here).

>>> from shudu._version import __version__
>>> __version__.count(".")
2
"""

__version__ = "0.1.0"
