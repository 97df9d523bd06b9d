"""This machine's addresses on its local network: what `make run` prints for the phones
(scripts/serve-local, through settings.LOCAL_ADDRESSES), and what a page opened on this machine
(http://127.0.0.1:8000) puts in the links it gives to phones (the tournaments' table cards)."""

from __future__ import annotations

import ipaddress
import socket
import sys


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses that phones on its network can reach, the one on the way to
    the rest of the network (the default route) first. Loopback addresses are left out."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("203.0.113.1", 9))  # a UDP "connect" sends nothing: it picks the route
        found.append(probe.getsockname()[0])
    except OSError:
        pass  # no default route: only the interfaces below
    finally:
        probe.close()
    if sys.platform.startswith("linux"):  # every interface's address (SIOCGIFADDR)
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _index, name in socket.if_nameindex():
                try:
                    answer = fcntl.ioctl(
                        sock.fileno(), 0x8915, struct.pack("256s", name[:15].encode())
                    )
                except OSError:
                    continue  # an interface without an IPv4 address
                found.append(socket.inet_ntoa(answer[20:24]))
    return [a for a in dict.fromkeys(found) if not a.startswith(("127.", "0."))]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a request's host, without its port) names this machine only:
    localhost, 127.x.x.x, ::1 (with or without brackets)."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def phone_addresses() -> list[str]:
    """The addresses phones on the local network can open this server at, best first: in local
    mode (`make run`) the ones it found at start and allows; otherwise this machine's addresses
    that ALLOWED_HOSTS accepts (none with `make dev`, which serves 127.0.0.1 only)."""
    from django.conf import settings
    from django.http.request import validate_host

    known = getattr(settings, "LOCAL_ADDRESSES", None)
    candidates = list(known) if known is not None else local_addresses()
    return [a for a in candidates if validate_host(a, settings.ALLOWED_HOSTS)]
