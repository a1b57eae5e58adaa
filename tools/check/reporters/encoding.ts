/** A `/`-separated relative path as a SARIF artifact URI (each path segment percent-encoded); workflow-command escapes are src/contract/workflow-command.ts. */
export function artifactUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}
