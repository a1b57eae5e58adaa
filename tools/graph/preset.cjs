/**
 * The kit's module-graph preset: the rules `agent-identity-kit graph` applies to a repository
 * that has no `.dependency-cruiser.*` of its own, and that the kit's own config extends.
 * Paths are relative to the repository root.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes modules impossible to load, test or reason about one at a time, and hides the real layering. ' +
        'A cycle closed only by a type-only import is erased at compile time and loads fine, so it is not one.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A module that nothing imports and that imports nothing is dead code or a forgotten entry point. ' +
        'Type declarations, dot-files and *.config.* files are loaded by tools, not imported, so they are roots by nature; ' +
        'so are tests, which the test runner finds by name.',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|cts|mts|json)$',
          '[.]d[.][cm]?ts$',
          '(^|/)[^/]+[.]config[.](?:js|cjs|mjs|ts|cts|mts)$',
          '[.](?:test|spec)[.][cm]?[jt]sx?$',
          '(^|/)package[.]json$',
          '(^|/)tsconfig[^/]*[.]json$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-test',
      severity: 'error',
      comment:
        'Production code that imports a test or a fixture ships test code to users and makes the test depend on itself.',
      from: {
        pathNot: ['^(?:test|tests|__tests__|spec)/', '[.](?:test|spec)[.][cm]?[jt]sx?$'],
      },
      to: {
        path: ['^(?:test|tests|__tests__|spec)/', '[.](?:test|spec)[.][cm]?[jt]sx?$'],
      },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'A dev dependency is not installed for the package’s users: production code that imports one breaks on their machine.',
      from: {
        path: '^(?:src|lib|app|packages)/',
        pathNot: ['[.](?:test|spec)[.][cm]?[jt]sx?$', '[.]d[.][cm]?ts$'],
      },
      to: {
        dependencyTypes: ['npm-dev'],
        // Type-only imports vanish at compile time: a dev dependency that only contributes types is fine. A
        // package that is also a peer dependency is the user's to install (e.g. the test runner of a plugin).
        dependencyTypesNot: ['type-only', 'npm-peer'],
        pathNot: ['node_modules/@types/'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing fails at run time; usually a moved or deleted module.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output at the root is not source, and test fixtures are copies of other code, broken on purpose.
    // node_modules is not excluded, only not followed: its packages must stay visible as dependencies (and
    // their own dist/ folders are their code).
    exclude: { path: '^(?:dist|build|coverage|[.]git)/|^(?:test|tests|__tests__|spec)/fixtures/' },
    moduleSystems: ['es6', 'cjs'],
    // Follow type-only imports too: a layer may not borrow another layer's types either.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // TypeScript sources first, as the TypeScript compiler looks for them: with a `w.mjs` beside `w.ts`, an
      // import of `./w.js` (NodeNext style) must still resolve to `w.ts`.
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.d.ts', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
