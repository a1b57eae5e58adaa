"""A small agent host that keeps the one-identity contract (docs/contract.md), in Python.

A live agent's registry id is its session id: the agent has no id of its own, it reads its
session's header. Standard library only (asyncio). The host knows nothing of the kit: its
adapter (adapter.py) translates the kit's operations into calls of this module.
"""
from __future__ import annotations

import asyncio
import uuid
from typing import Any, Awaitable, Callable

LOG_KINDS = {"user", "assistant", "tool", "turn-end"}
VETOING = {"session/created", "agent/created"}


class HostError(Exception):
    """A failure the host originates, with the contract's code."""

    def __init__(self, code: str, message: str, cause: Any = None, has_cause: bool = False):
        super().__init__(message)
        self.code = code
        self.cause = cause
        self.has_cause = has_cause


class Thrown(Exception):
    """Carries a value that is not an exception (a listener or setup may throw anything)."""

    def __init__(self, value: Any):
        super().__init__("thrown value")
        self.value = value


def failure_value(error: BaseException) -> Any:
    """What was thrown: the carried value of a Thrown, else the exception itself."""
    return error.value if isinstance(error, Thrown) else error


def as_exception(value: Any) -> BaseException:
    """`value` in a form `raise` takes."""
    return value if isinstance(value, BaseException) else Thrown(value)


class Signal:
    """An abort signal: aborted once, with a reason; listeners run synchronously."""

    def __init__(self) -> None:
        self.aborted = False
        self.reason: Any = None
        self._listeners: list[Callable[[], None]] = []

    def abort(self, reason: Any) -> None:
        if self.aborted:
            return
        self.aborted = True
        self.reason = reason
        for listener in list(self._listeners):
            listener()

    def on_abort(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None


async def wait_all(waits: list) -> None:
    """Waits for every one of `waits` to settle, whatever each settles to."""
    if waits:
        await asyncio.wait([asyncio.ensure_future(wait) for wait in waits])


def abort_value(reason: Any) -> BaseException:
    """An abort fails with its reason: an exception as itself, anything else as the cause of `aborted`."""
    if isinstance(reason, BaseException):
        return reason
    return HostError("aborted", "the creation was aborted", cause=reason, has_cause=True)


# -- admission --------------------------------------------------------------------------------

def _invalid(message: str) -> HostError:
    return HostError("invalid", message)


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise _invalid(f"{field} must be a string")
    if value == "":
        raise _invalid(f"{field} must not be empty")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _invalid(f"{field} must be well-formed text") from None
    return value


def _absolute(value: Any, field: str) -> str:
    path = _text(value, field)
    if not path.startswith("/"):
        raise _invalid(f"{field} must be an absolute path, got {path!r}")
    return path


def _depth(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _invalid(f"{field} must be a non-negative integer")
    return value


def _log(value: Any, field: str, strict: bool) -> list[dict]:
    if not isinstance(value, list):
        raise _invalid(f"{field} must be an array of log events")
    events = []
    for index, event in enumerate(value):
        if not isinstance(event, dict):
            raise _invalid(f"{field}[{index}] must be an object")
        if event.get("seq") != index or isinstance(event.get("seq"), bool):
            raise _invalid(f"{field}[{index}].seq must be {index}")
        kind = event.get("kind")
        if not isinstance(kind, str) or (strict and kind not in LOG_KINDS):
            raise _invalid(f"{field}[{index}].kind {kind!r} is not a log kind")
        events.append({"seq": index, "kind": kind, **({"data": event["data"]} if "data" in event else {})})
    return events


def admit_meta(value: Any) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _invalid("meta must be an object")
    meta = {}
    if value.get("cwd") is not None:
        meta["cwd"] = _absolute(value["cwd"], "meta.cwd")
    if value.get("parentSession") is not None:
        meta["parentSession"] = _text(value["parentSession"], "meta.parentSession")
    if value.get("delegationDepth") is not None:
        meta["delegationDepth"] = _depth(value["delegationDepth"], "meta.delegationDepth")
    return meta


def admit_record(value: Any, id: str) -> tuple[dict, list[dict]]:
    if not isinstance(value, dict) or not isinstance(value.get("header"), dict):
        raise _invalid(f"stored record of {id!r} has no header")
    fields = value["header"]
    if fields.get("id") != id:
        raise _invalid(f"stored header id {fields.get('id')!r} differs from {id!r}, the id it is stored under")
    created_at = fields.get("createdAt")
    if isinstance(created_at, bool) or not isinstance(created_at, int):
        raise _invalid(f"stored header of {id!r} has no integer createdAt")
    header = {"id": id, "createdAt": created_at, **admit_meta({k: fields.get(k) for k in ("cwd", "parentSession", "delegationDepth")})}
    if fields.get("seedLength") is not None:
        header["seedLength"] = _depth(fields["seedLength"], "header.seedLength")
    return header, _log(value.get("events"), f"stored events of {id!r}", False)


def admit_config(value: Any) -> list[dict]:
    if not isinstance(value, list):
        raise _invalid("config.agents must be an array")
    exact: set[str] = set()
    entries = []
    for index, entry in enumerate(value):
        at = f"config.agents[{index}]"
        if not isinstance(entry, dict):
            raise _invalid(f"{at} must be an object")
        label = _text(entry.get("id"), f"{at}.id")
        session_id, resume_id = entry.get("sessionId"), entry.get("resumeSessionId")
        if session_id is not None and resume_id is not None:
            raise _invalid(f"{at} has both sessionId and resumeSessionId")
        checked = None
        if session_id is not None or resume_id is not None:
            checked = _text(session_id if session_id is not None else resume_id, f"{at}.sessionId")
            if checked in exact:
                raise _invalid(f"{at} reuses the exact id {checked!r} of an earlier entry")
            exact.add(checked)
        admitted = {"id": label}
        if checked is not None:
            admitted["sessionId" if session_id is not None else "resumeSessionId"] = checked
        if entry.get("cwd") is not None:
            admitted["cwd"] = _absolute(entry["cwd"], f"{at}.cwd")
        entries.append(admitted)
    return entries


# -- events -----------------------------------------------------------------------------------

class EventBus:
    """Synchronous dispatch to global and scoped listeners, in registration order."""

    def __init__(self, log: Callable[[str, Any], None]):
        self._entries: list[dict] = []
        self._log = log

    def on(self, event: str, listener: Callable[[dict], Any], scope: Any = None) -> Callable[[], None]:
        entry = {"event": event, "listener": listener, "scope": scope, "removed": False}
        self._entries.append(entry)
        return lambda: self._remove(entry)

    def drop_scope(self, scope: Any) -> None:
        for entry in list(self._entries):
            if entry["scope"] is scope:
                self._remove(entry)

    def emit(self, event: str, subject: Any, payload: dict) -> BaseException | None:
        """Dispatches; a synchronous raise from a created listener is returned as the veto."""
        hearing = [e for e in self._entries if e["event"] == event and (e["scope"] is None or e["scope"] is subject or e["scope"].session is subject)]
        for entry in hearing:
            if entry["removed"]:
                continue
            try:
                returned = entry["listener"](payload)
                if isinstance(returned, asyncio.Future):
                    returned.add_done_callback(lambda done: done.exception() and self._log(f"{event} listener rejected", done.exception()))
            except Exception as error:  # noqa: BLE001 - a listener may throw anything
                if event in VETOING:
                    return error
                self._log(f"{event} listener threw", error)
        return None

    def _remove(self, entry: dict) -> None:
        entry["removed"] = True
        if entry in self._entries:
            self._entries.remove(entry)


# -- sessions, agents, handles ----------------------------------------------------------------

class Session:
    """A session: its header (the only home of its id) and its log."""

    def __init__(self, header: dict, events: list[dict]):
        self.header = header
        self.events = events

    @property
    def id(self) -> str:
        return self.header["id"]

    def append(self, kind: str, data: Any = None, has_data: bool = False) -> dict:
        event = {"seq": len(self.events), "kind": kind, **({"data": data} if has_data else {})}
        self.events.append(event)
        return event


class Agent:
    """A live agent: its identity is its session's."""

    def __init__(self, session: Session, bus: EventBus):
        self.session = session
        self._bus = bus
        self._closed = False

    @property
    def id(self) -> str:
        return self.session.id

    def on(self, event: str, listener: Callable[[dict], Any]) -> Callable[[], None]:
        """A scoped listener: hears only this agent's and its session's events."""
        if self._closed:
            raise HostError("inactive", f"context.on of {self.id!r}: its scope is disposed")
        return self._bus.on(event, listener, self)

    def close_scope(self) -> None:
        if not self._closed:
            self._closed = True
            self._bus.drop_scope(self)


Model = Callable[[Agent, Signal], Awaitable[list[dict]]]


async def abortable(work: Awaitable[Any], signal: Signal) -> Any:
    """`work`, unless `signal` aborts first (then its reason)."""
    task = asyncio.ensure_future(work)
    stopped = asyncio.get_running_loop().create_future()
    remove = signal.on_abort(lambda: stopped.done() or stopped.set_result(None))
    try:
        await asyncio.wait([task, stopped], return_when=asyncio.FIRST_COMPLETED)
    finally:
        remove()
    if not task.done():
        task.add_done_callback(lambda done: done.cancelled() or done.exception())
        raise as_exception(signal.reason)
    return task.result()


class Handle:
    """One per creation: runs the agent's turns, issues its writes, owns its memoized teardown."""

    def __init__(self, host: "Host", owner: "Owner", agent: Agent):
        self.agent = agent
        self._host = host
        self._owner = owner
        self._ending = False
        self.stale = False
        self._turns: asyncio.Future | None = None
        self._turn: Signal | None = None
        self._writes: list[asyncio.Task] = []
        self._failures: list[BaseException] = []
        self._teardown: asyncio.Task | None = None

    def published(self, created: bool) -> None:
        if created:
            session = self.agent.session
            self._write(lambda store: store.put({"header": session.header, "events": list(session.events)}))

    async def prompt(self) -> None:
        if self._ending:
            raise self._inactive("prompt")
        previous = self._turns
        turn = asyncio.ensure_future(self._after(previous, self._run_turn))
        self._turns = turn
        await asyncio.shield(turn)

    async def flush(self) -> None:
        if self.stale:
            raise self._inactive("flush")
        await self._settle_writes()
        failed, self._failures = self._failures, []
        if failed:
            raise failed[0]
        if self._host.store is not None:
            await self._host.store.flush(self.agent.id)

    def dispose(self) -> asyncio.Task:
        """The memoized teardown; it begins at once (no new turn from here on), the rest runs as a task."""
        if self._teardown is None:
            self._ending = True
            if self._turn is not None:
                self._turn.abort(HostError("aborted", f"turn of {self.agent.id!r} cut by teardown"))
            self._teardown = asyncio.ensure_future(self._tear_down())
        return self._teardown

    async def _tear_down(self) -> None:
        if self._turns is not None:
            await asyncio.wait([self._turns])
        self._host.retire(self.agent, True, True)
        await self._settle_writes()
        self._failures.clear()
        self.stale = True
        self._owner.handles.discard(self)

    @staticmethod
    async def _after(previous: asyncio.Future | None, run: Callable[[], Awaitable[None]]) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        await run()

    async def _run_turn(self) -> None:
        if self._ending:
            raise self._inactive("prompt")
        signal = Signal()
        self._turn = signal
        try:
            self._append("user")
            reply = await abortable(self._host.model(self.agent, signal), signal)
            for item in reply:
                self._append(item["kind"], item.get("data"), "data" in item)
            self._append("turn-end")
        finally:
            self._turn = None

    def _append(self, kind: str, data: Any = None, has_data: bool = False) -> None:
        session = self.agent.session
        event = session.append(kind, data, has_data)
        self._host.bus.emit("session/event", session, {"session": session, "event": event})
        self._write(lambda store: store.append(session.id, [event]))

    def _write(self, operation: Callable[[Any], Awaitable[None]]) -> None:
        store = self._host.store
        if store is None:
            return
        previous = self._writes[-1] if self._writes else None

        async def chained() -> None:
            if previous is not None:
                await asyncio.wait([previous])
            try:
                await operation(store)
            except Exception as error:  # noqa: BLE001 - a store fault is any value
                self._failures.append(error)

        self._writes.append(asyncio.ensure_future(chained()))

    async def _settle_writes(self) -> None:
        if self._writes:
            await asyncio.wait(list(self._writes))

    def _inactive(self, operation: str) -> HostError:
        return HostError("inactive", f"{operation} on {self.agent.id!r}: its teardown began")


class Pending:
    """A pending creation: its awaits race stop requests (abort, unload, shutdown); the first wins."""

    def __init__(self) -> None:
        self._stop: tuple[BaseException] | None = None
        self._stopped = asyncio.get_running_loop().create_future()
        self.settled = asyncio.get_running_loop().create_future()

    def stop(self, value: BaseException) -> None:
        if self._stop is None:
            self._stop = (value,)
            self._stopped.set_result(None)

    def check(self) -> None:
        if self._stop is not None:
            raise self._stop[0]

    async def wait(self, work: Awaitable[Any]) -> Any:
        task = asyncio.ensure_future(work)
        await asyncio.wait([task, self._stopped], return_when=asyncio.FIRST_COMPLETED)
        self.check()
        return task.result()


class Owner:
    """What creations are made through; `unload` is memoized."""

    def __init__(self, host: "Host", label: str):
        self._host = host
        self.label = label
        self.closed = False
        self.handles: set[Handle] = set()
        self.pending: set[Pending] = set()
        self._unload: asyncio.Task | None = None

    async def create(self, request: dict) -> Handle:
        return await self._host.open(self, "create", request)

    async def resume(self, request: dict) -> Handle:
        return await self._host.open(self, "resume", request)

    def unload(self) -> asyncio.Task:
        """Memoized: refuses new creations and stops pending ones at once, then waits for every teardown."""
        if self._unload is None:
            self.closed = True
            pending = list(self.pending)
            for creation in pending:
                creation.stop(HostError("inactive", f"owner {self.label!r} unloaded during the creation"))
            waits = [handle.dispose() for handle in list(self.handles)] + [creation.settled for creation in pending]
            self._unload = asyncio.ensure_future(wait_all(waits))
        return self._unload


class Host:
    """The agent host: registries keyed by session id, owners, the creation transaction."""

    def __init__(self, store: Any, clock: Callable[[], Awaitable[int]], model: Model, agents: Any = None, log: Callable[[str, Any], None] = lambda message, error: None):
        self.store = store
        self.clock = clock
        self.model = model
        self.log = log
        self.bus = EventBus(log)
        self.agents: dict[str, Agent] = {}
        self.sessions: dict[str, Session] = {}
        self.root = Owner(self, "root")
        self._owners = [self.root]
        self._config = agents if agents is not None else []
        self._closed = False
        self._shutdown: asyncio.Task | None = None

    def owner(self, label: str) -> Owner:
        owner = Owner(self, label)
        owner.closed = self._closed
        self._owners.append(owner)
        return owner

    def shutdown(self) -> asyncio.Task:
        if self._shutdown is None:
            self._closed = True
            self._shutdown = asyncio.ensure_future(wait_all([owner.unload() for owner in self._owners]))
        return self._shutdown

    async def open(self, owner: Owner, kind: str, request: dict) -> Handle:
        """The creation transaction (docs/contract.md §4), shared by create and resume."""
        signal: Signal | None = request.get("signal")
        if self._closed or owner.closed:
            raise HostError("inactive", f"{kind}: {'the host is shut down' if self._closed else 'its owner is unloaded'}")
        if signal is not None and signal.aborted:
            raise abort_value(signal.reason)
        store = self.store
        meta: dict = {}
        seed = None
        if kind == "create":
            id = _text(request.get("sessionId"), "sessionId")
            meta = admit_meta(request.get("meta"))
            if "seed" in request:
                seed = _log(request["seed"], "seed", True)
        else:
            id = _text(request.get("resumeSessionId"), "resumeSessionId")
            if store is None:
                raise HostError("invalid", f"resume {id!r}: no durable store is configured")
        pending = Pending()
        owner.pending.add(pending)
        remove = signal.on_abort(lambda: pending.stop(abort_value(signal.reason))) if signal is not None else (lambda: None)
        agent: Agent | None = None
        announced = {"session": False, "agent": False}
        try:
            if id in self.agents or id in self.sessions:
                raise HostError("conflict", f"{kind} {id!r}: the id is live")
            if kind == "resume":
                record = await pending.wait(store.load(id))
                if record is None:
                    raise HostError("not-found", f"resume {id!r}: nothing is persisted under it")
                header, history = admit_record(record, id)
            else:
                if store is not None and (await pending.wait(store.load(id))) is not None:
                    raise HostError("conflict", f"create {id!r}: a record is persisted under it (resume it instead)")
                created_at = await pending.wait(self.clock())
                header = {"id": id, "createdAt": created_at, **meta, **({} if seed is None else {"seedLength": len(seed)})}
                history = seed if seed is not None else []
            session = Session(header, history)
            agent = Agent(session, self.bus)
            setup = request.get("setup")
            if setup is not None:
                await pending.wait(setup(agent))
            # Publication runs without yielding.
            if id in self.sessions or agent.id in self.agents:
                raise HostError("conflict", f"{kind} {id!r}: a racing creation published it first")
            self.sessions[session.id] = session
            self.agents[agent.id] = agent
            announced["session"] = True
            self._announce("session/created", session, {"session": session})
            pending.check()
            announced["agent"] = True
            self._announce("agent/created", agent, {"agent": agent})
            pending.check()
            self.bus.emit("agent/session-start", agent, {"agent": agent, "source": "startup" if kind == "create" else "resume"})
            pending.check()
            handle = Handle(self, owner, agent)
            owner.handles.add(handle)
            handle.published(kind == "create")
            return handle
        except BaseException:
            if agent is not None:
                self.retire(agent, announced["session"], announced["agent"])
            raise
        finally:
            remove()
            owner.pending.discard(pending)
            pending.settled.set_result(None)

    def _announce(self, event: str, subject: Any, payload: dict) -> None:
        veto = self.bus.emit(event, subject, payload)
        if veto is not None:
            raise veto

    def retire(self, agent: Agent, session_announced: bool, agent_announced: bool) -> None:
        """Detach the agent, then the session, each disposed edge iff its created dispatch began; then the scope."""
        session = agent.session
        if self.agents.get(agent.id) is agent:
            del self.agents[agent.id]
        if agent_announced:
            self.bus.emit("agent/disposed", agent, {"agent": agent})
        if self.sessions.get(session.id) is session:
            del self.sessions[session.id]
        if session_announced:
            self.bus.emit("session/disposed", session, {"session": session})
        agent.close_scope()

    async def start(self) -> list[dict]:
        """Starts the configured agents in entry order; each entry's failure is its own."""
        entries = admit_config(self._config)
        results = []
        for entry in entries:
            try:
                handle = await self._start_entry(entry)
                results.append({"label": entry["id"], "ok": True, "id": handle.agent.id, "handle": handle})
            except Exception as error:  # noqa: BLE001 - reported per entry
                results.append({"label": entry["id"], "ok": False, "error": failure_value(error)})
        return results

    async def _start_entry(self, entry: dict) -> Handle:
        meta = {"cwd": entry["cwd"]} if "cwd" in entry else {}
        if "resumeSessionId" in entry:
            return await self.root.resume({"resumeSessionId": entry["resumeSessionId"]})
        if "sessionId" not in entry:
            return await self.root.create({"sessionId": f"{entry['id']}/{uuid.uuid4()}", "meta": meta})
        if self.store is None:
            return await self.root.create({"sessionId": entry["sessionId"], "meta": meta})
        try:
            return await self.root.resume({"resumeSessionId": entry["sessionId"]})
        except HostError as error:
            if error.code != "not-found":
                raise
            return await self.root.create({"sessionId": entry["sessionId"], "meta": meta})
