/**
 * The build context when its files change or cannot be named: a file removed between the choice of
 * files and their packing, and a file name that is not valid UTF-8, end in one message naming the
 * file or folder (never a stack trace), and nothing is uploaded (through the binary, against the
 * emulator).
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OperationFailedError, UserError } from '../../cli/errors.js';
import { packContext, packSelection, selectContext } from '../../cli/deploy/context.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

let emu: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emu = await startEmulator({ org: 'acme', deployMs: 20 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  dir = await tempDir('pipecat-ctx-change-');
  await writeFile(join(dir, 'Dockerfile'), 'FROM scratch\n');
  await writeFile(join(dir, 'bot.py'), 'print("hi")\n');
  await writeFile(join(dir, 'pcc-deploy.toml'), 'agent_name = "change-bot"\nsecret_set = "change-bot-secrets"\n');
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'a.txt'), 'a\n');
});
afterEach(async () => {
  await cleanup(dir);
});

test('a file removed after the choice and before the packing: OperationFailedError naming it', async () => {
  const sel = await selectContext(dir);
  expect(sel.files).toContain('data/a.txt');
  await unlink(join(dir, 'data', 'a.txt'));
  const err = await packSelection(dir, sel).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OperationFailedError);
  expect((err as Error).message).toBe(
    `the build context file data/a.txt (in ${dir}) changed while it was packed: it was removed; nothing was uploaded`,
  );
});

/** Plant a file whose name is the bytes `bad\xff\xfe.txt` under `folder`. */
function plantInvalidName(folder: string): void {
  writeFileSync(Buffer.concat([Buffer.from(folder + '/bad'), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]), 'x');
}

test('a name that is not valid UTF-8: UserError naming the folder and the name, bytes escaped', async () => {
  plantInvalidName(join(dir, 'data'));
  const err = await packContext(dir).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UserError);
  expect((err as Error).message).toBe(
    `the build context folder ${join(dir, 'data')} holds a name that is not valid UTF-8: "bad\\xff\\xfe.txt"`,
  );
});

test('through the binary: deploy with such a name exits 2 naming it, and uploads nothing', async () => {
  plantInvalidName(dir);
  const before = ((await (await fetch(`${emu.url}/_emulator/uploads`)).json()) as { uploads: string[] }).uploads.length;
  const r = await runCli(['cloud', 'deploy', '--yes', '--no-preflight'], {
    cwd: dir,
    env: cleanEnv(dir, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: 'acme' }),
  });
  expect(r.stderr).toContain(`error: the build context folder ${dir} holds a name that is not valid UTF-8: "bad\\xff\\xfe.txt"`);
  expect(r.stderr).not.toContain('internal error');
  expect(r.code).toBe(2);
  const after = ((await (await fetch(`${emu.url}/_emulator/uploads`)).json()) as { uploads: string[] }).uploads.length;
  expect(after).toBe(before);
});
