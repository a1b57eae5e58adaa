import type { Outcome, SignalPlan } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

type Created = Outcome<{ readonly handle: string }>;

/** The creation's abort listener stays attached after publication and disposes the live agent. */
export default mutant({
  name: 'abort-after-publication-kills',
  defect: 'the creation signal’s abort listener is never removed: an abort after publication disposes the published agent',
  requirements: ['AIK-TXN-005'],
  clauses: ['AIK-TXN-005.c3'],
  inject(inner, env) {
    const keepListening = async (signal: SignalPlan | undefined, run: () => Promise<Created>): Promise<Created> => {
      const outcome = await run();
      if (outcome.ok && signal !== undefined && typeof signal.at === 'object') {
        void env.pause(signal.at.pause).then(() => inner.dispose(outcome.handle));
      }
      return outcome;
    };
    return {
      create: (input) => keepListening(input.signal, () => inner.create(input)),
      resume: (input) => keepListening(input.signal, () => inner.resume(input)),
    };
  },
});
