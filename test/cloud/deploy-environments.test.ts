/**
 * Environments (`--env E`) and `pipecat cloud promote`, through the binary against the emulator,
 * in a freshly generated Daily web bot (cli/deploy/environments.ts, docs/deploy.md "Environments"):
 * - the rule: environment E of agent A is the agent A-E with the set A-E-secrets; names given on
 *   the command line win; production's set is never used for an environment;
 * - `deploy --env staging` whose set is missing stops in the preflight (exit 2) naming the exact
 *   `secrets set` command, and no request names production's set;
 * - `secrets set --env staging --file .env` and `deploy --env staging` from the project root
 *   create voice-bot-staging reading voice-bot-staging-secrets (one build);
 * - `promote staging` deploys that build to voice-bot with voice-bot-secrets: no build, no upload;
 * - keys Pipecat Cloud supplies: the Daily bot deploys with a set that lacks DAILY_API_KEY (its
 *   `.env.example` lists it), also outside its project (no .yo-rc.json): the preflight reads the
 *   code, whose `create_transport` serves Daily.
 */
import { CASCADE_ARGS } from '../helpers/cli.js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentDetails } from '../../cli/cloud-api/deploy-types.js';
import { environmentLine, environmentNames } from '../../cli/deploy/environments.js';
import { clearRecordedRequests, recordedRequests } from '../../cli/emulator/faults.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

const NAME = 'voice-bot';
const INIT = ['-b', 'web', '--transport', 'daily', ...CASCADE_ARGS];
// Every key the bot reads on the platform; no DAILY_API_KEY (Pipecat Cloud supplies it to Daily).
const DOTENV = 'DEEPGRAM_API_KEY=d2\nOPENAI_API_KEY=o3\nCARTESIA_API_KEY=c4\n';

let home: string;
let root: string;
let server: string;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;

const cli = (args: string[], cwd = server) => runCli(['cloud', ...args], { env, cwd, timeoutMs: 60_000 });
/** Requests of the emulator since the last clear, as `METHOD path`. */
const requests = async () => (await recordedRequests(emu.url)).map((r) => `${r.method} ${r.path}`);
/** An agent's details as the emulator reports them (through the API, not our commands), or undefined. */
async function statusOf(agent: string) {
  const r = await fetch(`${emu.url}/v1/organizations/${emu.org}/services/${agent}`, { headers: { Authorization: `Bearer ${emu.token}` } });
  return r.status === 404 ? undefined : ((await r.json()) as { body: AgentDetails }).body;
}

beforeAll(async () => {
  home = await tempDir('pipecat-env-home-');
  const out = await tempDir('pipecat-env-out-');
  root = join(out, NAME);
  server = join(root, 'server');
  const init = await runCli(['init', '-n', NAME, ...INIT, '--deploy-to-cloud', '-o', out], { env: cleanEnv(home), timeoutMs: 60_000 });
  expect(init.code).toBe(0);
  emu = await startEmulator({ buildMs: 150, deployMs: 100 });
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org, PIPECAT_POLL_MS: '50' });
  await writeFile(join(server, '.env'), DOTENV);
  // Production's set exists: an environment must never fall back to it.
  expect((await cli(['secrets', 'set', `${NAME}-secrets`, '--file', '.env', '--skip'])).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await emu?.close();
  await cleanup(home, root ? join(root, '..') : '');
});

describe('the rule', () => {
  const names = (i: Parameters<typeof environmentNames>[0]) => environmentNames(i);
  test('A-E and A-E-secrets; a name given wins; production is the agent itself', () => {
    const base = { agentName: 'my-bot', secretSet: 'my-bot-secrets', fromCommandLine: {} };
    expect(names({ ...base, env: 'pr-7' })).toMatchObject({
      environment: 'pr-7',
      agentName: 'my-bot-pr-7',
      secretSet: 'my-bot-pr-7-secrets',
    });
    expect(names({ ...base, env: 'pr-7', secretSet: 'mine', fromCommandLine: { secretSet: true } }).secretSet).toBe('mine');
    expect(names({ ...base, agentName: 'my-bot-pr-7', env: 'pr-7', fromCommandLine: { agentName: true } }).agentName).toBe('my-bot-pr-7');
    expect(names({ ...base, env: 'production' })).toMatchObject({ agentName: 'my-bot', secretSet: 'my-bot-secrets' });
    // No agent name known: no set either (production's from pcc-deploy.toml is not the environment's).
    expect(names({ secretSet: 'my-bot-secrets', env: 'staging', fromCommandLine: {} }).secretSet).toBeUndefined();
    expect(environmentLine(names({ ...base, env: 'staging' }))).toBe(
      'environment staging: agent my-bot-staging, secret set my-bot-staging-secrets',
    );
  });

  test('a bad environment, or a name past 63 characters, names --env (exit 2 through the binary)', async () => {
    expect(() => names({ agentName: 'a', env: 'Staging', fromCommandLine: {} })).toThrow(/--env "Staging" is not an environment name/);
    expect(() => names({ agentName: 'a'.repeat(60), env: 'staging', fromCommandLine: {} })).toThrow(/^--env staging: .*not a DNS label/);
    const r = await cli(['deploy', '--env', 'pr_7', '--yes']);
    expect(r.stderr).toBe(
      'error: --env "pr_7" is not an environment name: use lowercase letters, digits and \'-\' (not first or last), e.g. staging or pr-7\n',
    );
    expect(r.code).toBe(2);
  });
});

describe('deploy --env and promote', () => {
  test("a missing environment set stops in the preflight (exit 2), naming the command; production's set is never used", async () => {
    await clearRecordedRequests(emu.url);
    const r = await cli(['deploy', '--env', 'staging', '--yes']);
    expect(r.stderr).toContain('environment staging: agent voice-bot-staging, secret set voice-bot-staging-secrets\n');
    expect(r.stderr).toContain('preflight found 1 problem: nothing was created');
    expect(r.stderr).toContain('`pipecat cloud secrets set voice-bot-staging-secrets --file .env');
    expect(r.code).toBe(2);
    const seen = await requests();
    expect(seen.filter((x) => !x.startsWith('GET '))).toEqual([]);
    expect(seen.filter((x) => x.includes(`${NAME}-secrets`))).toEqual([]);
  });

  test('from the project root: secrets set --env reads server/.env, deploy --env creates voice-bot-staging (one build)', async () => {
    const set = await cli(['secrets', 'set', '--env', 'staging', '--file', '.env', '--skip'], root);
    expect(set.stderr).toContain('environment staging: secret set voice-bot-staging-secrets\n');
    expect(set.stderr).toContain(`reading ${join(server, '.env')}: there is no .env here, the project's server/ folder has it\n`);
    expect(set.code).toBe(0);
    await clearRecordedRequests(emu.url);
    const r = await cli(['deploy', '--env', 'staging', '--yes', '--json'], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, environment: 'staging', agent: 'voice-bot-staging', action: 'created' });
    expect((await requests()).filter((x) => x.startsWith('POST ') && x.endsWith('/builds'))).toHaveLength(1);
    const staging = await statusOf('voice-bot-staging');
    expect(staging?.deployment?.manifest?.spec?.envFromSecretNames).toEqual(['voice-bot-staging-secrets']);
    expect(staging?.deployment?.buildId).toBe(JSON.parse(r.stdout).build.id);
  });

  test('promote without a terminal and without --yes: exit 2, nothing deployed', async () => {
    const r = await cli(['promote', 'staging']);
    expect(r.stderr).toContain('pass --yes (-y)');
    expect(r.code).toBe(2);
    expect(await statusOf(NAME)).toBeUndefined();
  });

  test("promote staging: production runs staging's build with production's set; no build, no upload", async () => {
    const buildId = (await statusOf('voice-bot-staging'))?.deployment?.buildId;
    expect(buildId).toMatch(/^[0-9a-f-]{36}$/);
    await clearRecordedRequests(emu.url);
    const r = await cli(['promote', 'staging', '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      environment: 'staging',
      from: 'voice-bot-staging',
      agent: NAME,
      secretSet: `${NAME}-secrets`,
      build: { id: buildId },
    });
    const writes = (await requests()).filter((x) => !x.startsWith('GET '));
    expect(writes).toEqual([`POST /v1/organizations/${emu.org}/services`]);
    const prod = await statusOf(NAME);
    expect(prod?.deployment?.buildId).toBe(buildId);
    expect(prod?.deployment?.manifest?.spec?.envFromSecretNames).toEqual([`${NAME}-secrets`]);
    // The agent commands address environments too.
    const s = await cli(['agent', 'status', '--env', 'staging', '--json']);
    expect(JSON.parse(s.stdout)).toMatchObject({ environment: 'staging', agent: { name: 'voice-bot-staging' } });
  });
});

describe('secrets and agent commands with --env', () => {
  test("list, unset and delete address the environment's set; agent delete its agent", async () => {
    // Two at a time: each pair touches different things.
    const [list, unset] = await Promise.all([
      cli(['secrets', 'list', '--env', 'staging', '--json'], root),
      cli(['secrets', 'unset', '--env', 'staging', 'CARTESIA_API_KEY', '--skip', '--json']),
    ]);
    expect(JSON.parse(list.stdout)).toMatchObject({ environment: 'staging', set: 'voice-bot-staging-secrets' });
    expect(JSON.parse(unset.stdout)).toMatchObject({ ok: true, set: 'voice-bot-staging-secrets', key: 'CARTESIA_API_KEY' });
    const [gone, del] = await Promise.all([
      cli(['agent', 'delete', '--env', 'staging', '--force']),
      cli(['secrets', 'delete', '--env', 'staging', '--skip']),
    ]);
    expect(gone.stderr).toContain('environment staging: agent voice-bot-staging\n');
    expect(gone.code).toBe(0);
    expect(del.stderr).toContain('deleted secret set voice-bot-staging-secrets');
    expect(await statusOf('voice-bot-staging')).toBeUndefined();
    expect(await statusOf(NAME)).toBeDefined(); // production untouched
  });
});

describe('keys Pipecat Cloud supplies', () => {
  test('the Daily bot deploys with a set that lacks DAILY_API_KEY, also outside its project (its code says it serves Daily)', async () => {
    const r = await cli(['deploy', '--yes']);
    expect(r.stderr).toContain('DAILY_API_KEY is not needed in the secret set: Pipecat Cloud supplies it to the daily transport\n');
    expect(r.stderr).toContain(`agent ${NAME} is ready`);
    expect(r.code).toBe(0);
    // Without .yo-rc.json the code itself says which transport the bot serves (create_transport's
    // "daily"): the preflight reads it, not .env.example, so the key is still not required.
    const alone = join(home, 'server-alone');
    await cp(server, alone, { recursive: true });
    const a = await cli(['deploy', '--yes'], alone);
    expect(a.stderr).not.toContain('DAILY_API_KEY');
    expect(a.stderr).toContain(`preflight: ok (agent ${NAME}`);
    expect(a.code).toBe(0);
  });
});
