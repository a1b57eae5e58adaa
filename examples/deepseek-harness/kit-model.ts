/**
 * The kit's fake model (`env.turn`) as a provider adapter of the harness's `ctx.llm`: every model
 * call of a turn awaits `env.turn({ id: sessionId, signal })` with the request's own abort signal,
 * and streams the text of the assistant events it resolves with. A rejection (a failed or cut
 * turn) is thrown as is: the harness's `LlmRuntime` turns it into its terminal finish.
 */
import type { AdapterEnv } from 'agent-identity-kit/adapter';
import { LlmAdapter, type GenerateOptions, type StreamChunk } from '@deepseek-ai/dsh-llm';

/** The provider route (and model) configured agents and created agents use. */
export const KIT_ROUTE = { provider: 'kit', model: 'kit' } as const;

export class KitModel extends LlmAdapter {
  private readonly turn: AdapterEnv['turn'];

  constructor(turn: AdapterEnv['turn']) {
    super();
    this.turn = turn;
  }

  async *stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    const events = await this.turn({ id: String(options.sessionId), signal: options.signal ?? new AbortController().signal });
    const text = events
      .filter((event) => event.kind === 'assistant')
      .map((event) => (typeof event.data === 'string' ? event.data : JSON.stringify(event.data ?? '')))
      .join('');
    yield { type: 'block-start', index: 0, blockType: 'text' };
    yield { type: 'text-delta', index: 0, text };
    yield { type: 'block-end', index: 0, block: { type: 'text', text } };
    yield { type: 'finish', reason: { kind: 'stop' } } as StreamChunk;
  }
}
