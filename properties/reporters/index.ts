import { githubReporter } from './github-reporter.js';
import { htmlReporter } from './html-reporter.js';
import { jsonReporter } from './json-reporter.js';
import { junitReporter } from './junit-reporter.js';
import { markdownReporter } from './markdown-reporter.js';
import type { Reporter } from './reporter.js';
import type { ReportFormat } from './report-formats.js';
import { textReporter } from './text-reporter.js';

/** Every output format of `conform`; adding a format touches this registry, its name in `REPORT_FORMATS` and its own module. */
export const REPORTERS = {
  text: textReporter,
  json: jsonReporter,
  junit: junitReporter,
  github: githubReporter,
  markdown: markdownReporter,
  html: htmlReporter,
} as const satisfies Record<ReportFormat, Reporter>;
