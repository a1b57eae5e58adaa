/**
 * Failures the liberal runtime originates, one class per kind. None of them carries a `code`:
 * its adapter classifies them by class. Values a caller injects (abort reasons, values thrown by
 * setup or listeners) are never wrapped, except a non-Error abort reason, which becomes the
 * `cause` of a {@link Cancelled}.
 */

/** The id is live, or a racing creation entered it first, or (reject-at-flush) a flush of a shadowing agent. */
export class IdTaken extends Error {
  override readonly name = 'IdTaken';
}

/** Nothing is persisted under the id a resume asked for. */
export class NothingStored extends Error {
  override readonly name = 'NothingStored';
}

/** A caller input, a stored record or a configuration is not acceptable. */
export class Rejected extends Error {
  override readonly name = 'Rejected';
}

/** A creation was aborted with a non-Error reason (kept as `cause`). */
export class Cancelled extends Error {
  override readonly name = 'Cancelled';
}

/** The runtime, the owner, the scope or the agent no longer takes this operation. */
export class Closed extends Error {
  override readonly name = 'Closed';
}
