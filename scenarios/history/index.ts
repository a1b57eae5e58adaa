/**
 * Histories for operators (README.md "Checking a production log"): record what a production system did as JSON
 * lines, then check it offline with `trace` — or in code with {@link parseHistory} and
 * {@link checkHistory}. Meant as the package entry `agent-identity-kit/history`.
 */
export { checkHistory, HistoryChecker, type TraceVerdict, type TraceViolation } from './check-history.js';
export { checkHistoryFile, type HistoryFileCheck } from './check-history-file.js';
export { formatVerdict } from './format-verdict.js';
export { HISTORY_EVENT_TYPES, HISTORY_OPERATIONS, type EventRecord, type HistoryEventType, type HistoryLine, type HistoryOperation, type HistoryRecord, type OperationRecord, type Token } from './history-format.js';
export { HistoryFormatError } from './history-format-error.js';
export { HistoryRecorder } from './history-recorder.js';
export { HistoryParser, parseHistory } from './parse-history.js';
export { recordHistory, type AttachedRecorder } from './record-history.js';
