import type { GateOutcome } from '../gate-outcome.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { text } from './text.js';

/** A report format: renders the outcomes of one run (and its exit code) as text to print. */
export type Reporter = (outcomes: readonly GateOutcome[], exitCode: number) => string;

/** A `--format` value. */
export type ReportFormat = 'text' | 'json' | 'markdown';

/** Every report format of `graph`, `docs` and `check`, by its `--format` name. */
export const REPORTERS: Readonly<Record<ReportFormat, Reporter>> = { text, json, markdown };
