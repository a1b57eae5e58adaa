import { AdapterFailure } from '../runner/adapter-failure.js';

/** A generated run broke an invariant or disagreed with the model; `check` is the tagged check id. */
export class GeneratedFailure extends Error {
  override readonly name = 'GeneratedFailure';
  readonly check: string;
  /** The requirement `check` is tagged with. */
  readonly requirement: string;
  /** How the adapter broke the protocol (a throw or garbage), when it did: then it is the adapter's failure. */
  readonly protocol: 'throw' | 'garbage' | undefined;
  /** Whether an invariant raised it (its evaluation is already counted), rather than an operation. */
  readonly invariant: boolean;

  constructor(check: string, message: string, protocol?: 'throw' | 'garbage', invariant = true) {
    super(message);
    this.check = check;
    this.requirement = check.slice(0, check.indexOf('/'));
    this.protocol = protocol;
    this.invariant = invariant;
  }

  /**
   * `error` as a generated failure of a command whose requirement under test is `home`: an
   * operation that does not settle is a finding of that requirement (`<home>/generated-settles`);
   * a throw or garbage from the adapter is the adapter's (`<home>/generated-adapter`).
   */
  static of(error: unknown, home: string): GeneratedFailure {
    if (error instanceof GeneratedFailure) return error;
    if (error instanceof AdapterFailure) return error.kind === 'hang' ? new GeneratedFailure(`${home}/generated-settles`, error.message, undefined, false) : new GeneratedFailure(`${home}/generated-adapter`, error.message, error.kind, false);
    return new GeneratedFailure(`${home}/generated-adapter`, `adapter: ${error instanceof Error ? error.message : String(error)}`, 'throw', false);
  }
}
