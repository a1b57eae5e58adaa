/**
 * The kit's own module-graph rules (DESIGN.md "Layout", made executable). They extend the preset
 * the kit offers to the repositories it checks, and add the kit's layering. `npm test` fails on a
 * violation (through `agent-identity-kit check`). The layout adds one folder to DESIGN.md's:
 * `src/adapter/`, the published adapter toolkit, a layer of its own between the contract and
 * everything that uses it (examples, users' adapters).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const entryPointPatterns = require('./tools/graph/entry-points.cjs');

// Package entry points (`bin`, `exports`) are imported by users, never by the kit itself.
const entryPoints = entryPointPatterns(require('./package.json'));

module.exports = {
  extends: './tools/graph/preset.cjs',
  forbidden: [
    {
      name: 'no-orphans',
      comment:
        'A module that nothing imports and that imports nothing is dead code. The roots are legitimate: package entry points ' +
        '(bin, exports), the CLI entry, benchmarks and tests (found by their runners), config files and the preset ' +
        'that .dependency-cruiser.cjs extends by name.',
      from: {
        orphan: true,
        pathNot: [
          ...entryPoints,
          '^src/cli/main[.]ts$',
          '^bench/',
          '^test/.+[.]test[.]ts$',
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|json)$',
          '(^|/)[^/]+[.]config[.](?:js|cjs|mjs|ts)$',
          '^tools/graph/preset[.]cjs$',
          '[.]d[.]m?ts$',
          '(^|/)package[.]json$',
        ],
      },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'What the package ships (src, properties, scenarios, tools, bin) runs on users’ machines, where dev dependencies are not installed.',
      from: { path: '^(?:src|properties|scenarios|tools|bin)/' },
    },
    {
      name: 'contract-imports-nothing',
      severity: 'error',
      comment:
        'src/contract is the specification in code (requirement registry, adapter types): everything depends on it, so it depends on nothing.',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
    {
      name: 'runtime-imports-only-contract',
      severity: 'error',
      comment:
        'The reference runtime implements the contract and nothing else: it must not know the properties, scenarios, gates or CLI that test it.',
      from: { path: '^src/runtime/' },
      to: { path: '^(?:src/(?!runtime/|contract/)|properties/|scenarios/|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'adapter-toolkit-imports-only-contract',
      severity: 'error',
      comment:
        'src/adapter is the toolkit adapters are written in (the export agent-identity-kit/adapter): it is loaded next to the implementation ' +
        'under test, so it builds on the adapter types of src/contract alone and never pulls in the runtime, the properties or the CLI. ' +
        'It sits in src/ beside the contract (not in properties/) because it is part of the adapter interface, not of the engine.',
      from: { path: '^src/adapter/' },
      to: { path: '^(?:src/(?!adapter/|contract/)|properties/|scenarios/|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'properties-import-contract-and-runtime',
      severity: 'error',
      comment: 'Properties test an implementation against the contract, with the reference runtime as the model; scenarios and the CLI build on them, not the reverse.',
      from: { path: '^properties/' },
      to: { path: '^(?:src/(?!runtime/|contract/)|scenarios/|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'scenarios-import-contract-runtime-properties',
      severity: 'error',
      comment: 'Scenarios replay on the runtime and reuse the properties’ checks; only the CLI composes them with anything else.',
      from: { path: '^scenarios/' },
      to: { path: '^(?:src/(?!runtime/|contract/)|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'tools-import-only-contract',
      severity: 'error',
      comment:
        'The static gates read source code; they need the requirement registry but never the runtime, the properties or the CLI. ' +
        '`check` runs each gate in a worker process of src/worker.',
      from: { path: '^tools/' },
      to: { path: '^(?:src/(?!contract/|worker/)|properties/|scenarios/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'stdio-imports-only-contract',
      severity: 'error',
      comment:
        'src/stdio is the stdio adapter protocol (the export agent-identity-kit/stdio): the kit side of --adapter-cmd, which the ' +
        'supervised worker loads, and serveStdio, which runs next to an implementation under test. Like the adapter toolkit it ' +
        'builds on the adapter types of src/contract alone, so an adapter process never pulls in the engine.',
      from: { path: '^src/stdio/' },
      to: { path: '^(?:src/(?!stdio/|contract/)|properties/|scenarios/|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'supervisor-imports-engine',
      severity: 'error',
      comment:
        'src/supervisor runs foreign code (adapters) in supervised worker processes: the conformance engine and scenario replays ' +
        'for the CLI and for the vitest integration alike. It builds on the contract, the runtime, the properties and the scenarios, ' +
        'and knows neither of the front ends that use it (src/cli, src/vitest) nor the static gates.',
      from: { path: '^src/supervisor/' },
      to: { path: '^(?:src/(?!supervisor/|contract/|runtime/|stdio/|worker/)|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'worker-imports-nothing',
      severity: 'error',
      comment:
        'src/worker forks a worker process and watches it until it delivers (run-worker.ts), and is the worker side of that channel ' +
        '(worker-side.mjs): the supervisor runs adapter code in one, `check` each gate. It knows nothing of what a worker is for.',
      from: { path: '^src/worker/' },
      to: { path: '^(?!src/worker/)(?:src|properties|scenarios|tools|test|examples|bench|bin)/' },
    },
    {
      name: 'vitest-integration-imports-engine',
      severity: 'error',
      comment:
        'src/vitest is the export agent-identity-kit/vitest, a front end like the CLI: it composes the properties and the supervisor ' +
        'inside a user\'s vitest run. It needs neither the CLI nor the gates, and nothing but tests imports it.',
      from: { path: '^src/vitest/' },
      to: { path: '^(?:src/(?!vitest/|contract/|supervisor/)|scenarios/|tools/|test/|examples/|bench/|bin/)' },
    },
    {
      name: 'nothing-imports-vitest-integration',
      severity: 'error',
      comment: 'src/vitest is a package entry point (agent-identity-kit/vitest): only tests load it.',
      from: { pathNot: '^(?:src/vitest/|test/)' },
      to: { path: '^src/vitest/' },
    },
    {
      name: 'nothing-imports-cli',
      severity: 'error',
      comment: 'src/cli is the composition root: it may import anything, so anything importing it would invert the layering (tests and the bin launcher excepted).',
      from: { pathNot: '^(?:src/cli/|bin/|test/)' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'nothing-imports-examples',
      severity: 'error',
      comment: 'Examples stand for independent implementations; the kit must pass on its own, so only tests may load them.',
      from: { pathNot: '^(?:examples/|test/)' },
      to: { path: '^examples/' },
    },
  ],
  options: {
    // Fixture repos carry intentional violations (cycles, test imports) for the gates' own tests.
    exclude: { path: '^(?:dist|coverage|[.]git|[.]aik-cache|test/fixtures)/' },
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
