import { escapeHtml } from '../../../src/contract/html-escape.js';

/** One arrow of a sequence diagram. */
export interface SequenceMessage {
  /** The lane it starts on (one of {@link SequenceDiagram.lanes}). */
  readonly from: string;
  /** The lane it ends on; the same lane draws a loop (one of the kit's own controls). */
  readonly to: string;
  readonly label: string;
  /** `operation`: a call (solid line); `outcome`: its answer (dashed); `event`: what the system emitted (dotted). */
  readonly kind: 'operation' | 'outcome' | 'event';
  /** Set on the messages of the failing step: the text of the mark drawn beside them. */
  readonly failing?: string;
}

/** What a run did, as lanes (the kit first) and the messages between them in order. */
export interface SequenceDiagram {
  readonly lanes: readonly string[];
  readonly messages: readonly SequenceMessage[];
}

/** Layout, in px; labels are monospace, so their width follows from their length. */
const CHAR_WIDTH = 7.3;
const LONGEST_LABEL = 64;
const MIN_GAP = 150;
const MARGIN = 20;
const LANE_BOX = { width: 120, height: 28 };
const TOP = LANE_BOX.height + 2 * MARGIN;
const ROW = 32;
const LOOP = { width: 28, height: 14 };

const COLOURS = { operation: '#1f2937', outcome: '#2563eb', event: '#7c3aed', failing: '#dc2626' } as const;

/** A label cut to {@link LONGEST_LABEL} characters (the whole of it stays in the arrow's tooltip). */
function shortened(label: string): string {
  return label.length <= LONGEST_LABEL ? label : `${label.slice(0, LONGEST_LABEL - 1)}…`;
}

function width(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

/**
 * The diagram as one inline SVG element: a lane per participant, an arrow per message with its
 * label, the failing step's arrows red on a tinted band with its mark beside them once (the group
 * of each failing message has the class `failing-step`). Pure and deterministic: integer
 * coordinates, nothing measured; its arrowheads' ids start with `key`, unique in the page. Every text goes through {@link escapeHtml}.
 */
export function sequenceDiagramSvg(diagram: SequenceDiagram, { title, key }: { readonly title: string; readonly key: string }): string {
  const lanes = diagram.lanes;
  const index = (lane: string) => Math.max(0, lanes.indexOf(lane));
  // One gap for all lanes, wide enough for the longest label over the lanes its arrow spans.
  const gap = Math.max(MIN_GAP, ...diagram.messages.map((message) => Math.ceil(width(shortened(message.label)) / Math.max(1, Math.abs(index(message.to) - index(message.from)))) + 24));
  const laneX = (lane: string) => MARGIN + LANE_BOX.width / 2 + index(lane) * gap;
  const lastX = MARGIN + LANE_BOX.width / 2 + (lanes.length - 1) * gap;
  const marks = diagram.messages.map((message) => message.failing ?? '');
  const loopLabels = diagram.messages.filter((message) => message.from === message.to).map((message) => laneX(message.from) + LOOP.width + 6 + width(shortened(message.label)));
  const right = Math.max(lastX + LANE_BOX.width / 2, ...loopLabels) + MARGIN;
  const markWidth = Math.max(0, ...marks.map((mark) => (mark === '' ? 0 : width(`✗ ${mark}`) + 16)));
  const svgWidth = right + markWidth + MARGIN;
  const svgHeight = TOP + diagram.messages.length * ROW + MARGIN + LANE_BOX.height;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" class="sequence" width="${svgWidth}" height="${svgHeight}" viewBox="0 0 ${svgWidth} ${svgHeight}" role="img" aria-label="${escapeHtml(title)}">`);
  parts.push(`<title>${escapeHtml(title)}</title>`);
  parts.push('<defs>', ...(['operation', 'outcome', 'event', 'failing'] as const).map((kind) => `<marker id="${key}-${kind}" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[kind]}"/></marker>`), '</defs>');
  // Failing rows first, so the band lies under the lanes and arrows.
  diagram.messages.forEach((message, row) => {
    if (message.failing !== undefined) parts.push(`<rect class="failing-band" x="0" y="${TOP + row * ROW - 4}" width="${svgWidth}" height="${ROW}" fill="#fee2e2"/>`);
  });
  for (const lane of lanes) {
    const x = laneX(lane);
    parts.push(`<g class="lane"><line x1="${x}" y1="${MARGIN + LANE_BOX.height}" x2="${x}" y2="${svgHeight - MARGIN - LANE_BOX.height}" stroke="#9ca3af" stroke-dasharray="4 4"/>`);
    for (const y of [MARGIN, svgHeight - MARGIN - LANE_BOX.height]) {
      parts.push(`<rect x="${x - LANE_BOX.width / 2}" y="${y}" width="${LANE_BOX.width}" height="${LANE_BOX.height}" rx="4" fill="#f3f4f6" stroke="#6b7280"/><text x="${x}" y="${y + 18}" text-anchor="middle" font-size="13" font-family="ui-monospace, monospace">${escapeHtml(lane.length > 15 ? `${lane.slice(0, 14)}…` : lane)}</text>`);
    }
    parts.push('</g>');
  }
  const marked = new Set<string>();
  diagram.messages.forEach((message, row) => {
    const y = TOP + row * ROW + 16;
    const colour = message.failing === undefined ? COLOURS[message.kind] : COLOURS.failing;
    const marker = message.failing === undefined ? message.kind : 'failing';
    const dash = message.kind === 'outcome' ? ' stroke-dasharray="6 4"' : message.kind === 'event' ? ' stroke-dasharray="2 3"' : '';
    const label = shortened(message.label);
    const from = laneX(message.from);
    const to = laneX(message.to);
    // A halo the colour of the row under the label, so the lanes it crosses do not run through it.
    const halo = ` stroke="${message.failing === undefined ? '#ffffff' : '#fee2e2'}" stroke-width="4" paint-order="stroke"`;
    const attributes = `class="message ${message.kind}${message.failing === undefined ? '' : ' failing-step'}" data-row="${row}"`;
    parts.push(`<g ${attributes}><title>${escapeHtml(message.label)}</title>`);
    if (from === to) {
      parts.push(`<path d="M${from},${y - 8} h${LOOP.width} v${LOOP.height} h-${LOOP.width - 2}" fill="none" stroke="${colour}" stroke-width="1.5"${dash} marker-end="url(#${key}-${marker})"/>`);
      parts.push(`<text x="${from + LOOP.width + 6}" y="${y}" font-size="12" font-family="ui-monospace, monospace" fill="${colour}"${halo}>${escapeHtml(label)}</text>`);
    } else {
      parts.push(`<line x1="${from}" y1="${y}" x2="${to}" y2="${y}" stroke="${colour}" stroke-width="${message.failing === undefined ? 1.5 : 2.5}"${dash} marker-end="url(#${key}-${marker})"/>`);
      parts.push(`<text x="${Math.round((from + to) / 2)}" y="${y - 5}" text-anchor="middle" font-size="12" font-family="ui-monospace, monospace" fill="${colour}"${halo}>${escapeHtml(label)}</text>`);
    }
    // One mark per failing step: its outcome, drawn red too, does not repeat it.
    if (message.failing !== undefined && !marked.has(message.failing)) {
      marked.add(message.failing);
      parts.push(`<text class="failing-mark" x="${right + 8}" y="${y + 4}" font-size="12" font-weight="bold" font-family="ui-monospace, monospace" fill="${COLOURS.failing}">${escapeHtml(`✗ ${message.failing}`)}</text>`);
    }
    parts.push('</g>');
  });
  parts.push('</svg>');
  return parts.join('');
}
