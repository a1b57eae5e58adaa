import type { RemoteCommand } from '../../../src/contract/adapter.js';
import { acpChildServer } from '../../../src/runtime/index.js';

/** The kit's fake ACP child with plan `flags` (see src/runtime/acp-child-server.mjs), writing its pid to the check's pid file. */
export function fakeAcpChild(...flags: string[]): (pidFile: string) => RemoteCommand {
  return (pidFile) => {
    const launcher = acpChildServer([...flags, '--pid-file', pidFile]);
    return { command: launcher.command, args: launcher.args ?? [] };
  };
}
