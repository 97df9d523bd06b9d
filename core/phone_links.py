"""Links given to phones, as the phones must open them: a game's edit link under "Add a phone"
(its QR code), a tournament table's private links on the director's page and the table cards.

A player or director at the club laptop opens the app at http://127.0.0.1:8000 (what `make run`
prints as "On this machine"); a phone cannot open that address, so the links use this machine's
address on the local network instead (core.local_addresses, the one `make run` prints for
the phones). When none is known, the page says the links will not open on a phone
(templates/core/_phone_links_note.html)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.http.request import split_domain_port

from core.local_addresses import is_loopback, phone_addresses


@dataclass(frozen=True)
class PhoneLinks:
    base: str  # scheme://host[:port] of every link given to the phones
    lan: str  # the network address put in place of the page's loopback host, else ""
    unreachable: bool  # the page was opened on this machine and no network address is known

    def to(self, path: str) -> str:
        """The link to ``path`` (an absolute path: "/g/abc/play/…/") for a phone."""
        return self.base + path


def phone_links(request: HttpRequest) -> PhoneLinks:
    """Where the phones reach this server: the request's own address, unless it names this
    machine only (localhost, 127.0.0.1, ::1); then the machine's first network address, with the
    request's port."""
    host = request.get_host()
    here = f"{request.scheme}://{host}"
    domain, port = split_domain_port(host)
    if not is_loopback(domain):
        return PhoneLinks(here, "", False)
    addresses = phone_addresses()
    if not addresses:
        return PhoneLinks(here, "", True)
    lan = addresses[0]
    return PhoneLinks(f"{request.scheme}://{lan}{':' + port if port else ''}", lan, False)
