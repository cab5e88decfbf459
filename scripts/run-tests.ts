/**
 * Runs Jest for one test tier: `node dist/scripts/run-tests.js <fast|e2e|runtime> [Jest arguments]`
 * (`npm test`, `npm run test:e2e`, `npm run test:runtime`; `npm test -- test/init.test.ts` passes
 * the file on to Jest).
 *
 * It exists so that package.json's scripts set no variable themselves: npm runs scripts under
 * cmd.exe on Windows, where `VAR=value cmd` is not a command (test/package-manifest.test.ts holds
 * every script to that). It sets what the tiers read and starts Jest with this Node:
 * - `PIPECAT_TEST_TIER`: the tier, read by jest.config.ts (which files, timeouts, workers);
 * - `NODE_OPTIONS`: `--experimental-vm-modules` (Jest runs our ES modules through Node's VM
 *   modules, https://jestjs.io/docs/ecmascript-modules) and `--disable-warning=ExperimentalWarning`,
 *   after any options already set; Jest's workers and the tests' child processes inherit them.
 *
 * Exits with Jest's exit code (1 when Jest was stopped by a signal), or 2 for an unknown tier.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The test tiers jest.config.ts knows. */
const TEST_TIERS = ['fast', 'e2e', 'runtime'] as const;

/** Node options every tier needs, in the order they are appended to `NODE_OPTIONS`. */
const TEST_NODE_OPTIONS = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];

/**
 * The environment Jest runs a tier in: `env` with `PIPECAT_TEST_TIER` set to the tier and
 * {@link TEST_NODE_OPTIONS} appended to `NODE_OPTIONS` (options already there are kept, ours are
 * not repeated).
 *
 * @param tier one of {@link TEST_TIERS}
 * @param env the environment to start from (not changed)
 * @returns a new environment
 */
export function tierEnvironment(tier: (typeof TEST_TIERS)[number], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = (env.NODE_OPTIONS ?? '').split(/\s+/).filter((o) => o !== '');
  for (const o of TEST_NODE_OPTIONS) if (!options.includes(o)) options.push(o);
  return { ...env, PIPECAT_TEST_TIER: tier, NODE_OPTIONS: options.join(' ') };
}

function main(args: string[]): number {
  const [tier, ...jestArgs] = args;
  const known = TEST_TIERS.find((t) => t === tier);
  if (!known) {
    process.stderr.write(`run-tests: name a tier first (${TEST_TIERS.join(', ')}), not ${tier === undefined ? 'nothing' : `"${tier}"`}\n`);
    return 2;
  }
  const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
  const r = spawnSync(process.execPath, [jest, ...jestArgs], { stdio: 'inherit', env: tierEnvironment(known, process.env) });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
