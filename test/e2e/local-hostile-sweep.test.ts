/**
 * The sweep behind test/local-hostile.test.ts: local hostile text (a destination folder, a
 * `--config` file's path and value, `.yo-rc.json` values, a file name in server/, a cloned
 * `pcc-deploy.toml`'s `agent_name` and `secret_set`, a withheld dotenv file's name) through every
 * output mode of `pipecat init`, `update`, `doctor` and `cloud deploy`, with `NO_COLOR` (not one
 * control byte printed) and with colours forced on (none but colour sequences). Pipes only; the
 * counts of runs and control bytes passed are printed at the end.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir, type CliResult } from '../cloud/helpers.js';
import { expectNoRaw, HOSTILE, RAW, SGR, SHOWN, tomlString } from '../helpers/hostile.js';

const INIT = ['init', '--bot-type', 'web', '--transport', 'smallwebrtc', '--mode', 'cascade'];
const SERVICES = ['--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts', '--deploy-to-cloud'];
/** Colours off (`NO_COLOR`) and forced on. */
const COLOURS = [false, true] as const;

let tmp: string;
let project: string;
let emu: RunningEmulator;
const tally = { runs: 0, passed: 0 };

/** The environment of one run: colours off or forced on, and `extra`. */
function envOf(colours: boolean, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanEnv(tmp, colours ? { NO_COLOR: undefined, FORCE_COLOR: '1', ...extra } : extra);
}

/** Run the binary, count it, and check what it printed. */
async function checked(args: string[], opts: { colours: boolean; cwd?: string; env?: Record<string, string> }): Promise<CliResult> {
  const r = await runCli(args, { env: envOf(opts.colours, opts.env), cwd: opts.cwd ?? tmp, timeoutMs: 60_000 });
  tally.runs += 1;
  const all = r.stdout + r.stderr;
  if (RAW.test(opts.colours ? all.replace(SGR, '') : all)) tally.passed += 1;
  expectNoRaw(r, opts.colours);
  return r;
}

beforeAll(async () => {
  tmp = await tempDir('pipecat-hostile-sweep-');
  const r = await runCli([...INIT, '--name', 'bot', ...SERVICES, '--output', join(tmp, HOSTILE)], { env: cleanEnv(tmp), cwd: tmp });
  expect(r.code).toBe(0);
  project = join(tmp, HOSTILE, 'bot');
  await writeFile(
    join(project, 'server', `${HOSTILE}.py`),
    'import os\nfrom pipecat.services.fish.tts import FishAudioTTSService\nKEY = os.getenv("MY_KEY")\n',
  );
  emu = await startEmulator({ org: 'acme', deployMs: 0 });
}, 60_000);
afterAll(async () => {
  await emu.close();
  await cleanup(tmp);
  console.log(`local hostile sweep: ${tally.runs} runs, ${tally.passed} with a control byte passed`);
});

describe.each(COLOURS)('colours forced on: %s', (colours) => {
  const tag = colours ? 'colour' : 'plain';

  test('init: destination, dry run as JSON, --config path and value', async () => {
    const out = join(tmp, `init-${tag}`, HOSTILE);
    const config = join(tmp, `config-${tag}${HOSTILE}.json`);
    await writeFile(config, JSON.stringify({ project_name: HOSTILE, bot_type: 'web', transports: ['smallwebrtc'], mode: 'cascade' }));
    const [made, dry, badValue, noFile] = await Promise.all([
      checked([...INIT, '--name', 'bot', ...SERVICES, '--output', out], { colours }),
      checked([...INIT, '--name', 'bot', ...SERVICES, '--output', out, '--dry-run'], { colours }),
      checked(['init', '--config', config, '--output', out], { colours }),
      checked(['init', '--config', join(tmp, `none${HOSTILE}.json`)], { colours }),
    ]);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(SHOWN);
    expect(dry.code).toBe(0);
    expect(badValue.code).toBe(2);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain(SHOWN);
  });

  test('update: .yo-rc.json values, plan, plan as JSON, the update itself', async () => {
    const copy = join(tmp, `update-${tag}`, HOSTILE);
    await cp(project, copy, { recursive: true });
    const rcPath = join(copy, '.yo-rc.json');
    const rc = JSON.parse(await readFile(rcPath, 'utf8')) as Record<string, Record<string, unknown>>;
    Object.assign(rc['generator-pipecat'], { pipecat_version: HOSTILE, client_framework: HOSTILE });
    await writeFile(rcPath, JSON.stringify(rc));
    const plan = await checked(['update', '--dry-run'], { colours, cwd: copy });
    const json = await checked(['update', copy, '--dry-run', '--json'], { colours });
    const done = await checked(['update', copy, '--tts', 'elevenlabs_tts', '--conflicts', 'yours'], { colours });
    for (const r of [plan, json, done]) expect(r.code).toBe(0);
    expect(plan.stderr).toContain('dropped the recorded pipecat_version');
    expect(JSON.parse(json.stdout)).toBeTruthy();
    expect(done.stdout + done.stderr).toContain(SHOWN);
  });

  test('doctor: findings on a hostile file name, as text and JSON', async () => {
    const [text, json] = await Promise.all([
      checked(['doctor', project], { colours }),
      checked(['doctor', project, '--json'], { colours }),
    ]);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(`server/${SHOWN}.py`);
    expect((JSON.parse(json.stdout) as { project: string }).project).toBe(project);
  });

  test("cloud deploy: a cloned pcc-deploy.toml's names and a withheld file's name, in rich, plain and json", async () => {
    const server = join(tmp, `deploy-${tag}`, HOSTILE, 'server');
    await cp(join(project, 'server'), server, { recursive: true });
    const toml = await readFile(join(server, 'pcc-deploy.toml'), 'utf8');
    await writeFile(join(server, 'pcc-deploy.toml'), toml.replace(/^secret_set = .*$/m, `secret_set = ${tomlString(HOSTILE)}`));
    await writeFile(join(server, '.dockerignore'), '*.log\n');
    await writeFile(join(server, `.env.${HOSTILE}`), 'A=1\n');
    const cloud = { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: 'acme', PIPECAT_POLL_MS: '20' };
    const modes = [[], ['--output', 'plain'], ['--output', 'json']];
    const runs = await Promise.all(
      modes.flatMap((m) => [
        checked(['cloud', 'deploy', '--yes', ...m], { colours, cwd: server, env: cloud }),
        checked(['cloud', 'deploy', '--yes', '--no-preflight', ...m], { colours, cwd: server, env: cloud }),
        checked(['cloud', 'deploy', `agent${HOSTILE}`, '--yes', ...m], { colours, cwd: server, env: cloud }),
      ]),
    );
    for (const r of runs) expect(r.code).not.toBe(0); // the secret set does not exist; the agent name is refused
    expect(runs[0].stderr).toContain(SHOWN);
    expect(runs[1].stderr).toContain(`never sent (dotenv files): .env.${SHOWN}`);
  });
});
