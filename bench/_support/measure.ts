/** What every benchmark needs to read its options and report one measured part. */

/** The number given after `name` on the command line (`--runs 5`), or `fallback`. */
export function numericOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** User + system CPU time since `before`, in ms: steadier than wall time on a shared machine. */
export function cpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** This process's peak resident memory so far, in MB. */
export function maxRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
