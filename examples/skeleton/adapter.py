"""A stdio adapter skeleton (written by `agent-identity-kit init --language python`).

The kit drives it with `npx agent-identity-kit conform --adapter-cmd "python3 conformance/adapter.py"`
over JSON lines on stdin and stdout (node_modules/agent-identity-kit/docs/stdio-adapter.md; a
complete example is node_modules/agent-identity-kit/examples/python/adapter.py). Every operation
reports itself unsupported until you translate it into a call of your implementation, so every
requirement is NOT-TESTED, naming the operation it needs. Standard library only.
"""
import json
import sys

PROTOCOL = 1


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def declared():
    """TODO: the capabilities your implementation offers and the profiles it follows."""
    capabilities = dict.fromkeys(["subagents", "remote", "bridge", "rpc", "consumers", "contextDispose", "idSource", "clock", "configHandles"], False)
    return {"capabilities": capabilities, "profiles": {"teardown": "scope-last", "persistedCreate": "reject-at-create"}}


def observe(op, args, configured):
    """TODO: the observations (agents, sessions, events, ...), answered at once."""
    if op == "owner":
        return f"owner-{args[0]}"
    if op == "listen":
        return {"ok": False, "error": {"$unsupported": "listen"}}
    if op == "configResults":
        return {"ok": False, "error": {"$unsupported": "config"}} if configured else {"ok": True, "entries": []}
    if op in ("agents", "sessions", "history", "events", "planOutcomes", "forwarded"):
        return []
    return None


def main():
    configured = {}  # system -> whether it was opened with a configuration
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"type": "hello", "protocol": PROTOCOL, "adapter": "skeleton"})
        elif message["type"] == "bye":
            return
        elif message["type"] == "call":
            op, args = message["op"], message["args"]
            if op == "open":
                configured[message["system"]] = args[1] is not None
                value = {"ok": True, "system": declared()}
            elif op in ("unload", "create", "resume", "spawn", "spawnRemote", "prompt", "dispose", "flush", "shutdown", "restart", "bridgeOpen", "startJob"):
                # TODO: translate the operation; an implementation that awaits the kit's env (store,
                # turns, pauses) must keep reading stdin meanwhile (see examples/python/adapter.py).
                value = {"ok": True} if op == "shutdown" else {"ok": False, "error": {"$unsupported": op}}
            else:
                value = observe(op, args, configured.get(message["system"], False))
            send({"type": "result", "id": message["id"], "value": value})


if __name__ == "__main__":
    main()
