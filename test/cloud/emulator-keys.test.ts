/**
 * The emulator stores a key named `__proto__`, `constructor` or `prototype` like any other key:
 * no prototype pollution, nothing else changes, and the key survives a restart from the data file.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { startEmulator } from '../../cli/emulator/server.js';
import { cleanup, tempDir } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('pipecat-emu-keys-');
});
afterEach(async () => {
  await cleanup(dir);
});

const names = (set: { secrets?: { fieldName: string }[] }) => (set.secrets ?? []).map((s) => s.fieldName);

test('secret keys __proto__, constructor and prototype are stored and listed like any key', async () => {
  const data = join(dir, 'state.json');
  const emu = await startEmulator({ dataFile: data, org: 'acme' });
  try {
    const c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
    await c.upsertSecret('acme', 'odd-keys', { key: 'A', value: '1', region: 'us-west' });
    await c.upsertSecret('acme', 'odd-keys', { key: '__proto__', value: 'p' });
    await c.upsertSecret('acme', 'odd-keys', { key: 'constructor', value: 'c' });
    await c.upsertSecret('acme', 'odd-keys', { key: 'prototype', value: 'q' });
    expect(names(await c.getSecretSet('acme', 'odd-keys'))).toEqual(['A', '__proto__', 'constructor', 'prototype']);
    // Nothing else changed: another set holds only its own key.
    await c.upsertSecret('acme', 'other', { key: 'B', value: '2', region: 'us-west' });
    expect(names(await c.getSecretSet('acme', 'other'))).toEqual(['B']);
    await c.deleteSecret('acme', 'odd-keys', '__proto__');
    expect(names(await c.getSecretSet('acme', 'odd-keys'))).toEqual(['A', 'constructor', 'prototype']);
    await c.upsertSecret('acme', 'odd-keys', { key: '__proto__', value: 'p2' });
  } finally {
    await emu.close();
  }
  const stored = JSON.parse(await readFile(data, 'utf8'));
  expect(Object.prototype.hasOwnProperty.call(stored.orgs.acme.sets['odd-keys'].secrets, '__proto__')).toBe(true);
  const again = await startEmulator({ dataFile: data });
  try {
    const c = new CloudClient({ token: again.token, baseUrl: again.url, retryBaseMs: 5 });
    expect(names(await c.getSecretSet('acme', 'odd-keys')).sort()).toEqual(['A', '__proto__', 'constructor', 'prototype'].sort());
  } finally {
    await again.close();
  }
});
