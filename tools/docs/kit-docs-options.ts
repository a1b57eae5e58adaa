/**
 * What the doc-sync gate needs to check the kit's own repository beyond any repository's docs:
 * supplied by the CLI, which knows its commands and the lint's rules (tools do not import them).
 */
export interface KitDocsOptions {
  /**
   * The help text of a command path (`[]` for the program, `['graph']` for `graph --help`) as
   * `--help` prints it when stdout is not a terminal; `undefined` for an unknown command.
   */
  readonly helpFor: (commandPath: readonly string[]) => string | undefined;
  /**
   * The identity lint's rule ids: each needs its page `docs/rules/<id>.md`, and each page a rule.
   * Default: not checked (a note says so).
   */
  readonly ruleIds?: readonly string[];
}
