/**
 * How findings are written into the two machine formats every command shares: GitHub workflow
 * commands (the Actions runner reads a message back with %, CR and LF escaped, a property value
 * with `:` and `,` too) and SARIF artifact URIs (each path segment percent-encoded).
 */

/** A workflow command's message. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value (`file=…`, `title=…`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** A `/`-separated relative path as a SARIF artifact URI. */
export function artifactUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}
