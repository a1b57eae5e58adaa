import type { Reporter } from './reporter.js';

/** The stable JSON envelope: kit version, contract version, seed, per-requirement results with check counts. */
export const jsonReporter: Reporter = (report) => `${JSON.stringify(report, null, 2)}\n`;
