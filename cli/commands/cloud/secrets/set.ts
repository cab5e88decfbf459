/**
 * `pipecat cloud secrets set <name> [KEY=value ...] [--file/-f path] [--skip/-s] [-o] [-r] [--wait]`
 *
 * Creates or updates keys of a secret set. Input: `KEY=value` arguments (split on the first `=`;
 * `KEY=-` reads the value from stdin, or from a hidden prompt on a terminal) and/or a dotenv
 * `--file` (`-` = stdin); a command-line pair overrides the file's entry for the same key. Every
 * input problem stops the command before any request. Then a plan (set, region and where it came
 * from, each key as add/overwrite with source, length and fingerprint), a confirmation unless
 * `--skip`, bounded-concurrency writes (one `PUT` per key, the platform's contract) and a per-key
 * report. `--wait` polls until the set is `ready` or `failed`.
 *
 * Source: the official CLI's `secrets set` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); API: docs.pipecat.ai REST reference,
 * secret-create-update. Exit codes: 0 all keys written (and ready
 * with `--wait`); 1 any key failed (the report says which landed), set failed or still pending at
 * the `--wait` timeout, API error, unreachable host, unknown organisation; 2 bad input, unknown
 * region, region or type conflict with the existing set, confirmation needed without a terminal;
 * 4 not logged in; 130 cancelled, or Ctrl-C (SIGINT) during the writes; 143 SIGTERM and 129 SIGHUP
 * during the writes. A signal during the writes stops new requests, lets those in flight finish for a moment,
 * re-reads the set, and prints the per-key report (the `--json` document with `--json`) first.
 *
 * The steps live beside it: `set-read.ts` (input, current set, plan and confirmation),
 * `set-write.ts` (writes, re-read, wait) and `set-report.ts` (report and outcome).
 */
import { buildPlan } from '../../../secrets/plan.js';
import { DEFAULT_CONCURRENCY } from '../../../secrets/writer.js';
import { environmentOptionSpec, nameOrEnvironment } from '../../../deploy/environments.js';
import { UserError } from '../../../errors.js';
import type { CloudIO } from '../common.js';
import type { CloudCommandDefinition } from '../define.js';
import { confirmPlan, readCurrentSet, readSetInput, type SetArgs } from './set-read.js';
import { finishRun, reportDocument, resultTable } from './set-report.js';
import { waitUntilReady, writeAndVerify, type SetRun } from './set-write.js';
import { SECRETS_EPILOGUE, environmentSetName, regionOption, skipOption } from './shared.js';

export type { SetArgs } from './set-read.js';
export { CredentialsRejectedError } from './set-report.js';

/**
 * Runs `secrets set`: input, current set, plan, confirmation, writes, wait, report (the steps are
 * numbered as in the module comment).
 *
 * @param emit prints the `--json` document (once)
 */
async function setSecrets(io: CloudIO, argv: SetArgs, emit: (doc: unknown) => void): Promise<void> {
  // 0. The set: named, or the environment's (with --env, a first argument holding `=` is a pair).
  const first = argv.name;
  const named = first !== undefined && !(argv.env !== undefined && first.includes('='));
  if (!named && first !== undefined) argv.pairs = [first, ...(argv.pairs ?? [])];
  const name = await environmentSetName(io, argv, named ? first : undefined);
  if (name === undefined)
    throw new UserError('name the secret set: pipecat cloud secrets set SET [KEY=value ...] [--file .env] (or --env E)');
  argv.name = name;
  // 1. Everything the user typed, checked before any request.
  const input = await readSetInput(io, argv);
  // 2. The set as it is now, and the region.
  const session = await io.openSession(argv);
  const { existing, region } = await readCurrentSet(io, argv, session);
  const { client, org } = session;
  const existedBefore = new Set(existing?.secrets.map((s) => s.fieldName) ?? []);
  const plan = buildPlan({
    organization: org,
    set: argv.name,
    region,
    existingKeys: existing ? existedBefore : undefined,
    secrets: input.secrets,
  });
  // 3. The plan, and the confirmation.
  await confirmPlan(io, argv, plan, org);
  // 4. The writes. From here on, Ctrl-C (SIGINT) and SIGTERM stop the command with its report
  //    (exit 130 / 143) instead of killing it while keys are landing.
  const interrupts = io.watchInterrupts();
  try {
    const run: SetRun = { io, argv, client, org, plan, input, existedBefore, interrupts };
    const writes = await writeAndVerify(run);
    // 5. Waiting for provisioning (stopped by a signal like the writes).
    const allLanded = writes.results.every((r) => r.status === 'written');
    const wait = argv.wait && !writes.signal && allLanded ? await waitUntilReady(run) : undefined;
    // 6. The report.
    const report = { run, writes, wait, stoppedBy: writes.signal ?? interrupts.signal };
    emit(reportDocument(report));
    if (!argv.json) io.out(resultTable(report));
    finishRun(report);
  } finally {
    interrupts.dispose();
  }
}

/** `pipecat cloud secrets set [name] [pairs..]` (the official `secrets set`). */
export const SET_COMMAND: CloudCommandDefinition<SetArgs> = {
  command: 'set [name] [pairs..]',
  describe: 'Create or update keys of a secret set from KEY=value pairs and/or a dotenv file',
  official: 'secrets set',
  positionals: {
    name: { type: 'string', describe: 'Secret set name (3-63 lowercase letters, digits, hyphens); with --env it may be left out' },
    pairs: { type: 'string', array: true, describe: 'KEY=value pairs; KEY=- reads the value from stdin' },
  },
  options: {
    env: environmentOptionSpec('secret set AGENT-E-secrets of agent_name in pcc-deploy.toml, when no set is named'),
    file: { alias: 'f', type: 'string', requiresArg: true, describe: 'Dotenv file to read (- = stdin); pairs override its keys' },
    wait: { type: 'boolean', describe: 'Wait until the set is ready (exit 0) or failed (exit 1)' },
    'wait-timeout': { type: 'number', default: 300, requiresArg: true, describe: 'Seconds --wait waits before giving up (exit 1)' },
    concurrency: {
      type: 'number',
      default: DEFAULT_CONCURRENCY,
      requiresArg: true,
      describe: 'Requests in flight at once (1 = one key after another)',
    },
    ...regionOption("Region of a new set (default: the organisation's default); must match an existing set's region"),
    ...skipOption('writing'),
  },
  check: nameOrEnvironment('name', 'name the secret set'),
  examples: [
    ['$0 cloud secrets set my-agent-secrets --file server/.env', "push a project's .env"],
    ['$0 cloud secrets set my-agent-secrets OPENAI_API_KEY=- < key.txt', 'read one value from stdin'],
    ['$0 cloud secrets set my-agent-secrets -f .env DEBUG=0 --skip --wait', 'file plus an override, no prompt, wait until ready'],
    ['$0 cloud secrets set --env staging -f .env --skip', "push .env to the staging environment's set AGENT-staging-secrets"],
  ],
  epilogue: SECRETS_EPILOGUE,
  run: setSecrets,
};
