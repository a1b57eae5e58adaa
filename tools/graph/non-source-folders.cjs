/**
 * Folders that hold no source of the repository's own, at any depth: build output, coverage,
 * test fixtures and snapshots (copies of other code, often broken on purpose), generated and
 * vendored code. Dot-folders (`.git`, `.next`, `.turbo`) count too. Shared by the graph preset and
 * the doc-sync gate, so both leave out the same files.
 */
const NON_SOURCE_FOLDERS = [
  'dist',
  'build',
  'out',
  'coverage',
  'fixtures',
  'fixture',
  '__fixtures__',
  '__snapshots__',
  'generated',
  '__generated__',
  'vendor',
  'vendored',
  'third_party',
  'third-party',
];

/**
 * A dependency-cruiser path pattern matching a file inside one of them (or a dot-folder), at any
 * depth of the repository's own tree — not inside `node_modules`, where `dist/` is a package's code.
 */
const NON_SOURCE_PATH = `^(?!.*node_modules/).*(?:^|/)(?:${NON_SOURCE_FOLDERS.join('|')}|[.][^./][^/]*)/`;

module.exports = { NON_SOURCE_FOLDERS, NON_SOURCE_PATH };
