/** A progress report: how much of how much is done, and what runs now. */
export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly label: string;
}

const WIDTH = 20;

/**
 * One line for a TTY: a bar, the counts, the estimated time left (`etaMs`, when there is one) and
 * the label, fitted to `columns`.
 */
export function progressLine(progress: Progress, etaMs: number | undefined, given?: number): string {
  // A pseudo-terminal without a size (`script`, some CI runners) reports 0 columns.
  const columns = given === undefined || given <= 0 ? 80 : given;
  const total = Math.max(progress.total, 1);
  const done = Math.min(Math.max(progress.done, 0), total);
  const filled = Math.round((done / total) * WIDTH);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
  const eta = etaMs === undefined ? '' : ` ETA ${Math.ceil(etaMs / 1000)}s`;
  const line = `${bar} ${done}/${total}${eta} ${progress.label}`;
  return line.length <= columns - 1 ? line : `${line.slice(0, Math.max(columns - 2, 0))}…`;
}
