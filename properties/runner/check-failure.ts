/** A check's assertion did not hold: the implementation broke the requirement the check is tagged with. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
}
