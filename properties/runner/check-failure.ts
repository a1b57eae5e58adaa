/** A check's assertion did not hold: the implementation broke the clause it names (or, naming none, the check's requirement). */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  /** The clause (`AIK-…cN`) whose assertion failed, when the check was inside one (see `CheckContext.clause`). */
  readonly clause: string | undefined;

  constructor(message: string, clause?: string) {
    super(message);
    this.clause = clause;
  }
}
