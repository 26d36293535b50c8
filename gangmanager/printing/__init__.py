"""Printed fighter cards and roster sheets.

The layout is pure data in millimetres and imports no Qt: `document.py`
(what to print), `card.py` and `roster_sheet.py` (content as pieces),
`flow.py` (pieces down faces, continuing on further faces), `card_pages.py`
(faces onto pages), `blocks.py`, `text.py`, `elements.py`, `geometry.py`.
It measures text through a `measure(text, font) -> mm` callable.

`painter.py` is the one QPainter routine (QtGui only) and the real-font
measure; import it explicitly, it is not loaded with this package.
"""
