/**
 * Test code, at any depth, as dependency-cruiser path patterns: shared by the graph preset's rules
 * (tests are roots, production code must not import them) and the gate's reading of which modules
 * only tests use.
 */

/** Test folders: `test/`, `tests/`, `__tests__/`, `__mocks__/`, `spec/`, `e2e/`, and shared test helpers (`test-utils/`, `test-helpers/`). */
const TEST_FOLDER = '(^|/)(?:test|tests|__tests__|__mocks__|spec|e2e|test-utils|test-helpers)/';
/** Test files: `*.test.*`, `*.spec.*`, `*.vitest.*`, `*.e2e.*`, `*.bench.*`, `*.stress.*`, `*.stories.*`, and helpers named `test-utils.*` or `test-helpers.*`. */
const TEST_FILE = '(?:[.](?:test|spec|vitest|e2e|bench|stress|stories)[.][^/]*|(?:^|/)test-(?:utils|helpers)[.])[jt]sx?$';

module.exports = { TEST_FOLDER, TEST_FILE };
