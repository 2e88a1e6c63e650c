"""User-facing text in English and Chinese: names, step texts, messages of every face.

Text and small formatting functions only; the modules import nothing from shudu but the
foundation (errors, limits), and take what they name as plain data or any object with
the fields they read (a ``Rules``'s ``size`` and ``houses``, a step's ``placements``).
Each table of words is a dict keyed ``"en"`` and ``"zh"`` with the same entries.

- :mod:`~shudu.words.cells`: cells, digits, candidates in compact notation (``r1c23``)
- :mod:`~shudu.words.houses`: house names (``row 3`` / ``第3行``) and peer relations
- :mod:`~shudu.words.steps`: hint levels and step texts common to every technique
- :mod:`~shudu.words.verdict`: where a puzzle without solution breaks
- :mod:`~shudu.words.trace`: the search trace's events and summary
- :mod:`~shudu.words.walkthrough`: the walk-through page
- :mod:`~shudu.words.pictures`: picture titles, legends and role names
- :mod:`~shudu.words.web`: the web page (served as JSON) and the web API's sentences
"""
