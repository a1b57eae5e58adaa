/**
 * The kit's version, as reports and SARIF output name it. Kept equal to `version` in
 * package.json by a test (`test/kit-version.test.ts`), so the sources and the compiled `dist/`
 * need no file lookup.
 */
export const KIT_VERSION = '0.1.0';
