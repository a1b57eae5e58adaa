/**
 * The kit's module-graph preset: the rules `agent-identity-kit graph` applies to a repository
 * that has no `.dependency-cruiser.*` of its own, and that a repository's config (the kit's own
 * too) can extend: `extends: 'agent-identity-kit/graph-preset'`. Paths are relative to the
 * repository root; every folder convention holds at any depth, so one package of a monorepo is
 * treated as a repository of its own would be. The gate adds, at run time, every workspace
 * package's entry points (package.json `main`, `exports`, `bin`, …) as roots of `no-orphans`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const { NON_SOURCE_PATH } = require('./non-source-folders.cjs');
const { TEST_FOLDER, TEST_FILE } = require('./test-paths.cjs');
/** The files a web framework (Next.js) loads by name from its `app/` or `pages/` folder. */
const ROUTE_FILE = '(?:page|layout|route|loading|error|not-found|template|default|global-error|_app|_document)[.][jt]sx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes modules impossible to load, test or reason about one at a time, and hides the real layering. ' +
        'A cycle closed only by a type-only import, or through a declaration file (.d.ts, whose imports are all types), is erased at compile time and loads fine, so it is not one.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'], pathNot: '[.]d[.][cm]?ts$' } },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A module that nothing imports and that imports nothing is dead code or a forgotten entry point. ' +
        'Roots by nature, found by name rather than imported: type declarations, dot-files, *.config.* and *.setup.* files, ' +
        'tests, stories and benchmarks (found by their runners), scripts and bin folders (run directly), the conventional ' +
        'entry files (index, main, cli, server, extension), framework routes (Next.js app/ and pages/, middleware), and ' +
        'JavaScript in a public/ folder (served by URL as it is).',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|cts|mts|json)$',
          '[.]d[.][cm]?ts$',
          '(^|/)[^/]+[.](?:config|setup)[.](?:js|cjs|mjs|ts|cts|mts)$',
          TEST_FOLDER,
          TEST_FILE,
          '(^|/)(?:bin|scripts?)/',
          '(^|/)(?:src/)?(?:index|main|cli|server|extension)[.][cm]?[jt]sx?$',
          `(^|/)(?:app|pages)/${ROUTE_FILE}`,
          `(^|/)(?:app|pages)/.*/${ROUTE_FILE}`,
          '(^|/)(?:middleware|instrumentation)[.][jt]s$',
          // A web app's `public/` folder is served by URL as it is (Vite's publicDir, Next.js): a service worker or
          // a script tag's file there is loaded by the browser, never imported. Only JavaScript: TypeScript would not run.
          '(^|/)public/.*[.][cm]?js$',
          '(^|/)package[.]json$',
          '(^|/)tsconfig[^/]*[.]json$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-test',
      severity: 'error',
      comment: 'Production code that imports a test or a fixture ships test code to users and makes the test depend on itself (a type-only import, erased at compile time, does neither).',
      from: { pathNot: [TEST_FOLDER, TEST_FILE] },
      // A type-only import is erased at compile time: no test code ships, and the test does not load the module.
      to: { path: [TEST_FOLDER, TEST_FILE], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'A dev dependency is not installed for the package’s users: production code that imports one breaks on their machine. ' +
        'Dependencies are read from the package.json closest to the importing module.',
      from: {
        path: '(^|/)(?:src|lib|app)/',
        pathNot: [TEST_FOLDER, TEST_FILE, '[.]d[.][cm]?ts$', '(^|/)(?:bin|scripts?)/'],
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
      comment:
        'An import that resolves to nothing fails at run time; usually a moved or deleted module. (Imports of packages ' +
        'that are not installed are not findings: the gate counts them in one note.)',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output, fixtures, snapshots, generated and vendored code at any depth are not source. node_modules is not
    // excluded, only not followed: its packages must stay visible as dependencies.
    exclude: { path: NON_SOURCE_PATH },
    moduleSystems: ['es6', 'cjs'],
    // Follow type-only imports too: a layer may not borrow another layer's types either.
    tsPreCompilationDeps: true,
    // Dependency types come from the package.json closest to each module, as in a monorepo's packages.
    combinedDependencies: false,
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
