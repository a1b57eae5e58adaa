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
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value !== null && typeof value === 'object') for (const nested of Object.values(value)) collect(nested);
  };
  for (const field of ['main', 'module', 'types', 'bin', 'exports']) collect(manifest[field]);
  return [...new Set(targets)].filter((target) => !target.includes('*'));
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
 * `src/cli/index.ts`, …
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
module.exports.sourceCandidates = sourceCandidates;
