import { lint, LintConfigError, type LintResult } from '../lint/index.js';
import { ConfigError } from './config-error.js';
import type { GateReport } from './gate-report.js';

/**
 * The identity lint as a `check` gate: the repository linted from its root with its
 * `agent-identity-kit.config.json`; error findings fail, warnings are counted in a note (as the
 * `lint` command does), or exactly the files of `project` (absolute) and its references. A lint
 * configuration error becomes a {@link ConfigError}.
 */
export async function runLintGate(root: string, project?: string): Promise<GateReport> {
  let result: LintResult;
  try {
    result = await lint(project === undefined ? { cwd: root } : { cwd: root, project });
  } catch (error) {
    if (!(error instanceof LintConfigError)) throw error;
    // The lint's messages already read `<file>: <problem>`.
    const [file = '', ...problem] = error.message.split(': ');
    throw new ConfigError(file, problem.join(': '));
  }
  const errors = result.findings.filter((finding) => finding.severity === 'error');
  const notes = [`${result.files} files, ${result.rules.filter((rule) => rule.severity !== 'off').length} rules`];
  const warnings = result.findings.length - errors.length;
  if (warnings > 0) notes.push(`${warnings} warnings (not failing)`);
  if (result.suppressed.length > 0) notes.push(`${result.suppressed.length} suppressed inline`);
  return {
    gate: 'lint',
    findings: errors.map(({ ruleId, file, line, column, message }) => ({ rule: ruleId, file, line, column, message })),
    notes,
    read: result.files,
  };
}
