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
 * Source: issue 6; API: ../shared/design/cloud-api.md. Exit codes: 0 all keys written (and ready
 * with `--wait`); 1 any key failed (the report says which landed), set failed or still pending at
 * the `--wait` timeout, API error, unreachable host; 2 bad input, unknown region, region or type
 * conflict with the existing set, confirmation needed without a terminal; 4 not logged in; 130
 * cancelled.
 */
import type { Argv, CommandModule } from 'yargs';
import { CancelledError, OperationFailedError, UserError } from '../../../errors.js';
import { cloudOptions, openSession, type CloudArgs } from '../common.js';
import {
  NO_TTY_CONFIRM,
  SECRETS_EPILOGUE,
  checkRegionOption,
  isApiStatus,
  isFatalForBatch,
  isImagePullSecretRefusal,
  isOutcomeUnknown,
  regionOption,
  runSecretsCommand,
  skipOption,
} from './shared.js';

/** Parsed options of `secrets set`. */
export interface SetArgs extends CloudArgs {
  name: string;
  pairs?: string[];
  file?: string;
  skip?: boolean;
  region?: string;
  wait?: boolean;
  'wait-timeout'?: number;
  concurrency?: number;
}

/** The `secrets set` command. */
export const setCommand: CommandModule<object, SetArgs> = {
  command: 'set <name> [pairs..]',
  describe: 'Create or update keys of a secret set from KEY=value pairs and/or a dotenv file',
  builder: (y: Argv) =>
    skipOption(
      regionOption(
        cloudOptions(y)
          .positional('name', { type: 'string', describe: 'Secret set name (3-63 lowercase letters, digits, hyphens)' })
          .positional('pairs', { type: 'string', array: true, describe: 'KEY=value pairs; KEY=- reads the value from stdin' })
          .option('file', { alias: 'f', type: 'string', requiresArg: true, describe: 'Dotenv file to read (- = stdin); pairs override its keys' })
          .option('wait', { type: 'boolean', describe: 'Wait until the set is ready (exit 0) or failed (exit 1)' })
          .option('wait-timeout', { type: 'number', default: 300, requiresArg: true, describe: 'Seconds --wait waits before giving up (exit 1)' })
          .option('concurrency', { type: 'number', default: 8, requiresArg: true, describe: 'Requests in flight at once (1 = one key after another)' }),
        'Region of a new set (default: the organisation\'s default); must match an existing set\'s region',
      ),
      'writing',
    )
      .example('$0 cloud secrets set my-agent-secrets --file server/.env', 'push a project\'s .env')
      .example('$0 cloud secrets set my-agent-secrets OPENAI_API_KEY=- < key.txt', 'read one value from stdin')
      .example('$0 cloud secrets set my-agent-secrets -f .env DEBUG=0 --skip --wait', 'file plus an override, no prompt, wait until ready')
      .epilogue(SECRETS_EPILOGUE) as unknown as Argv<SetArgs>,
  handler: (argv) => runSecretsCommand(argv, (emit) => setSecrets(argv, emit)),
};

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function setSecrets(argv: SetArgs, emit: (doc: unknown) => void): Promise<void> {
  const { setNameProblem } = await import('../../../secrets/rules.js');
  const { gatherSecrets, emptyValueProblems } = await import('../../../secrets/input.js');
  const dialogs = await import('../../../dialogs.js');
  const { c, warning, success } = await import('../../../output/colors.js');

  // 1. Everything the user typed, checked before any request.
  const problem = setNameProblem(argv.name);
  if (problem) throw new UserError(problem);
  const concurrency = argv.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UserError('--concurrency must be a whole number from 1 to 64');
  const waitTimeout = argv['wait-timeout'] ?? 300;
  if (!Number.isFinite(waitTimeout) || waitTimeout <= 0) throw new UserError('--wait-timeout must be a positive number of seconds');
  let stdinRead = false;
  const input = await gatherSecrets((argv.pairs ?? []).map(String), argv.file, {
    stdinIsTTY: !!process.stdin.isTTY,
    readStdin: async () => {
      if (stdinRead) throw new UserError('stdin can only be read once');
      stdinRead = true;
      return readAllStdin();
    },
    promptValue: (key) => dialogs.password(`Value of ${key} (hidden)`, { noTty: `cannot read ${key}=- : no terminal and no stdin` }),
  });
  if (input.secrets.length === 0) throw new UserError(`no secrets found in --file ${argv.file}`);
  const empty = emptyValueProblems(input.secrets);
  if (empty.length > 0) throw new UserError(`${empty.length === 1 ? 'a value is' : `${empty.length} values are`} empty (nothing was sent)`, empty);
  for (const d of input.duplicates) process.stderr.write(warning(`${d.key} is given more than once: ${d.where}`) + '\n');
  const values = input.secrets.map((s) => s.value);

  // 2. The set as it is now, and the region.
  const { buildPlan, resolveRegion } = await import('../../../secrets/plan.js');
  const { startSpinner } = await import('../../../output/spinner.js');
  const { client, org } = await openSession(argv);
  let spinner = await startSpinner(`Reading secret set ${argv.name}`, { json: argv.json });
  let existing: Awaited<ReturnType<typeof client.getSecretSet>> | undefined;
  let region;
  try {
    await checkRegionOption(client, org, argv.region);
    try {
      existing = await client.getSecretSet(org, argv.name);
    } catch (err) {
      if (isImagePullSecretRefusal(err)) {
        throw new UserError(`${argv.name} is an image pull secret, not a secret set: choose another name (nothing was sent)`);
      }
      if (!isApiStatus(err, 404)) throw err;
    }
    region = await resolveRegion(argv.region, existing?.region, async () => (await client.organizationProperties(org)).defaultRegion, argv.name);
  } finally {
    spinner.stop();
  }
  const existedBefore = new Set(existing?.secrets.map((s) => s.fieldName) ?? []);
  const plan = buildPlan({ organization: org, set: argv.name, region, existingKeys: existing ? existedBefore : undefined, secrets: input.secrets });

  // 3. The plan, and the confirmation.
  const { renderTable } = await import('../../../output/table.js');
  const planText = () => {
    const head = `${plan.exists ? 'Update' : 'Create'} secret set ${c.bold(plan.set)} in ${org}, region ${plan.region} (${plan.regionSource}):`;
    const rows = plan.keys.map((k) => [k.key, k.action === 'add' ? c.green('add') : c.yellow('overwrite'), k.source + (k.overrides ? ` (overrides ${k.overrides})` : ''), k.length, k.fingerprint]);
    return `${head}\n${renderTable(['KEY', 'ACTION', 'SOURCE', 'LENGTH', 'FINGERPRINT'], rows)}\n`;
  };
  if (!argv.skip) {
    process.stderr.write(planText());
    const ok = await dialogs.confirm(`Write ${plan.keys.length} ${plan.keys.length === 1 ? 'key' : 'keys'} to ${plan.set}?`, { noTty: NO_TTY_CONFIRM, default: true });
    if (!ok) throw new CancelledError('cancelled: nothing was written');
  } else if (!argv.json) {
    process.stderr.write(planText());
  }

  // 4. The writes.
  const { writeKeys, reconcileWithServer } = await import('../../../secrets/writer.js');
  const { redactValues } = await import('../../../secrets/fingerprint.js');
  const total = plan.keys.length;
  spinner = await startSpinner(`Writing 0/${total} keys to ${plan.set}`, { json: argv.json });
  const results = await writeKeys({
    items: input.secrets,
    write: async (s) => {
      await client.upsertSecret(org, plan.set, s.key, s.value, { region: plan.region });
    },
    concurrency,
    firstAlone: !plan.exists,
    onProgress: (n) => spinner.update(`Writing ${n}/${total} keys to ${plan.set}`),
    isFatal: isFatalForBatch,
    isOutcomeUnknown,
    describe: (err) => redactValues(err instanceof Error ? err.message : String(err), values),
  });
  spinner.stop();
  let reconciled = false;
  if (results.some((r) => r.status !== 'written')) {
    try {
      const after = await client.getSecretSet(org, plan.set);
      reconcileWithServer(results, new Set(after.secrets.map((s) => s.fieldName)), existedBefore);
      reconciled = true;
    } catch {
      // Best effort: without the re-read, the report stays as the answers said.
    }
  }
  const written = results.filter((r) => r.status === 'written');
  const failed = results.filter((r) => r.status === 'failed');
  const notSent = results.filter((r) => r.status === 'not-sent');

  // 5. Waiting for provisioning.
  let wait: { status: string; errorMessage?: string; waitedMs: number } | undefined;
  if (argv.wait && failed.length === 0 && notSent.length === 0) {
    const { waitForSet } = await import('../../../secrets/wait.js');
    spinner = await startSpinner(`Waiting for ${plan.set} to be ready`, { json: argv.json });
    try {
      wait = await waitForSet(() => client.getSecretSet(org, plan.set), {
        timeoutMs: waitTimeout * 1000,
        onStatus: (st) => spinner.update(`Waiting for ${plan.set} to be ready (${st})`),
      });
    } finally {
      spinner.stop();
    }
  }

  // 6. The report.
  const byKey = new Map(results.map((r) => [r.key, r]));
  emit({
    ok: failed.length === 0 && notSent.length === 0 && (wait === undefined || wait.status === 'ready'),
    organization: org,
    set: plan.set,
    region: plan.region,
    regionSource: plan.regionSource,
    created: !plan.exists,
    keys: plan.keys.map((k) => {
      const r = byKey.get(k.key)!;
      return { ...k, status: r.status, ...(r.error ? { error: r.error } : {}), ...(r.outcomeUnknown ? { outcomeUnknown: true } : {}) };
    }),
    written: written.length,
    failed: failed.length,
    notSent: notSent.length,
    verifiedAfterFailure: reconciled,
    ...(wait ? { wait } : {}),
  });
  if (!argv.json) {
    const status = (s: string) => (s === 'written' ? c.green('written') : s === 'failed' ? c.red('failed') : c.yellow('not sent'));
    process.stdout.write(
      renderTable(
        ['KEY', 'ACTION', 'LENGTH', 'FINGERPRINT', 'RESULT'],
        plan.keys.map((k) => {
          const r = byKey.get(k.key)!;
          return [k.key, k.action, k.length, k.fingerprint, status(r.status) + (r.error ? ` (${r.error})` : '')];
        }),
      ) + '\n',
    );
  }

  if (failed.length > 0 || notSent.length > 0) {
    const details = [
      `written (${written.length}): ${written.map((r) => r.key).join(', ') || 'none'}`,
      `failed (${failed.length}): ${failed.map((r) => r.key).join(', ') || 'none'}`,
    ];
    if (notSent.length > 0) details.push(`not sent (${notSent.length}): ${notSent.map((r) => r.key).join(', ')}`);
    const unknown = failed.filter((r) => r.outcomeUnknown);
    if (unknown.length > 0) {
      details.push(`no answer came back for ${unknown.map((r) => r.key).join(', ')}: the set may hold the old or the new value; run the command again`);
    }
    const firstError = failed.find((r) => r.error)?.error;
    if (firstError) details.push(`first error: ${firstError}`);
    throw new OperationFailedError(`${failed.length + notSent.length} of ${total} keys were not written to ${plan.set}; ${written.length} were`, details);
  }
  if (wait?.status === 'failed') {
    throw new OperationFailedError(`secret set ${plan.set} failed to provision: ${wait.errorMessage ?? 'no error message'}`, [`all ${total} keys were written`]);
  }
  if (wait?.status === 'timeout') {
    throw new OperationFailedError(`secret set ${plan.set} was still pending after ${waitTimeout} s (--wait-timeout)`, [`all ${total} keys were written`]);
  }
  if (!argv.json) {
    const tail = wait ? `; the set is ready (${(wait.waitedMs / 1000).toFixed(1)} s)` : '; the set is provisioning (use --wait to wait until it is ready)';
    process.stderr.write(success(`${total} ${total === 1 ? 'key' : 'keys'} written to ${plan.set} (${org}, ${plan.region})${tail}`) + '\n');
  }
}
