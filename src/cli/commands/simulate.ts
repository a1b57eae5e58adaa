import { Option } from 'commander';
import type { RegisterCommand } from './index.js';
import { printable } from '../../contract/printable.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { helpExamples } from '../help-examples.js';

/**
 * `simulate <scenario> [--format text|mermaid]`: the lifecycle timeline of one scenario on the
 * reference runtime (following the scenario's profile). Exit 0 when the scenario held, 1 when it
 * diverged (the timeline is printed up to the end of the replay either way), 2 for bad input.
 */
export const registerSimulate: RegisterCommand = (program, setExitCode) => {
  program
    .command('simulate')
    .description('show the lifecycle timeline of a scenario on the reference runtime, as text or a Mermaid sequence diagram')
    .addHelpText('after', helpExamples('simulate node_modules/agent-identity-kit/scenarios/collision/conflict-concurrent-creates-one-winner.json', 'simulate node_modules/agent-identity-kit/scenarios/transaction/txn-veto-from-session-created.json --format mermaid'))
    .argument('<scenario>', 'one scenario file')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'mermaid']).default('text'))
    .action(async (path: string, options: { format: 'text' | 'mermaid' }) => {
      // Loaded on use: the runtime and the scenario schema would slow every other command's start.
      const [{ loadScenarios }, { ScenarioFormatError }, { referenceAdapter }, { replayScenario }, { renderMermaid }, { renderText }] = await Promise.all([
        import('../../../scenarios/load/load-scenarios.js'),
        import('../../../scenarios/load/scenario-format-error.js'),
        import('../../../properties/reference-adapter.js'),
        import('../../../scenarios/replay/replay-scenario.js'),
        import('../../../scenarios/simulate/render-mermaid.js'),
        import('../../../scenarios/simulate/render-text.js'),
      ]);
      let loaded;
      try {
        loaded = loadScenarios([path]);
      } catch (error) {
        throw error instanceof ScenarioFormatError ? new UsageError(error.message) : error;
      }
      const [only, ...more] = loaded;
      if (only === undefined || more.length > 0) throw new UsageError(`${path}: simulate takes one scenario file, found ${loaded.length}`);
      const { scenario } = only;
      const result = await replayScenario(scenario, referenceAdapter({ ...(scenario.profiles === undefined ? {} : { profiles: scenario.profiles }) }));
      if (result.status === 'SKIP') throw new UsageError(`${path}: ${result.reason} on the reference runtime`);
      // A scenario file's strings are shown as written, never acted on by the terminal.
      process.stdout.write(printable((options.format === 'mermaid' ? renderMermaid : renderText)(scenario, result.timeline)));
      if (result.status === 'FAIL') process.stderr.write(printable(`the scenario diverged at step ${result.failure.step}: expected ${result.failure.expected}, observed ${result.failure.observed}\n`));
      setExitCode(result.status === 'FAIL' ? 1 : 0);
    });
};
