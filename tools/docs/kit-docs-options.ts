/**
 * What the doc-sync gate needs to check the kit's own repository beyond any repository's docs:
 * supplied by the CLI, which knows its commands and the lint's rules (tools do not import them).
 * Plain data, so `check` hands it to the gate's own process.
 */
export interface KitDocsOptions {
  /**
   * The help text of every command path, as `--help` prints it when stdout is not a terminal, by
   * the path's words joined with spaces (`''` for the program, `'graph'` for `graph --help`); a
   * path not in it is an unknown command.
   */
  readonly helpTexts: ReadonlyMap<string, string>;
  /**
   * The identity lint's rule ids: each needs its page `docs/rules/<id>.md`, and each page a rule.
   * Default: not checked (a note says so).
   */
  readonly ruleIds?: readonly string[];
}
