/**
 * The engine runs in the worker beside adapter code, which may replace a built-in it relies on (a
 * polyfill patching `Array.prototype.some`): every finding the worker posts would then be computed
 * with it. Each built-in the engine leans on is probed with known answers; one that answers wrong
 * is reported, and the run fails (a correct replacement, as a spec-following polyfill, passes).
 */

/** Known-answer probes, by the built-in's name: true when it behaves as specified. */
const PROBES: readonly (readonly [string, () => boolean])[] = [
  ['Array.prototype.some', () => [1, 2].some((x) => x === 2) && ![1].some((x) => x === 2)],
  ['Array.prototype.every', () => [1, 2].every((x) => x > 0) && ![1, 2].every((x) => x > 1)],
  ['Array.prototype.includes', () => [1, Number.NaN].includes(Number.NaN) && ![1].includes(2)],
  ['Array.prototype.indexOf', () => [1, 2].indexOf(2) === 1 && [1].indexOf(2) === -1],
  ['Array.prototype.find', () => [1, 2].find((x) => x > 1) === 2 && [1].find((x) => x > 1) === undefined],
  ['Array.prototype.findIndex', () => [1, 2].findIndex((x) => x > 1) === 1 && [1].findIndex((x) => x > 1) === -1],
  ['Array.prototype.findLast', () => [1, 2, 3].findLast((x) => x < 3) === 2],
  ['Array.prototype.filter', () => [1, 2, 3].filter((x) => x !== 2).length === 2],
  ['Array.prototype.map', () => [1, 2].map((x) => x * 2)[1] === 4],
  ['Array.prototype.flatMap', () => [1, 2].flatMap((x) => [x, x]).length === 4],
  ['Array.prototype.reduce', () => [1, 2, 3].reduce((sum, x) => sum + x, 0) === 6],
  ['Array.prototype.slice', () => [1, 2, 3].slice(1).length === 2 && [1, 2, 3].slice(-1)[0] === 3],
  ['Array.prototype.sort', () => [3, 1, 2].sort()[0] === 1 && [1, 3, 2].sort((a, b) => b - a)[0] === 3],
  ['Array.prototype.join', () => [1, 2].join('-') === '1-2'],
  ['Array.prototype.push', () => {
    const list = [1];
    return list.push(2) === 2 && list[1] === 2;
  }],
  ['Array.isArray', () => Array.isArray([]) && !Array.isArray({ length: 0 })],
  ['Object.keys', () => Object.keys({ a: 1, b: 2 }).length === 2],
  ['Object.entries', () => Object.entries({ a: 1 })[0]?.[1] === 1],
  ['JSON.stringify', () => JSON.stringify({ a: [1, 'x'] }) === '{"a":[1,"x"]}'],
  ['JSON.parse', () => (JSON.parse('{"a":[1]}') as { a: number[] }).a[0] === 1],
  ['String.prototype.startsWith', () => 'abc'.startsWith('ab') && !'abc'.startsWith('b')],
  ['String.prototype.includes', () => 'abc'.includes('b') && !'abc'.includes('d')],
  ['String.prototype.slice', () => 'abc'.slice(1) === 'bc'],
  ['String.prototype.split', () => 'a/b'.split('/').length === 2],
  ['Map.prototype.get', () => new Map([[1, 2]]).get(1) === 2 && new Map().get(1) === undefined],
  ['Map.prototype.has', () => new Map([[1, 2]]).has(1) && !new Map().has(1)],
  ['Set.prototype.has', () => new Set([1]).has(1) && !new Set([1]).has(2)],
  ['Math.max', () => Math.max(1, 3, 2) === 3],
  ['Number.isSafeInteger', () => Number.isSafeInteger(1) && !Number.isSafeInteger(0.5)],
];

/** The built-ins the engine relies on that do not behave as specified now (a probe that throws counts as wrong). */
export function brokenBuiltins(): string[] {
  const broken: string[] = [];
  for (const [name, probe] of PROBES) {
    let right = false;
    try {
      right = probe();
    } catch {
      // A built-in that throws on a plain call is broken too.
    }
    if (!right) broken[broken.length] = name;
  }
  return broken;
}
