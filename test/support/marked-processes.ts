import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Processes whose environment carries `entry` (`NAME=value`), read from Linux's /proc; none where there is no /proc. */
export function processesMarked(entry: string): string[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry);
    } catch {
      // Gone meanwhile, or not ours to read.
      return false;
    }
  });
}
