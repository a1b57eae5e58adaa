/**
 * `agent-identity-kit/stdio`: the stdio adapter protocol (docs/stdio-adapter.md) — the message
 * schemas and parser, and `serveStdio`, which serves a TypeScript adapter factory over stdio.
 */
export { MESSAGE_SCHEMAS, PROTOCOL_VERSION, ProtocolError, parseMessage, type AdapterMessage, type KitMessage } from './protocol.js';
export { serveStdio } from './serve-stdio.js';
