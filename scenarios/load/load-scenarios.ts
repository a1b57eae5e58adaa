import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '../../src/contract/scenario.js';
import { parseScenario } from './parse-scenario.js';
import { ScenarioFormatError } from './scenario-format-error.js';

/** A scenario with the file it came from. */
export interface LoadedScenario {
  readonly file: string;
  readonly scenario: Scenario;
}

/**
 * Loads every scenario named by `paths`: files as given, directories recursively (`*.json`
 * files, except `*.schema.json`, in name order). Everything is loaded and validated before
 * anything runs; the first problem throws {@link ScenarioFormatError}, including two scenarios
 * with one id.
 */
export function loadScenarios(paths: readonly string[]): LoadedScenario[] {
  const files = paths.flatMap((path) => expand(path));
  const loaded = files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ScenarioFormatError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    return { file, scenario: parseScenario(text, file) };
  });
  const seen = new Map<string, string>();
  for (const { file, scenario } of loaded) {
    const other = seen.get(scenario.id);
    if (other !== undefined && other !== file) throw new ScenarioFormatError(`${file}: /id ${JSON.stringify(scenario.id)} is already the id of ${other}`);
    seen.set(scenario.id, file);
  }
  return loaded;
}

function expand(path: string): string[] {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new ScenarioFormatError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (!isDirectory) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return expand(child);
      return entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json') ? [child] : [];
    });
}
