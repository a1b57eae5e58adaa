import { Context } from '@deepseek-ai/cordis';
import AgentRegistry from '@deepseek-ai/dsh-agent';
import SessionStore from '@deepseek-ai/dsh-session';
import LlmRuntime, { LlmAdapter } from '@deepseek-ai/dsh-llm';
import ToolRuntime from '@deepseek-ai/dsh-tools';
import SystemPrompt from '@deepseek-ai/dsh-system-prompt';
import AgentLoop from '@deepseek-ai/dsh-agent-loop';

class Fake extends LlmAdapter {
  async *stream(options) {
    yield { type: 'block-start', index: 0, blockType: 'text' };
    yield { type: 'text-delta', index: 0, text: 'ok' };
    yield { type: 'block-end', index: 0, block: { type: 'text', text: 'ok' } };
    yield { type: 'finish', reason: 'stop' };
  }
}
const root = new Context();
await root.plugin(AgentRegistry);
await root.plugin(SessionStore);
await root.plugin(LlmRuntime);
await root.plugin(ToolRuntime);
await root.plugin(SystemPrompt);
root.inject(['llm'], (ctx) => { ctx.llm.registerAdapter(['fake'], new Fake()); });
await root.plugin(AgentLoop, { agents: [] });
console.log('services', typeof root.agents, typeof root.sessions, typeof root.agentLoop);
for (const t of ['session/created','agent/created','agent/session-start','session/event','agent/disposed','session/disposed']) root.on(t, (p) => console.log('EV', t, p.event?.type ?? ''));
const handle = await root.agents.create({ sessionId: 'a1', agentOptions: { provider: 'fake', model: 'm' } });
console.log('created', handle.agent.id, handle.agent.session.header);
handle.agent.followup({ id: 'm1', role: 'user', content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' } });
await handle.agent.whenIdle();
console.log(handle.agent.session.events.map((e) => e.type));
await handle.dispose();
await root.fiber.dispose();
console.log('done');
