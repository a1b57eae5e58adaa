import { Option } from 'commander';
import { helpExamples } from '../help-examples.js';
import type { RegisterCommand } from './index.js';

/** `init`: writes an adapter skeleton, the configuration file and a CI workflow; never overwrites (exit 2, nothing written). */
export const registerInit: RegisterCommand = (program, setExitCode) => {
  program
    .command('init')
    .description('write a typed adapter skeleton, agent-identity-kit.config.json and a CI workflow into the working directory (never overwrites)')
    .addHelpText('after', helpExamples('init', 'init --adapter test/conformance/adapter.ts'))
    .option('--adapter <file>', 'where the adapter skeleton goes, TypeScript for a .ts/.mts name, else JavaScript (default: conformance/adapter.ts in a TypeScript project — a tsconfig.json or a typescript dependency — else adapter.js; .mts/.mjs outside an ES module package; conformance/adapter.py with --language python)')
    .addOption(new Option('--language <language>', 'the language of the adapter skeleton: a TypeScript (or JavaScript) module, or a Python process driven over stdio').choices(['typescript', 'python']).default('typescript'))
    .action(async (options: { adapter?: string; language: 'typescript' | 'python' }) => {
      // Loaded on use: the JavaScript skeleton is made with the compiler, which would slow every other command's start.
      const { writeInitFiles } = await import('../write-init-files.js');
      const written = writeInitFiles(process.cwd(), options.adapter, options.language);
      process.stdout.write(
        [
          ...written.map((path) => `wrote ${path}`),
          '',
          `Next: fill in the TODOs of ${written[0]} (guide: node_modules/agent-identity-kit/docs/${options.language === 'python' ? 'stdio-adapter.md' : 'writing-an-adapter.md'}),`,
          'then run `npx agent-identity-kit conform`: until then every requirement is NOT-TESTED, naming the operation it needs.',
          '',
        ].join('\n'),
      );
      setExitCode(0);
    });
};
