/**
 * The order of names in a generated `from … import` line (generators/app/render/python-imports.ts): its
 * ICU-free comparison of ASCII identifiers agrees with `localeCompare`, which it replaces for speed.
 */
import { describe, expect, test } from '@jest/globals';
import { identifierOrder, KNOWN_SYMBOLS } from '../generators/app/render/python-imports.js';
import { ALL_SERVICES, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import type { PythonImport } from '../generators/app/catalogue/types.js';

/** A deterministic PRNG (mulberry32), so a failure names a reproducible pair. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('identifierOrder', () => {
  test('sorts every pair of catalogue and known names, and random identifiers, as localeCompare does', () => {
    const names = new Set<string>(KNOWN_SYMBOLS.map((s) => s.name));
    for (const s of [...ALL_SERVICES, ...(TRANSPORTS as readonly { imports?: readonly PythonImport[] }[])])
      for (const imp of s.imports ?? []) for (const n of imp.names) names.add(n);
    const rand = prng(27);
    const alphabet = 'aAbBzZ09_xX';
    for (let i = 0; i < 600; i++)
      names.add(Array.from({ length: 1 + Math.floor(rand() * 5) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join(''));
    for (const extra of ['a', 'A', 'a_b', 'aB', 'ab', 'Ab', 'AB', '_a', 'a1', 'A1', 'Client as TwilioClient', 'LLMContext', 'LLMcontext'])
      names.add(extra);
    const all = [...names];
    expect(all.length).toBeGreaterThan(400);
    const wrong: string[] = [];
    for (const a of all)
      for (const b of all) if (Math.sign(identifierOrder(a, b)) !== Math.sign(a.localeCompare(b))) wrong.push(`${a} vs ${b}`);
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});
