import semver from 'semver';
import type { Workspace } from '../check/workspace.js';

/**
 * Node's built-in modules and the releases that added each, as the Node.js API documentation
 * states them (the "Added in" line of each module's page on nodejs.org/api, e.g.
 * nodejs.org/api/sqlite.html "Added in: v22.5.0", nodejs.org/api/test.html "Added in: v18.0.0,
 * v16.17.0"): the first version is the release line that introduced the module, the others are
 * backports to older lines. Modules there since before Node 10 (and the `_stream_*`-style
 * internals Node still lists in `module.builtinModules`) carry `0.0.0`. `node:` marks a module that
 * exists only under the `node:` scheme. `node:quic` needs `--experimental-quic` but is a built-in
 * of every release since 23.8.0 all the same. Kept by hand: a module Node adds later is missing
 * until it is added here (an import of it is then unresolvable, naming it).
 */
const ADDED: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    [
      'assert', 'buffer', 'child_process', 'cluster', 'console', 'constants', 'crypto', 'dgram', 'dns', 'domain', 'events', 'fs', 'http',
      'https', 'module', 'net', 'os', 'path', 'process', 'punycode', 'querystring', 'readline', 'repl', 'stream', 'string_decoder', 'sys',
      'timers', 'tls', 'tty', 'url', 'util', 'v8', 'vm', 'zlib', '_http_agent', '_http_client', '_http_common', '_http_incoming',
      '_http_outgoing', '_http_server', '_stream_duplex', '_stream_passthrough', '_stream_readable', '_stream_transform', '_stream_wrap',
      '_stream_writable', '_tls_common', '_tls_wrap',
    ].map((name) => [name, ['0.0.0']]),
  ),
  inspector: ['8.0.0'],
  async_hooks: ['8.1.0'],
  http2: ['8.4.0'],
  perf_hooks: ['8.5.0'],
  trace_events: ['10.0.0'],
  worker_threads: ['10.5.0'],
  wasi: ['13.3.0', '12.16.0'],
  'fs/promises': ['14.0.0'],
  'assert/strict': ['15.0.0'],
  'dns/promises': ['15.0.0'],
  'stream/promises': ['15.0.0'],
  'timers/promises': ['15.0.0'],
  diagnostics_channel: ['15.1.0', '14.17.0'],
  'path/posix': ['15.3.0'],
  'path/win32': ['15.3.0'],
  'util/types': ['15.3.0'],
  'stream/web': ['16.5.0'],
  'stream/consumers': ['16.7.0'],
  'readline/promises': ['17.0.0'],
  'node:test': ['18.0.0', '16.17.0'],
  'inspector/promises': ['19.0.0'],
  'node:test/reporters': ['19.9.0', '18.17.0'],
  'node:sea': ['21.7.0', '20.12.0'],
  'node:sqlite': ['22.5.0'],
  'node:quic': ['23.8.0'],
};

/** The releases that have a module added in `versions`: from the first onwards, and each backport within its own major line. */
const releasesWith = (versions: readonly string[]): string => versions.map((version, index) => (index === 0 ? `>=${version}` : `^${version}`)).join(' || ');

/**
 * The module names dependency-cruiser is to treat as Node built-ins: those of every Node release
 * the repository declares it runs on (`engines.node` of any of its packages), so an import that
 * works on one declared release is never unresolvable, whatever Node runs the gate; with no
 * readable `engines.node` anywhere, those of the newest release (every module above). Names as
 * dependency-cruiser looks them up: bare (`fs`) and with the scheme (`node:fs`), a `node:`-only
 * module with its scheme (`node:sqlite`), except `node:quic`, which dependency-cruiser looks up
 * without it.
 */
export function nodeBuiltins(workspace: Workspace): string[] {
  const ranges = workspace.packages
    .map((pkg) => (pkg.manifest['engines'] as { node?: unknown } | undefined)?.node)
    .filter((range): range is string => typeof range === 'string' && semver.validRange(range) !== null);
  const declared = (versions: readonly string[]): boolean => ranges.length === 0 || ranges.some((range) => semver.intersects(range, releasesWith(versions)));
  const node = Object.entries(ADDED)
    .filter(([, versions]) => declared(versions))
    .flatMap(([name]) => (name === 'node:quic' ? ['quic', name] : name.startsWith('node:') ? [name] : [name, `node:${name}`]));
  return [...node, ...BUN, ...hostModules(workspace)];
}

/**
 * Modules a host runtime provides to the code it loads, by the `engines` key a package declares
 * it with: a VS Code extension declares `engines.vscode` (required by the extension manifest) and
 * gets the `vscode` module from the editor — never from `node_modules`, and never from a file of
 * the repository, whatever a tsconfig's `paths` maps it to for tests.
 */
const HOSTS: Readonly<Record<string, readonly string[]>> = { vscode: ['vscode'] };

function hostModules(workspace: Workspace): string[] {
  const engines = new Set(workspace.packages.flatMap((pkg) => Object.keys((pkg.manifest['engines'] as Record<string, unknown> | undefined) ?? {})));
  return Object.entries(HOSTS).flatMap(([host, modules]) => (engines.has(host) ? modules : []));
}

/**
 * Bun's modules that dependency-cruiser itself knows by name (its `PROTOCOL_ONLY_BUILTINS`): with
 * no list of its own it counts every `bun:` import as built-in; given this list, only these.
 */
const BUN = ['bun:ffi', 'bun:jsc', 'bun:sqlite', 'bun:test', 'bun:wrap'];
