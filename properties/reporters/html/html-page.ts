import { escapeHtml } from '../../../src/contract/html-escape.js';

/** One row of the page's filterable table. */
export interface TableRow {
  /** The status the status filter matches (`PASS`, `FAIL`, …); drawn as a badge in the first column. */
  readonly status: string;
  /** The other cells, already HTML (each built with {@link escapeHtml}). */
  readonly cells: readonly string[];
}

/** What an HTML report holds; every string field but `sections` is plain text and is escaped here. */
export interface HtmlPage {
  /** The page title and first heading. */
  readonly title: string;
  readonly verdict: string;
  /** Whether the verdict is a pass (green) or not (red). */
  readonly passed: boolean;
  /** The run's facts (tool, contract, seed, adapter…), as label and value. */
  readonly facts: readonly (readonly [string, string])[];
  /** The table's column headings, the status column first. */
  readonly columns: readonly string[];
  /** How many columns after the status hold short values (ids, names) that are never wrapped. */
  readonly short: number;
  /** The statuses the status filter offers, in order. */
  readonly statuses: readonly string[];
  readonly rows: readonly TableRow[];
  /** The sections after the table (the failures), already HTML. */
  readonly sections: string;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #111827; background: #fff; }
h1 { font-size: 20px; margin: 0 0 8px; }
h2 { font-size: 17px; margin: 28px 0 8px; }
h3 { font-size: 15px; margin: 0 0 8px; font-family: ui-monospace, monospace; }
code, pre { font-family: ui-monospace, monospace; font-size: 12.5px; }
pre { background: #f9fafb; border: 1px solid #e5e7eb; padding: 8px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.verdict { display: inline-block; padding: 4px 10px; border-radius: 4px; font-weight: 600; color: #fff; }
.verdict.pass { background: #15803d; } .verdict.fail { background: #b91c1c; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 12px 0; }
dl.facts dt { color: #4b5563; } dl.facts dd { margin: 0; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.filters { display: flex; gap: 12px; align-items: center; margin: 8px 0; }
.filters input { width: 280px; padding: 4px 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
td { overflow-wrap: anywhere; }
td.short { white-space: nowrap; overflow-wrap: normal; }
th { background: #f3f4f6; position: sticky; top: 0; }
.status { font-family: ui-monospace, monospace; font-weight: 600; white-space: nowrap; }
.status-PASS { color: #15803d; } .status-FAIL { color: #b91c1c; } .status-NOT-TESTED { color: #a16207; }
.status-NOT-APPLICABLE, .status-SKIP { color: #6b7280; } .status-STATIC { color: #0e7490; }
.failure { border: 1px solid #fca5a5; border-left: 5px solid #dc2626; border-radius: 4px; padding: 12px; margin: 16px 0; }
.failure.expected { border-color: #d1d5db; border-left-color: #9ca3af; }
blockquote.clause { margin: 8px 0; padding: 6px 10px; border-left: 4px solid #2563eb; background: #eff6ff; }
blockquote.clause .where { display: block; color: #4b5563; font-size: 12px; }
.diagram { overflow-x: auto; margin: 8px 0; }
.diff-add { color: #15803d; } .diff-remove { color: #b91c1c; }
`;

/** The filter: a row shows when its text holds every word typed and its status is the one chosen. */
const SCRIPT = `
(function () {
  var text = document.getElementById('filter-text');
  var status = document.getElementById('filter-status');
  var shown = document.getElementById('filter-count');
  var rows = Array.prototype.slice.call(document.querySelectorAll('#results tbody tr'));
  function apply() {
    var words = text.value.toLowerCase().split(/\\s+/).filter(function (word) { return word !== ''; });
    var count = 0;
    rows.forEach(function (row) {
      var content = row.textContent.toLowerCase();
      var visible = (status.value === '' || row.getAttribute('data-status') === status.value) && words.every(function (word) { return content.indexOf(word) >= 0; });
      row.hidden = !visible;
      if (visible) count += 1;
    });
    shown.textContent = count + ' of ' + rows.length + ' shown';
  }
  text.addEventListener('input', apply);
  status.addEventListener('change', apply);
  apply();
})();
`;

/**
 * A self-contained HTML report: inline style and script, nothing loaded from anywhere (the
 * Content-Security-Policy forbids it), the verdict with the run's facts, a table filtered by text
 * and status, then the sections. Pure: the same page gives the same bytes.
 */
export function htmlPage(page: HtmlPage): string {
  const facts = page.facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  const options = ['<option value="">every status</option>', ...page.statuses.map((status) => `<option value="${escapeHtml(status)}">${escapeHtml(status)}</option>`)].join('');
  const rows = page.rows.map((row) => `<tr data-status="${escapeHtml(row.status)}"><td class="status status-${escapeHtml(row.status)}">${escapeHtml(row.status)}</td>${row.cells.map((cell, at) => `<td${at < page.short ? ' class="short"' : ''}>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(page.title)}</h1>
<p class="verdict ${page.passed ? 'pass' : 'fail'}" id="verdict">${escapeHtml(page.verdict)}</p>
<dl class="facts">${facts}</dl>
</header>
<main>
<div class="filters">
<label>filter <input id="filter-text" type="search" placeholder="id, area, note…"></label>
<label>status <select id="filter-status">${options}</select></label>
<span id="filter-count"></span>
</div>
<table id="results">
<thead><tr>${page.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${page.sections}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
