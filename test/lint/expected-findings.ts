/**
 * Test helper: reads the `// expect: <rule>[, <rule>]` comments of hand-written fixtures, the
 * lines where findings are due, as `file:line:rule` keys comparable with a lint result.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Finding } from '../../tools/lint/index.js';

const EXPECT = /\/\/ expect: ([\w-]+(?:,\s*[\w-]+)*)\s*$/;

/** Every `file:line:rule` that the fixtures under `folder` mark, sorted; files relative to `folder`. */
export function expectedFindings(folder: string): string[] {
  const keys: string[] = [];
  const walk = (current: string): void => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!/\.(?:ts|tsx|mts|cts)$/.test(name)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const match = EXPECT.exec(line);
          if (match === null) return;
          for (const rule of (match[1] ?? '').split(/,\s*/)) keys.push(`${relative(folder, path)}:${index + 1}:${rule}`);
        });
    }
  };
  walk(folder);
  return keys.sort();
}

/** The `file:line:rule` keys of findings, sorted. */
export function findingKeys(findings: readonly Finding[]): string[] {
  return findings.map((finding) => `${finding.file}:${finding.line}:${finding.ruleId}`).sort();
}
