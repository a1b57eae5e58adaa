/**
 * The entry points a package.json declares (`main`, `module`, `types`, `bin`, and every target of
 * `exports`, conditions included), as dependency-cruiser path patterns anchored at the package
 * root. Users import them, the package itself never does: they are roots, not orphans.
 * @param {Record<string, unknown>} manifest the parsed package.json
 * @returns {string[]}
 */
module.exports = function entryPointPatterns(manifest) {
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value !== null && typeof value === 'object') for (const nested of Object.values(value)) collect(nested);
  };
  for (const field of ['main', 'module', 'types', 'bin', 'exports']) collect(manifest[field]);
  const escape = (path) => path.replace(/^[.]\//, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(targets)].filter((target) => !target.includes('*')).map((target) => `^${escape(target)}$`);
};
