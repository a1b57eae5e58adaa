/** Folders a build writes a package's compiled entry points to; the sources sit in `src/` or beside the package.json. */
const OUTPUT_FOLDER = /^(?:dist|build|lib|out|esm|cjs|types)\//;
/** Extensions of compiled output and declarations, replaced by the source extensions. */
const OUTPUT_EXTENSION = /\.(?:d\.[cm]?ts|[cm]?js|jsx)$/;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The entry-point targets a package.json declares (`main`, `module`, `types`, `bin`, and every
 * target of `exports`, conditions included), as written (`./dist/index.js`), wildcards left out.
 * @param {Readonly<Record<string, unknown>>} manifest the parsed package.json
 * @returns {string[]}
 */
function entryPointTargets(manifest) {
  return targetsOf(['main', 'module', 'types', 'bin', 'exports'].map((field) => manifest[field])).filter((target) => !target.includes('*'));
}

/**
 * Every target string in a package.json value (an `exports` or `imports` entry: a string, an
 * array of fallbacks, or conditions nested to any depth), in the order written, wildcards kept;
 * `null` (an excluded subpath) has none.
 * @param {unknown} value
 * @returns {string[]}
 */
function targetsOf(value) {
  const targets = [];
  const collect = (nested) => {
    if (typeof nested === 'string') targets.push(nested);
    else if (nested !== null && typeof nested === 'object') for (const inner of Object.values(nested)) collect(inner);
  };
  collect(value);
  return [...new Set(targets)];
}

/** The path of compiled output without its output folder and extension (`./dist/cli.js` → `cli`), or `undefined` for a source path. */
function compiledStem(target) {
  const path = target.replace(/^[.]\//, '');
  if (!OUTPUT_EXTENSION.test(path) && !OUTPUT_FOLDER.test(path)) return undefined;
  return path.replace(OUTPUT_FOLDER, '').replace(OUTPUT_EXTENSION, '');
}

/**
 * Where the source of an entry-point target may be, relative to the package: the target itself,
 * then, for compiled output such as `./dist/cli.js`, `src/cli.ts`, `src/cli.tsx`, …, `cli.ts`, …,
 * `src/cli/index.ts`, … A wildcard target keeps its `*` in each (`./dist/api/*.js` →
 * `src/api/*.ts`, …), for the resolver to fill in.
 * @param {string} target
 * @returns {string[]}
 */
function sourceCandidates(target) {
  const path = target.replace(/^[.]\//, '');
  const stem = compiledStem(target);
  if (stem === undefined) return [path];
  const candidates = [path];
  for (const base of [`src/${stem}`, stem, `src/${stem}/index`, `${stem}/index`]) for (const extension of SOURCE_EXTENSIONS) candidates.push(`${base}${extension}`);
  return [...new Set(candidates)];
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The entry points a package.json declares, as dependency-cruiser path patterns anchored at the
 * package folder `dir` (relative to the repository root, `''` for the root): each target, and for
 * compiled output the places its source may be. Users import them, the package itself never
 * does: they are roots, not orphans.
 * @param {Readonly<Record<string, unknown>>} manifest the parsed package.json
 * @param {string} [dir]
 * @returns {string[]}
 */
function entryPointPatterns(manifest, dir = '') {
  const prefix = escape(dir === '' ? '' : `${dir}/`);
  const patterns = entryPointTargets(manifest).flatMap((target) => {
    const exact = `^${prefix}${escape(target.replace(/^[.]\//, ''))}$`;
    const stem = compiledStem(target);
    return stem === undefined ? [exact] : [exact, `^${prefix}(?:src/)?${escape(stem)}[.][cm]?[jt]sx?$`];
  });
  return [...new Set(patterns)];
}

module.exports = entryPointPatterns;
module.exports.entryPointPatterns = entryPointPatterns;
module.exports.entryPointTargets = entryPointTargets;
module.exports.targetsOf = targetsOf;
module.exports.sourceCandidates = sourceCandidates;

