/** A generated run broke an invariant or disagreed with the model; `check` is the tagged check id. */
export class GeneratedFailure extends Error {
  override readonly name = 'GeneratedFailure';
  readonly check: string;

  constructor(check: string, message: string) {
    super(message);
    this.check = check;
  }
}
