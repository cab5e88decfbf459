/**
 * The official CLI's one-dash spellings of `deploy` flags (`-min`, `-max`, `-krisp`, `-nc`;
 * pipecatcloud `cli/commands/deploy.py`) work here too: rewritten to the long flags in a
 * `cloud deploy` command line only. Through the binary against the emulator, and the rewrite itself.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { officialDeployShortForms } from '../../cli/commands/cloud/deploy-argv.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

const ORG = 'acme';
let home: string;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;
let client: CloudClient;

beforeAll(async () => {
  home = await tempDir('pipecat-deploy-short-');
  emu = await startEmulator({ org: ORG, deployMs: 0 });
  client = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: ORG, PIPECAT_POLL_MS: '50' });
});
afterAll(async () => {
  await emu.close();
  await cleanup(home);
});

describe('official one-dash deploy flags', () => {
  test('-min, -max=, -krisp and -nc reach the platform as --min-agents, --max-agents, --enable-krisp, --no-credentials', async () => {
    const r = await runCli(['cloud', 'deploy', 'short-bot', 'img:1', '-min', '2', '-max=3', '-krisp', '-nc', '-y', '--no-preflight'], {
      env,
    });
    expect(r.stderr).toContain('short-bot');
    expect(r.code).toBe(0);
    const a = await client.getAgent(ORG, 'short-bot');
    expect(a?.autoScaling).toMatchObject({ minReplicas: 2, maxReplicas: 3 });
  });

  test('only whole tokens of a cloud deploy command line before --', () => {
    expect(officialDeployShortForms(['--verbose', 'cloud', 'deploy', '-min=1', '-max', '4', '-nc', '-krisp', '--', '-min'])).toEqual([
      '--verbose',
      'cloud',
      'deploy',
      '--min-agents=1',
      '--max-agents',
      '4',
      '--no-credentials',
      '--enable-krisp',
      '--',
      '-min',
    ]);
    expect(officialDeployShortForms(['cloud', 'secrets', 'set', 'x', '-min'])).toEqual(['cloud', 'secrets', 'set', 'x', '-min']);
    expect(officialDeployShortForms(['cloud', 'deploy', '-minimum', '-yf'])).toEqual(['cloud', 'deploy', '-minimum', '-yf']);
  });
});
