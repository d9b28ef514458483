#!/usr/bin/env python3
"""The OpenSSL 1.0.2 client in nassl (LegacySslClient) against a server on 127.0.0.1.

Driven by sizzle.interop.NasslLegacyClientTest. Makes one connection (two with --resume: the
second offers the first one's saved session through get_session/set_session), sends a GET
on each and prints one JSON object per connection on its own line: the protocol, cipher and
session id OpenSSL negotiated, the certificate verification result, and the response.
With --servername the hello carries it (server_name, TLS 1.0 only: SSL 3.0 has no extensions),
as a gateway's shared port needs to route it; with --post FORM the first connection POSTs the
form to /config (the thermostat's password-protected page) and the second GETs --path.
Exit status 0 when every connection completed, 1 (with an "error" object) otherwise.
"""
import argparse
import json
import re
import socket
import sys
from pathlib import Path

from nassl.legacy_ssl_client import LegacySslClient
from nassl.ssl_client import OpenSslVerifyEnum, OpenSslVersionEnum


def read_response(client):
    """Reads one HTTP response (head, then a Content-Length body) from the TLS client."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = client.read(4096)
        if not chunk:
            raise IOError("connection ended inside the response head: %r" % data)
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    match = re.search(rb"(?im)^content-length:\s*(\d+)\s*$", head)
    if not match:
        raise IOError("no Content-Length in %r" % head)
    length = int(match.group(1))
    while len(body) < length:
        chunk = client.read(length - len(body))
        if not chunk:
            raise IOError("body cut at %d of %d bytes" % (len(body), length))
        body += chunk
    return head.decode("latin-1"), body.decode("latin-1")


def session_field(text, name):
    match = re.search(r"(?m)^\s*%s\s*:\s*(\S*)\s*$" % re.escape(name), text)
    return match.group(1) if match else None


def connect(args, session):
    sock = socket.create_connection(("127.0.0.1", args.port), timeout=args.timeout)
    client = LegacySslClient(
        underlying_socket=sock,
        ssl_version=OpenSslVersionEnum[args.version],
        ssl_verify=OpenSslVerifyEnum.PEER,
        ssl_verify_locations=Path(args.ca),
    )
    try:
        client.set_cipher_list(args.cipher)
        if args.servername:
            client.set_tlsext_host_name(args.servername)
        if session is not None:
            client.set_session(session)
        client.do_handshake()
        saved = client.get_session()
        text = saved.as_text()
        host = args.servername or "localhost"
        if args.post is not None and session is None:
            request = ("POST /config HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                       "Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (host, len(args.post), args.post))
        else:
            request = "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (args.path, host)
        client.write(request.encode("ascii"))
        head, body = read_response(client)
        try:
            client.shutdown()
        except Exception:  # the server may have closed first; the response is complete
            pass
        return saved, {
            "protocol": session_field(text, "Protocol"),
            "cipher": client.get_current_cipher_name(),
            "session_id": session_field(text, "Session-ID"),
            # SSL_VERIFY_PEER: the handshake only completes if the chain verified against --ca.
            "verify_result": client._ssl.get_verify_result(),
            "status": head.split("\r\n", 1)[0],
            "body": body,
        }
    finally:
        sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ca", required=True, help="PEM file of the CA that issued the server's certificate")
    parser.add_argument("--version", choices=["SSLV3", "TLSV1", "SSLV23"], required=True)
    parser.add_argument("--cipher", required=True, help="OpenSSL cipher list, e.g. ECDH-ECDSA-RC4-SHA")
    parser.add_argument("--path", default="/")
    parser.add_argument("--servername", help="the server_name extension's host name (and the Host header)")
    parser.add_argument("--post", help="a form the first connection POSTs to /config")
    parser.add_argument("--resume", action="store_true", help="a second connection offering the saved session")
    parser.add_argument("--timeout", type=float, default=10, help="seconds a socket operation may wait (a simulated mote is slow)")
    args = parser.parse_args()
    session = None
    for n in range(2 if args.resume else 1):
        try:
            session, result = connect(args, session)
        except Exception as e:  # reported to the Java test, which fails with it
            print(json.dumps({"connection": n + 1, "error": "%s: %s" % (type(e).__name__, e)}), flush=True)
            return 1
        result["connection"] = n + 1
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
