import type { CheckContext } from '../../runner/check-context.js';
import type { DrivenSystem } from '../../runner/driven-system.js';

/** Persists `id` (prompt + flush + dispose) so that it can be resumed. */
export async function persisted(ctx: CheckContext, system: DrivenSystem, id: string): Promise<void> {
  const made = ctx.ok(await system.create({ sessionId: id }), `create(${id})`);
  ctx.ok(await system.prompt(made.handle), `prompt(${id})`);
  ctx.ok(await system.flush(made.handle), `flush(${id})`);
  ctx.ok(await system.dispose(made.handle), `dispose(${id})`);
}
