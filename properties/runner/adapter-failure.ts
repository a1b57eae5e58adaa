/**
 * The adapter (or the implementation behind it) broke the adapter protocol: an operation did not
 * settle within the per-operation timeout, threw instead of resolving to an outcome, or returned
 * something that is not an outcome. The check that met it fails with this message; the run goes on.
 */
export class AdapterFailure extends Error {
  override readonly name = 'AdapterFailure';
  readonly kind: 'hang' | 'throw' | 'garbage';

  constructor(kind: 'hang' | 'throw' | 'garbage', message: string) {
    super(message);
    this.kind = kind;
  }
}
