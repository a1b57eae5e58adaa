"""The stdio adapter of the Python host (identity.py): docs/stdio-adapter.md, protocol version 1.

    npx agent-identity-kit conform --adapter-cmd "python3 examples/python/adapter.py"

It translates the kit's calls into host calls and nothing more: tokens for objects, the kit's
plans (setup, signal, listeners) as callbacks, signals and listeners, the kit's env (store, turns,
pauses, clock, seed) as requests over stdout. Observations are answered at once, also while
operations are in flight. Standard library only.
"""
from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, Callable

import identity
from identity import HostError, Signal, Thrown, as_exception, failure_value

PROTOCOL = 1
EVENTS = ["session/created", "agent/created", "agent/session-start", "session/event", "agent/disposed", "session/disposed"]
ASYNC_OPS = {"open", "unload", "create", "resume", "spawn", "spawnRemote", "prompt", "dispose", "flush", "shutdown", "restart", "bridgeOpen", "startJob"}


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n")
    sys.stdout.flush()


class Injected:
    """A value the kit injected (a $ref that is not an Error): opaque, passed on unchanged."""

    def __init__(self, ref: str):
        self.ref = ref


class InjectedError(Exception):
    """A value the kit injected that is an Error."""

    def __init__(self, ref: str):
        super().__init__(f"kit-injected {ref}")
        self.ref = ref


class Unsupported(Exception):
    """An operation or plan action this host does not have (`$unsupported` on the wire)."""

    def __init__(self, op: str):
        super().__init__(f"{op} is not supported")
        self.op = op


class Tokens:
    """Object -> token, stable for the object's life, never reused."""

    def __init__(self, prefix: str):
        self._prefix = prefix
        self._by_object: dict[int, str] = {}
        self._by_token: dict[str, Any] = {}

    def token(self, obj: Any) -> str:
        found = self._by_object.get(id(obj))
        if found is None:
            found = f"{self._prefix}{len(self._by_token) + 1}"
            self._by_object[id(obj)] = found
            self._by_token[found] = obj
        return found

    def get(self, token: str) -> Any:
        if token not in self._by_token:
            raise HostError("inactive", f"unknown token {token!r}")
        return self._by_token[token]

    def find(self, token: str) -> Any:
        return self._by_token.get(token)


class Kit:
    """The kit's end of stdout/stdin: env requests and the values on the wire."""

    def __init__(self) -> None:
        self._next = 0
        self._waiting: dict[str, asyncio.Future] = {}
        self._refs: dict[str, Any] = {}
        # Keyed by id(): the failures are kept alive, so an id is never reused for another one.
        self._errors: dict[int, tuple[str, Any]] = {}

    def decode(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.decode(item) for item in value]
        if isinstance(value, dict):
            if "$ref" in value and set(value) <= {"$ref", "isError"}:
                ref = value["$ref"]
                if ref not in self._refs:
                    self._refs[ref] = InjectedError(ref) if value.get("isError") else Injected(ref)
                return self._refs[ref]
            return {key: self.decode(item) for key, item in value.items()}
        return value

    def encode_error(self, error: Any) -> Any:
        error = failure_value(error) if isinstance(error, BaseException) else error
        if isinstance(error, (Injected, InjectedError)):
            return {"$ref": error.ref}
        if isinstance(error, Unsupported):
            return {"$unsupported": error.op}
        key = id(error)
        if key not in self._errors:
            self._errors[key] = (f"e{len(self._errors) + 1}", error)
        body = {"id": self._errors[key][0], "code": error.code if isinstance(error, HostError) else "unknown", "message": str(error)}
        if isinstance(error, HostError) and error.has_cause:
            body["cause"] = self.encode(error.cause)
        return {"$error": body}

    def encode(self, value: Any) -> Any:
        if isinstance(value, (Injected, InjectedError)):
            return {"$ref": value.ref}
        if isinstance(value, BaseException):
            return self.encode_error(value)
        if isinstance(value, list):
            return [self.encode(item) for item in value]
        if isinstance(value, dict):
            return {key: (self.encode_error(item) if key == "error" else self.encode(item)) for key, item in value.items()}
        return value

    def request(self, system: str, op: str, args: list, signal: Signal | None = None) -> asyncio.Future:
        self._next += 1
        ident = f"q{self._next}"
        future = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        send({"type": "env", "id": ident, "system": system, "op": op, "args": args})
        if signal is not None:
            signal.on_abort(lambda: send({"type": "cancel", "id": ident, "reason": self.encode(signal.reason)}))
        return future

    def reply(self, message: dict) -> None:
        future = self._waiting.pop(message["id"], None)
        if future is None or future.done():
            return
        if message["ok"]:
            future.set_result(self.decode(message.get("value")))
        else:
            future.set_exception(as_exception(self.decode(message.get("error"))))


class Store:
    """The kit's durable store, over env requests."""

    def __init__(self, kit: Kit, system: str):
        self._kit, self._system = kit, system

    async def load(self, id: str) -> Any:
        return await self._kit.request(self._system, "store.load", [id])

    async def put(self, record: dict) -> None:
        await self._kit.request(self._system, "store.put", [record])

    async def append(self, id: str, events: list) -> None:
        await self._kit.request(self._system, "store.append", [id, events])

    async def flush(self, id: str) -> None:
        await self._kit.request(self._system, "store.flush", [id])


class System:
    """One running host as the kit drives and observes it."""

    def __init__(self, kit: Kit, name: str, durable: bool):
        self.kit = kit
        self.name = name
        self.store = Store(kit, name) if durable else None
        self.agents = Tokens("agent")
        self.sessions = Tokens("session")
        self.handles = Tokens("handle")
        self.owners = Tokens("owner")
        self.log: list[dict] = []
        self.outcomes: list[dict] = []
        self.signals: dict[str, tuple[Signal, Any]] = {}
        self.globals: dict[str, dict] = {}
        self.removals: dict[str, list[Callable[[], None]]] = {}
        self.config: dict = {"ok": True, "entries": []}
        self.host: identity.Host

    async def boot(self, config: Any) -> None:
        self.host = identity.Host(
            self.store,
            clock=lambda: self.kit.request(self.name, "clock", []),
            model=lambda agent, signal: self.kit.request(self.name, "turn", [agent.id], signal),
            agents=(config or {}).get("agents", []),
        )
        for event in EVENTS:
            self.host.bus.on(event, self._recorder(event))
        for plan in self.globals.values():
            self.install(plan, None)
        try:
            entries = await self.host.start()
            self.config = {"ok": True, "entries": [{**entry, "handle": self.handles.token(entry["handle"])} if entry["ok"] else entry for entry in entries]}
        except Exception as error:  # noqa: BLE001 - the configuration refused as a whole
            self.config = {"ok": False, "error": failure_value(error)}

    def declared(self) -> dict:
        capabilities = dict.fromkeys(["subagents", "remote", "bridge", "rpc", "consumers", "contextDispose", "idSource"], False)
        return {"capabilities": {**capabilities, "clock": True, "configHandles": True}, "profiles": {"teardown": "scope-last", "persistedCreate": "reject-at-create"}}

    # -- observations --

    def observe(self, event: str, payload: dict) -> dict:
        if event.startswith("session/"):
            session = payload["session"]
            seen = {"type": event, "subject": self.sessions.token(session), "id": session.id}
            if event == "session/event":
                seen["event"] = {"seq": payload["event"]["seq"], "kind": payload["event"]["kind"]}
            return seen
        agent = payload["agent"]
        seen = {"type": event, "subject": self.agents.token(agent), "id": agent.id, "session": self.sessions.token(agent.session)}
        if event == "agent/session-start":
            seen["source"] = payload["source"]
        return seen

    def agent_entries(self) -> list[dict]:
        return [{"id": key, "token": self.agents.token(agent), "session": {"id": agent.session.id, "headerId": agent.session.header["id"], "token": self.sessions.token(agent.session)}} for key, agent in self.host.agents.items()]

    def session_entries(self) -> list[dict]:
        return [{"id": key, "token": self.sessions.token(session), "header": session.header, "length": len(session.events)} for key, session in self.host.sessions.items()]

    def _recorder(self, event: str) -> Callable[[dict], None]:
        return lambda payload: self.log.append({**self.observe(event, payload), "listener": "recorder"})

    # -- plans --

    def signal(self, plan: dict | None) -> Signal | None:
        if plan is None:
            return None
        signal = Signal()
        self.signals[plan["name"]] = (signal, plan["reason"])
        if plan["at"] == "before":
            signal.abort(plan["reason"])
        elif isinstance(plan["at"], dict):
            pause = self.kit.request(self.name, "pause", [plan["at"]["pause"]])
            pause.add_done_callback(lambda done: done.exception() or signal.abort(plan["reason"]))
        return signal

    def setup(self, plan: dict | None) -> Callable[[identity.Agent], Any] | None:
        if plan is None:
            return None

        async def run(agent: identity.Agent) -> None:
            if plan.get("listen") is not None:
                self.install(plan["listen"], agent)
            if plan.get("pause") is not None:
                await self.kit.request(self.name, "pause", [plan["pause"]])
            action = plan["action"]
            if action == "reject":
                raise as_exception(plan.get("value"))
            if action == "never":
                await asyncio.get_running_loop().create_future()
            if action in ("dispose-self", "spawn"):
                self.outcomes.append({"plan": plan["name"], "op": action, "outcome": {"ok": False, "error": Unsupported(action)}})

        return run

    def creation(self, input: dict) -> dict:
        request = {}
        setup = self.setup(input.get("setup"))
        if setup is not None:
            request["setup"] = setup
        signal = self.signal(input.get("signal"))
        if signal is not None:
            request["signal"] = signal
        return request

    def listen(self, plan: dict, target: str | None) -> dict:
        try:
            if target is not None:
                self.install(plan, self.handles.get(target).agent)
            else:
                self.install(plan, None)
                self.globals[plan["name"]] = plan
            return {"ok": True}
        except Exception as error:  # noqa: BLE001 - an inactive scope is an outcome
            return {"ok": False, "error": failure_value(error)}

    def unlisten(self, name: str) -> None:
        self.globals.pop(name, None)
        for remove in self.removals.pop(name, []):
            remove()

    def install(self, plan: dict, scope: identity.Agent | None) -> None:
        types = EVENTS if plan["event"] == "*" else [event for event in EVENTS if event == plan["event"]]
        acted = [False]
        removals = []
        for event in types:
            listener = self._plan_listener(plan, scope, event, acted)
            removals.append(self.host.bus.on(event, listener) if scope is None else scope.on(event, listener))
        self.removals.setdefault(plan["name"], []).extend(removals)

    def _plan_listener(self, plan: dict, scope: identity.Agent | None, event: str, acted: list[bool]) -> Callable[[dict], Any]:
        def hear(payload: dict) -> Any:
            heard = {**self.observe(event, payload), "listener": plan["name"]}
            if scope is not None:
                heard["scope"] = self.agents.token(scope)
            if plan["action"] == "record":
                heard["snapshot"] = {"agents": self.agent_entries(), "sessions": self.session_entries()}
            self.log.append(heard)
            if acted[0] or plan["action"] == "record":
                return None
            acted[0] = True
            action = plan["action"]
            if action == "throw":
                raise as_exception(plan.get("value"))
            if action == "reject":
                future = asyncio.get_running_loop().create_future()
                future.set_exception(as_exception(plan.get("value")))
                return future
            if action == "abort":
                found = self.signals.get(str(plan.get("value")))
                if found is not None:
                    found[0].abort(found[1])
            elif action == "unload":
                self._report(plan["name"], "unload", lambda: self.owners.get(str(plan.get("value"))).unload())
            elif action == "shutdown":
                self._report(plan["name"], "shutdown", self.host.shutdown)
            elif action == "dispose-context":
                self.outcomes.append({"plan": plan["name"], "op": action, "outcome": {"ok": False, "error": Unsupported(action)}})
            elif action == "listen":
                added = plan["value"]
                if plan.get("target") is None:
                    self.install(added, None)
                else:
                    self.outcomes.append({"plan": plan["name"], "op": "listen", "outcome": self.listen(added, plan["target"])})
            return None

        return hear

    def _report(self, plan: str, op: str, run: Callable[[], Any]) -> None:
        # Started now, inside the dispatch (as in process); its outcome is logged when it settles.
        try:
            started = run()
        except Exception as error:  # noqa: BLE001 - a refusal is an outcome
            self.outcomes.append({"plan": plan, "op": op, "outcome": {"ok": False, "error": failure_value(error)}})
            return

        async def settle() -> None:
            self.outcomes.append({"plan": plan, "op": op, "outcome": await outcome(lambda: started)})

        asyncio.ensure_future(settle())

    # -- the kit's calls --

    def owner(self, token: str | None) -> identity.Owner:
        return self.host.root if token is None else self.owners.get(token)

    async def call(self, op: str, args: list) -> Any:
        if op == "create":
            (input,) = args
            request = {"sessionId": input.get("sessionId"), **({"meta": input["meta"]} if "meta" in input else {}), **({"seed": input["seed"]} if "seed" in input else {})}
            return await outcome(lambda: self.owner(input.get("owner")).create({**request, **self.creation(input)}), self._published)
        if op == "resume":
            (input,) = args
            return await outcome(lambda: self.owner(input.get("owner")).resume({"resumeSessionId": input.get("resumeSessionId"), **self.creation(input)}), self._published)
        if op == "unload":
            return await outcome(lambda: self.owners.get(args[0]).unload())
        if op == "prompt":
            return await outcome(lambda: self.handles.get(args[0]).prompt())
        if op == "dispose":
            return await outcome(lambda: self.handles.get(args[0]).dispose())
        if op == "flush":
            return await outcome(lambda: self.handles.get(args[0]).flush())
        if op == "shutdown":
            return await outcome(self.host.shutdown)
        if op == "restart":

            async def restart() -> None:
                await self.host.shutdown()
                await self.boot((args[0] or {}).get("config"))

            return await outcome(restart)
        return {"ok": False, "error": Unsupported(op)}

    def _published(self, handle: identity.Handle) -> dict:
        return {"handle": self.handles.token(handle)}

    def observation(self, op: str, args: list) -> Any:
        if op == "owner":
            return self.owners.token(self.host.owner(args[0]))
        if op == "listen":
            return self.listen(args[0], args[1] if len(args) > 1 else None)
        if op == "unlisten":
            return self.unlisten(args[0])
        if op == "configResults":
            return self.config
        if op == "getAgent":
            agent = self.host.agents.get(args[0])
            return None if agent is None else self.agents.token(agent)
        if op == "getSession":
            session = self.host.sessions.get(args[0])
            return None if session is None else self.sessions.token(session)
        if op == "agents":
            return self.agent_entries()
        if op == "sessions":
            return self.session_entries()
        if op == "history":
            session = self.sessions.find(args[0])
            return [] if session is None else session.events
        if op == "events":
            return self.log
        if op == "planOutcomes":
            return self.outcomes
        return None


async def outcome(run: Callable[[], Any], fields: Callable[[Any], dict] = lambda result: {}) -> dict:
    """An operation's outcome: ok with its fields, or the failure value as observed."""
    try:
        result = await run()
        return {"ok": True, **fields(result)}
    except asyncio.CancelledError:
        raise
    except Exception as error:  # noqa: BLE001 - any failure is an outcome
        return {"ok": False, "error": failure_value(error)}


async def serve() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=64 * 1024 * 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    kit = Kit()
    systems: dict[str, System] = {}
    tasks: set[asyncio.Task] = set()

    async def answer(message: dict) -> None:
        system = systems.get(message["system"])
        args = kit.decode(message["args"])
        if message["op"] == "open":
            spec, config = args
            system = System(kit, message["system"], spec["durable"])
            systems[message["system"]] = system
            await system.boot(config)
            value: Any = {"ok": True, "system": system.declared()}
        elif message["op"] in ASYNC_OPS:
            value = await system.call(message["op"], args)
        else:
            value = system.observation(message["op"], args)
        send({"type": "result", "id": message["id"], "value": kit.encode(value)})

    while True:
        line = await reader.readline()
        if not line:
            return
        message = json.loads(line)
        if message["type"] == "hello":
            if message["protocol"] != PROTOCOL:
                print(f"adapter.py speaks protocol {PROTOCOL}, the kit {message['protocol']}", file=sys.stderr)
            send({"type": "hello", "protocol": PROTOCOL, "adapter": "python example"})
        elif message["type"] == "bye":
            return
        elif message["type"] == "reply":
            kit.reply(message)
        elif message["op"] in ASYNC_OPS:
            task = asyncio.ensure_future(answer(message))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        else:
            # Observations at once, in order, while operations are in flight.
            await answer(message)


def main() -> None:
    asyncio.run(serve())


if __name__ == "__main__":
    main()
