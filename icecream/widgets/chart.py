"""A plotly chart on a page, drawn by plotly's own renderer for its MIME type.

Why not plotly's ``FigureWidget``: it is an anywidget whose model carries plotly's whole
4.8 MB script bundle, sent to the browser and evaluated again for every chart. anywidget
gives a model 2 s to load its script; on a busy 2-core classroom machine that was not
enough, the page logged ``[anywidget] Failed to initialize model.`` and anywidget dropped
every later message to that chart. A chart here never changes after it is drawn, so it
needs no live model: :func:`chart` puts plotly's own MIME bundle of the figure (the one
its ``plotly_mimetype`` renderer makes) in an ``Output`` widget, and the page's plotly
renderer (the ``jupyterlab-plotly`` extension installed with plotly, its script loaded
once per page) draws it.

>>> import plotly.graph_objects as go
>>> box = chart(go.Figure(go.Bar(x=["a"], y=[1]), {"title": "one bar"}))
>>> data = box.outputs[0]["data"]
>>> sorted(data), data[MIME]["data"][0]["type"], data["text/plain"]
(['application/vnd.plotly.v1+json', 'text/plain'], 'bar', 'one bar')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

#: The MIME type plotly's renderer draws.
MIME = "application/vnd.plotly.v1+json"


def chart(figure: Any) -> widgets.Output:
    """An ``Output`` widget that shows ``figure``, a plotly figure.

    A page without plotly's renderer shows the figure's title instead (``text/plain``).
    """
    import plotly.io as pio

    data = pio.renderers["plotly_mimetype"].to_mimebundle(figure.to_dict())
    data[MIME]["config"] = {"displaylogo": False, "responsive": True}
    data["text/plain"] = figure.layout.title.text or ""
    box = widgets.Output()
    box.outputs = ({"output_type": "display_data", "metadata": {}, "data": data},)
    return box
