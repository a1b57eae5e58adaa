/** One problem a gate found, located in the checked repository. */
export interface Finding {
  /** The gate's rule that found it, e.g. `no-circular` or `fence-typecheck`. */
  readonly rule: string;
  /** Path relative to the repository root, with `/` separators. */
  readonly file: string;
  /** 1-based line, when the problem has one. */
  readonly line?: number;
  /** 1-based column, when the problem has one. */
  readonly column?: number;
  /** What is wrong, in one line. */
  readonly message: string;
}
