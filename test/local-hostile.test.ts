/**
 * Local hostile text reaches the terminal made visible, never obeyed (the sinks of
 * `generators/app/output/sinks.ts` and `visibleField`): a destination folder, a `.yo-rc.json`
 * value, a file name in server/, and a cloned project's `pcc-deploy.toml` `secret_set` and a
 * withheld dotenv file's name, each holding a screen clear, OSC 52 (clipboard), a bare carriage
 * return, a C1 CSI and a right-to-left override, through `pipecat init`, `update`, `doctor` and
 * `cloud deploy` (the built binary; the emulator in process). Under `NO_COLOR` (as `cleanEnv`
 * sets it) not one control byte leaves the process. Every mode and colours forced on:
 * test/e2e/local-hostile-sweep.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir, type CliResult } from './cloud/helpers.js';
import { expectNoRaw, HOSTILE, SHOWN, tomlString } from './helpers/hostile.js';

/** `pipecat init`'s flags for a deployable cascade bot (no wizard). */
const INIT = ['init', '--name', 'bot', '--bot-type', 'web', '--transport', 'smallwebrtc', '--mode', 'cascade'];
const SERVICES = ['--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts', '--deploy-to-cloud'];

let tmp: string;
let env: NodeJS.ProcessEnv;
/** The project generated into a hostile folder (a hostile file name added in server/). */
let project: string;
let init: CliResult;

beforeAll(async () => {
  tmp = await tempDir('pipecat-local-hostile-');
  env = cleanEnv(tmp);
  init = await runCli([...INIT, ...SERVICES, '--output', join(tmp, HOSTILE)], { env, cwd: tmp });
  project = join(tmp, HOSTILE, 'bot');
  await writeFile(join(project, 'server', `${HOSTILE}.py`), 'import os\nKEY = os.getenv("MY_KEY")\n');
}, 30_000);
afterAll(() => cleanup(tmp));

test('init: a hostile destination is shown made visible in the created line and the next steps', () => {
  expect(init.code).toBe(0);
  expectNoRaw(init);
  expect(init.stdout).toContain(`Created bot in ${SHOWN}/bot`);
  expect(init.stdout).toContain(`cd ${SHOWN}/bot/server`);
});

test('update and doctor: a hostile .yo-rc.json value, folder and server file name are shown made visible', async () => {
  const copy = join(tmp, 'yo-rc', HOSTILE);
  await cp(project, copy, { recursive: true });
  const rcPath = join(copy, '.yo-rc.json');
  const rc = JSON.parse(await readFile(rcPath, 'utf8')) as Record<string, Record<string, unknown>>;
  rc['generator-pipecat'].pipecat_version = HOSTILE;
  await writeFile(rcPath, JSON.stringify(rc));
  const [update, doctor] = await Promise.all([runCli(['update', '--dry-run'], { env, cwd: copy }), runCli(['doctor', project], { env })]);
  for (const r of [update, doctor]) expectNoRaw(r);
  expect(update.code).toBe(0);
  expect(update.stderr).toContain('dropped the recorded pipecat_version "ev\\u001b[2Jil');
  expect(doctor.code).toBe(1);
  expect(doctor.stderr).toContain(`server/${SHOWN}.py:2`);
  expect(doctor.stderr).toContain(`in ${join(tmp, SHOWN, 'bot')}`);
});

describe('cloud deploy', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ org: 'acme', deployMs: 0 });
  });
  afterAll(() => emu.close());

  test("a cloned pcc-deploy.toml's secret_set and a withheld dotenv file's name are shown made visible", async () => {
    const server = join(tmp, 'deploy', HOSTILE, 'server');
    await cp(join(project, 'server'), server, { recursive: true });
    const toml = await readFile(join(server, 'pcc-deploy.toml'), 'utf8');
    await writeFile(join(server, 'pcc-deploy.toml'), toml.replace(/^secret_set = .*$/m, `secret_set = ${tomlString(HOSTILE)}`));
    await writeFile(join(server, '.dockerignore'), '*.log\n');
    await writeFile(join(server, `.env.${HOSTILE}`), 'A=1\n');
    const cloud = cleanEnv(tmp, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: 'acme', PIPECAT_POLL_MS: '20' });
    const [preflight, built] = await Promise.all([
      runCli(['cloud', 'deploy', '--yes'], { env: cloud, cwd: server }),
      runCli(['cloud', 'deploy', '--yes', '--no-preflight'], { env: cloud, cwd: server }),
    ]);
    for (const r of [preflight, built]) expectNoRaw(r);
    expect(preflight.code).toBe(2);
    expect(preflight.stderr).toContain(`secret set "${SHOWN}"`);
    expect(built.stderr).toContain(`never sent (dotenv files): .env.${SHOWN}`);
  });
});
