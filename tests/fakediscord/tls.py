"""A throwaway self-signed certificate, made with the ``openssl`` CLI once per test process."""

from __future__ import annotations

import atexit
import shutil
import ssl
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def _certificate_files() -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        raise RuntimeError("the fake Discord needs the openssl CLI to make its test certificate")
    folder = Path(tempfile.mkdtemp(prefix="fakediscord-tls-"))
    atexit.register(shutil.rmtree, folder, True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-nodes",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "2",
            "-subj",
            "/CN=discord.com",
            "-addext",
            "subjectAltName=DNS:discord.com,DNS:gateway.discord.gg,DNS:*.discord.gg",
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def server_context() -> ssl.SSLContext:
    cert, key = _certificate_files()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context
