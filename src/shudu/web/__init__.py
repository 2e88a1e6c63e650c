"""The web face: ``shudu serve``, a local app in the browser.

A local web app to play, get hints, step through explanations,
generate and rate (needs the ``web`` extra: ``pip install shudu[web]``).

:func:`~shudu.web.app.create_app` builds the ASGI app: the JSON API under ``/api/v1/``
(:mod:`.tasks` computes each call in a worker process, :mod:`.workers`) and the page
(``static/``).  See ``docs/web.md``.
"""
