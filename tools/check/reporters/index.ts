import type { GateOutcome } from '../gate-outcome.js';
import { github } from './github.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { sarif } from './sarif.js';
import { text } from './text.js';
import type { ReportFormat } from './report-formats.js';

/**
 * A report format: renders the outcomes of one run, its exit code and the checked root
 * (absolute; the base of every reported path) as text to print; `color` (text only) paints it.
 */
export type Reporter = (outcomes: readonly GateOutcome[], exitCode: number, root: string, color?: boolean) => string;

/** Every report format of `graph`, `docs` and `check`, by its `--format` name. */
export const REPORTERS: Readonly<Record<ReportFormat, Reporter>> = { text, json, markdown, sarif, github };
