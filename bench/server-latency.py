#!/usr/bin/env python3
"""How long an editor waits for `storlint server`, on each ecosystem checkout.

    ECOSYSTEM_DIR=/path/to/checkouts bench/server-latency.py [RUNS]

Per repository (copied to a temporary directory first, which is the
workspace and holds the analysis cache, so the checkouts are never written
to), medians of RUNS runs (default 3) of the time from an LSP client's
message to the diagnostics it brings:

  cold open:  didOpen of FILE in a new server, no cache yet
  warm open:  didOpen of FILE in a new server, the cache filled
  edit:       a one-character edit of the open buffer (includes the 250 ms
              debounce)

FILE is the largest file with a finding (`storlint --format concise`).
Build first: `cargo build --release`.
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "storlint"


class Server:
    def __init__(self, workspace: Path):
        self.process = subprocess.Popen(
            [str(BIN), "server"],
            cwd=workspace,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 1
        self.request("initialize", {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}})
        self.notify("initialized", {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            line = line.strip()
            if not line:
                break
            if line.startswith(b"Content-Length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == ident and "method" not in message:
                return message

    def diagnostics_for(self, uri):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def stop(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=30)


def timed(action):
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def largest_file_with_a_finding(workspace: Path):
    output = subprocess.run(
        [str(BIN), "--no-cache", "--format", "concise", "."],
        cwd=workspace, capture_output=True, text=True,
    ).stdout
    paths = {line.split(":", 1)[0] for line in output.splitlines() if ":" in line}
    files = [workspace / p for p in paths if (workspace / p).is_file()]
    return max(files, key=lambda f: f.stat().st_size, default=None)


def measure(workspace: Path, file: Path, runs: int):
    uri = file.as_uri()
    text = file.read_text()
    language = {".rs": "rust", ".kt": "kotlin", ".swift": "swift", ".sql": "sql"}.get(file.suffix, "")
    opened = {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}
    cold, warm, edit = [], [], []
    for _ in range(runs):
        shutil.rmtree(workspace / ".storlint-cache", ignore_errors=True)
        for times in (cold, warm):
            server = Server(workspace)
            seconds, _ = timed(lambda: (server.notify("textDocument/didOpen", opened), server.diagnostics_for(uri)))
            times.append(seconds)
            if times is warm:
                changed = {
                    "textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [{"text": text + "\n//"}],
                }
                seconds, _ = timed(lambda: (server.notify("textDocument/didChange", changed), server.diagnostics_for(uri)))
                edit.append(seconds)
            server.stop()
    return statistics.median(cold), statistics.median(warm), statistics.median(edit)


def main():
    checkouts = os.environ.get("ECOSYSTEM_DIR")
    if not checkouts:
        sys.exit("set ECOSYSTEM_DIR to the directory holding the checkouts")
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"{'repository':<22} {'cold open':>10} {'warm open':>10} {'edit':>8}  file")
    for checkout in sorted(Path(checkouts).iterdir()):
        if not checkout.is_dir():
            continue
        with tempfile.TemporaryDirectory() as temporary:
            workspace = Path(temporary) / checkout.name
            shutil.copytree(checkout, workspace, symlinks=True)
            (workspace / ".git").mkdir(exist_ok=True)
            file = largest_file_with_a_finding(workspace)
            if file is None:
                continue
            cold, warm, edit = measure(workspace, file, runs)
            relative = file.relative_to(workspace)
            print(f"{checkout.name:<22} {cold:>9.2f}s {warm:>9.2f}s {edit:>7.2f}s  {relative}")


if __name__ == "__main__":
    main()
