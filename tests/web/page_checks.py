"""Reading a written page back without a browser: its tags, links and text."""

from __future__ import annotations

from html.parser import HTMLParser

# Attributes that make a browser fetch (or go to) an address.
URL_ATTRIBUTES = {"src", "href", "srcset", "action", "formaction", "poster", "data", "xlink:href"}


class PageReader(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text_parts: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text_parts.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.text_parts).split())

    def named(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.tags if name == tag]

    def addresses(self) -> list[str]:
        """Every address an attribute names, in-page anchors included."""
        return [
            value or ""
            for _, attrs in self.tags
            for key, value in attrs.items()
            if key in URL_ATTRIBUTES
        ]

    def handlers(self) -> list[str]:
        """Every `on...` attribute (a script that runs on an event)."""
        return [key for _, attrs in self.tags for key in attrs if key.startswith("on")]

    def csp(self) -> str:
        for attrs in self.named("meta"):
            if (attrs.get("http-equiv") or "").lower() == "content-security-policy":
                return attrs.get("content") or ""
        return ""


def policy(csp: str) -> dict[str, list[str]]:
    """`default-src 'none'; img-src data:` -> {"default-src": ["'none'"], ...}."""
    out: dict[str, list[str]] = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def assert_self_contained(html: str) -> PageReader:
    """No script, no fetched address, and a policy that forbids every network source."""
    page = PageReader(html)
    assert page.named("script") == [] and page.handlers() == []
    assert page.named("link") == [] and page.named("iframe") == []
    for address in page.addresses():
        assert address.startswith(("#", "data:image/")), address
    assert "url(" not in html and "@import" not in html
    rules = policy(page.csp())
    assert rules["default-src"] == ["'none'"]
    assert rules["img-src"] == ["data:"]
    assert [source.startswith("'sha256-") for source in rules["style-src"]] == [True]
    assert rules["base-uri"] == ["'none'"] and rules["form-action"] == ["'none'"]
    return page
