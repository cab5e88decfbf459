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
 * the `--wait` timeout, API error, unreachable host, unknown organisation; 2 bad input, unknown
 * region, region or type conflict with the existing set, confirmation needed without a terminal;
 * 4 not logged in; 130 cancelled, or Ctrl-C (SIGINT) during the writes; 143 SIGTERM and 129 SIGHUP
 * during the writes. A signal during the writes stops new requests, lets those in flight finish for a moment,
 * re-reads the set, and prints the per-key report (the `--json` document with `--json`) first.
 */
import type { Argv, CommandModule } from 'yargs';
import { CancelledError, ExitCode, InterruptedError, OperationFailedError, UserError } from '../../../errors.js';
import { unrefDelay } from '../../../interrupts.js';
import { c, success, warning } from '../../../output/colors.js';
import { renderTable } from '../../../output/table.js';
import { Redactor } from '../../../secrets/redact.js';
import { gatherSecrets } from '../../../secrets/input.js';
import { buildPlan, resolveRegion } from '../../../secrets/plan.js';
import { setNameProblem } from '../../../secrets/rules.js';
import { waitForSet } from '../../../secrets/wait.js';
import { cloudOptions, processCloudIO, type CloudArgs, type CloudIO } from '../common.js';
import { DEFAULT_CONCURRENCY, reconcileWithServer, writeKeys } from '../../../secrets/writer.js';
import {
  NO_TTY_CONFIRM,
  SECRETS_EPILOGUE,
  apiMessage,
  checkRegionOption,
  isApiStatus,
  isFatalForBatch,
  isImagePullSecretRefusal,
  isOutcomeUnknown,
  organizationNotFound,
  regionOption,
  secretsHandler,
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

/** The `secrets set` command of the binary. */
export const setCommand: CommandModule<object, SetArgs> = {
  command: 'set <name> [pairs..]',
  describe: 'Create or update keys of a secret set from KEY=value pairs and/or a dotenv file',
  builder: (y: Argv) =>
    skipOption(
      regionOption(
        cloudOptions(y)
          .positional('name', { type: 'string', describe: 'Secret set name (3-63 lowercase letters, digits, hyphens)' })
          .positional('pairs', { type: 'string', array: true, describe: 'KEY=value pairs; KEY=- reads the value from stdin' })
          .option('file', {
            alias: 'f',
            type: 'string',
            requiresArg: true,
            describe: 'Dotenv file to read (- = stdin); pairs override its keys',
          })
          .option('wait', { type: 'boolean', describe: 'Wait until the set is ready (exit 0) or failed (exit 1)' })
          .option('wait-timeout', {
            type: 'number',
            default: 300,
            requiresArg: true,
            describe: 'Seconds --wait waits before giving up (exit 1)',
          })
          .option('concurrency', {
            type: 'number',
            default: DEFAULT_CONCURRENCY,
            requiresArg: true,
            describe: 'Requests in flight at once (1 = one key after another)',
          }),
        "Region of a new set (default: the organisation's default); must match an existing set's region",
      ),
      'writing',
    )
      .example('$0 cloud secrets set my-agent-secrets --file server/.env', "push a project's .env")
      .example('$0 cloud secrets set my-agent-secrets OPENAI_API_KEY=- < key.txt', 'read one value from stdin')
      .example('$0 cloud secrets set my-agent-secrets -f .env DEBUG=0 --skip --wait', 'file plus an override, no prompt, wait until ready')
      .epilogue(SECRETS_EPILOGUE) as unknown as Argv<SetArgs>,
  handler: secretsHandler(processCloudIO, setSecrets),
};

/**
 * The `secrets set` command module with the given collaborators.
 *
 * @param io collaborators, made when the command runs (default: the process's)
 */
export function createSetCommand(io: () => CloudIO = processCloudIO): CommandModule<object, SetArgs> {
  return { ...setCommand, handler: secretsHandler(io, setSecrets) };
}

async function setSecrets(io: CloudIO, argv: SetArgs, emit: (doc: unknown) => void): Promise<void> {
  // 1. Everything the user typed, checked before any request.
  const problem = setNameProblem(argv.name);
  if (problem) throw new UserError(problem);
  const concurrency = argv.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new UserError('--concurrency must be a whole number from 1 to 64');
  const waitTimeout = argv['wait-timeout'] ?? 300;
  if (!Number.isFinite(waitTimeout) || waitTimeout <= 0) throw new UserError('--wait-timeout must be a positive number of seconds');
  let stdinRead = false;
  // Throws one UserError with every problem: invalid arguments and lines, empty and NUL values.
  const input = await gatherSecrets((argv.pairs ?? []).map(String), argv.file, {
    stdinIsTTY: io.terminal.stdin,
    readStdin: async (label) => {
      if (stdinRead) throw new UserError('stdin can only be read once');
      stdinRead = true;
      return io.readStdin(label);
    },
    promptValue: (key) => io.dialogs.password(`Value of ${key} (hidden)`, { noTty: `cannot read ${key}=- : no terminal and no stdin` }),
  });
  for (const d of input.duplicates) io.err(warning(`${d.key} is given more than once: ${d.where}`) + '\n');
  const values = input.secrets.map((s) => s.value);
  // From here on every output of this run is redacted of these values, in every encoding.
  io.registerSecrets?.(values);
  const redactor = new Redactor(values);

  // 2. The set as it is now, and the region.
  const { client, org, orgSource } = await io.openSession(argv);
  let spinner = await io.startSpinner(`Reading secret set ${argv.name}`, { json: argv.json });
  let existing: Awaited<ReturnType<typeof client.getSecretSet>> | undefined;
  let region;
  try {
    // With --region, the region list is checked first: an unknown region is refused before the
    // set is read. Then the set and (without --region) the organisation's default region are read
    // at once, one round trip instead of two; the default is used only for a new set.
    await checkRegionOption(client, org, argv.region);
    const setRead = client.getSecretSet(org, argv.name);
    const defaultRegion = argv.region === undefined ? client.organizationProperties(org).then((p) => p.defaultRegion) : undefined;
    defaultRegion?.catch(() => undefined); // awaited below, when needed
    try {
      existing = await setRead;
    } catch (err) {
      if (isImagePullSecretRefusal(err)) {
        throw new UserError(`${argv.name} is an image pull secret, not a secret set: choose another name (nothing was sent)`);
      }
      if (!isApiStatus(err, 404) || organizationNotFound(err, org)) throw err;
    }
    // A new set goes to the organisation's default region: reading it also proves the
    // organisation exists, so a wrong one is never planned as a new set.
    region = await resolveRegion(
      argv.region,
      existing?.region,
      () => defaultRegion ?? client.organizationProperties(org).then((p) => p.defaultRegion),
      argv.name,
    );
  } catch (err) {
    if (organizationNotFound(err, org)) {
      const known = await client.organizations().then(
        (o) => o.map((x) => x.name),
        () => undefined,
      );
      throw organizationNotFound(err, org, orgSource, known);
    }
    throw err;
  } finally {
    spinner.stop();
  }
  const existedBefore = new Set(existing?.secrets.map((s) => s.fieldName) ?? []);
  const plan = buildPlan({
    organization: org,
    set: argv.name,
    region,
    existingKeys: existing ? existedBefore : undefined,
    secrets: input.secrets,
  });

  // 3. The plan, and the confirmation.
  const planText = () => {
    const head = `${plan.exists ? 'Update' : 'Create'} secret set ${c.bold(plan.set)} in ${org}, region ${plan.region} (${plan.regionSource}):`;
    const rows = plan.keys.map((k) => [
      k.key,
      k.action === 'add' ? c.green('add') : c.yellow('overwrite'),
      k.source + (k.overrides ? ` (overrides ${k.overrides})` : ''),
      k.length,
      k.fingerprint,
    ]);
    return `${head}\n${renderTable(['KEY', 'ACTION', 'SOURCE', 'LENGTH', 'FINGERPRINT'], rows)}\n`;
  };
  if (!argv.skip) {
    io.err(planText());
    const ok = await io.dialogs.confirm(`Write ${plan.keys.length} ${plan.keys.length === 1 ? 'key' : 'keys'} to ${plan.set}?`, {
      noTty: NO_TTY_CONFIRM,
      default: true,
    });
    if (!ok) throw new CancelledError('cancelled: nothing was written');
  } else if (!argv.json) {
    io.err(planText());
  }

  // 4. The writes. From here on, Ctrl-C (SIGINT) and SIGTERM stop the command with its report
  //    (exit 130 / 143) instead of killing it while keys are landing.
  const interrupts = io.watchInterrupts();
  try {
    const total = plan.keys.length;
    // The platform's message is shown once: a later key failing with the same answer keeps its
    // status and code and refers to the first key for the message.
    const firstWith = new Map<string, string>();
    const onceEach = (err: unknown, text: string, key: string): string => {
      const first = firstWith.get(text);
      if (first === undefined) firstWith.set(text, key);
      const e = err as { name?: string; method?: string; path?: string; status?: number; code?: string };
      if (first === undefined || e?.name !== 'ApiError') return text;
      return `Pipecat Cloud: ${e.method} ${e.path} failed: ${e.status} ${e.code} (message as for ${first})`;
    };
    const lengthOf = new Map(plan.keys.map((k) => [k.key, k.length]));
    spinner = await io.startSpinner(`Writing 0/${total} keys to ${plan.set}`, { json: argv.json });
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
      statusOf: (err) =>
        err && typeof err === 'object' && (err as { name?: string }).name === 'ApiError' ? (err as { status: number }).status : undefined,
      describe: (err, item) =>
        isApiStatus(err, 413)
          ? `too large: the platform refused the value of ${item.key} (${lengthOf.get(item.key)} characters) as too large${redactor.complete ? ` (${redactor.redact(apiMessage(err))})` : ''}`
          : onceEach(err, foreignText(err, redactor), item.key),
      sizeOf: (item) => item.value.length,
      interrupted: interrupts.first,
      endGrace: interrupts.again,
    });
    spinner.stop();
    const signal = interrupts.signal;

    // After a failure, one read of the set says which keys are there (a 404: the set does not
    // exist, so none is). After an interruption the read is bounded: the user wants to stop.
    let reconciled = false;
    let reconcileError: string | undefined;
    if (results.some((r) => r.status !== 'written')) {
      const read = client.getSecretSet(org, plan.set).then(
        (after) => after.secrets.map((x) => x.fieldName),
        (err) => {
          if (isApiStatus(err, 404) && !organizationNotFound(err, org)) return [] as string[];
          throw err;
        },
      );
      try {
        const keysAfter = signal
          ? await Promise.race([
              read,
              unrefDelay(2000).then(() => Promise.reject(new Error('no answer within 2 s after the interruption'))),
              interrupts.again.then(() => Promise.reject(new Error('interrupted again'))),
            ])
          : await read;
        reconcileWithServer(results, new Set(keysAfter), existedBefore);
        reconciled = true;
      } catch (err) {
        // Without the re-read, the report stays as the answers said.
        reconcileError = foreignText(err, redactor);
      }
      read.catch(() => undefined);
    }
    const written = results.filter((r) => r.status === 'written');
    const failed = results.filter((r) => r.status === 'failed');
    const notSent = results.filter((r) => r.status === 'not-sent');
    const unknown = failed.filter((r) => r.outcomeUnknown);
    const knownFailed = failed.filter((r) => !r.outcomeUnknown);

    // 5. Waiting for provisioning (stopped by a signal like the writes).
    let wait: { status: string; errorMessage?: string; waitedMs: number } | undefined;
    if (argv.wait && !signal && failed.length === 0 && notSent.length === 0) {
      spinner = await io.startSpinner(`Waiting for ${plan.set} to be ready`, { json: argv.json });
      const started = Date.now();
      try {
        wait = await Promise.race([
          waitForSet(() => client.getSecretSet(org, plan.set), {
            timeoutMs: waitTimeout * 1000,
            onStatus: (st) => spinner.update(`Waiting for ${plan.set} to be ready (${st})`),
          }),
          interrupts.first.then((sig) => ({ status: 'interrupted', signal: sig, waitedMs: Date.now() - started })),
        ]);
      } finally {
        spinner.stop();
      }
    }
    const stoppedBy = signal ?? interrupts.signal;

    // 6. The report.
    const byKey = new Map(results.map((r) => [r.key, r]));
    emit({
      ok: !stoppedBy && failed.length === 0 && notSent.length === 0 && (wait === undefined || wait.status === 'ready'),
      organization: org,
      set: plan.set,
      region: plan.region,
      regionSource: plan.regionSource,
      created: !plan.exists,
      keys: plan.keys.map((k) => {
        const r = byKey.get(k.key)!;
        return {
          ...k,
          status: r.status,
          ...(r.error ? { error: r.error } : {}),
          ...(r.outcomeUnknown ? { outcomeUnknown: true } : {}),
          ...(r.httpStatus !== undefined ? { httpStatus: r.httpStatus } : {}),
        };
      }),
      written: written.length,
      failed: failed.length,
      notSent: notSent.length,
      outcomeUnknown: unknown.length,
      verifiedAfterFailure: reconciled,
      ...(reconcileError ? { verifyError: reconcileError } : {}),
      ...(stoppedBy ? { interrupted: stoppedBy } : {}),
      ...(wait ? { wait } : {}),
    });
    if (!argv.json) {
      const status = (r: { status: string; outcomeUnknown?: boolean }) =>
        r.status === 'written'
          ? c.green('written')
          : r.status === 'failed'
            ? r.outcomeUnknown
              ? c.yellow('unknown')
              : c.red('failed')
            : c.yellow('not sent');
      io.out(
        renderTable(
          ['KEY', 'ACTION', 'LENGTH', 'FINGERPRINT', 'RESULT'],
          plan.keys.map((k) => {
            const r = byKey.get(k.key)!;
            return [k.key, k.action, k.length, k.fingerprint, status(r) + (r.error ? ` (${r.error})` : '')];
          }),
        ) + '\n',
      );
    }

    const details = [
      `written (${written.length}): ${written.map((r) => r.key).join(', ') || 'none'}`,
      ...(knownFailed.length > 0 || (!stoppedBy && unknown.length === 0)
        ? [`failed (${knownFailed.length}): ${knownFailed.map((r) => r.key).join(', ') || 'none'}`]
        : []),
      ...(notSent.length > 0 ? [`not sent (${notSent.length}): ${notSent.map((r) => r.key).join(', ')}`] : []),
      ...unknownLines(unknown, existedBefore, reconcileError),
    ];
    const tooLarge = knownFailed.filter((r) => r.httpStatus === 413);
    if (tooLarge.length > 0) {
      details.push(
        `too large for the platform: ${tooLarge.map((r) => `${r.key} (${lengthOf.get(r.key)} characters)`).join(', ')}; shorten ${tooLarge.length === 1 ? 'that value' : 'those values'} (e.g. store a file's contents elsewhere)`,
      );
    }
    const firstError = failed.find((r) => r.error && r.httpStatus !== 413)?.error;
    if (firstError) details.push(`first error: ${firstError}`);

    if (stoppedBy) {
      const what =
        wait !== undefined
          ? `all ${total} keys were written to ${plan.set}; stopped waiting for the set to be ready`
          : `${written.length} of ${total} keys were written to ${plan.set} before it stopped` +
            (notSent.length > 0 ? `; ${notSent.length} were not sent` : '') +
            (knownFailed.length > 0 ? `; ${knownFailed.length} failed` : '') +
            (unknown.length > 0 ? `; ${unknown.length} may or may not have landed` : '');
      throw new InterruptedError(
        stoppedBy,
        `interrupted by ${stoppedBy}: ${what}`,
        wait !== undefined ? [] : [...details, 'run the same command again to write the rest'],
      );
    }
    const rejected = failed.filter((r) => r.httpStatus === 401);
    if (rejected.length > 0) {
      // The credentials were refused mid-way: exit 4 like any other 401 (docs/secrets.md).
      throw new CredentialsRejectedError(
        `Pipecat Cloud rejected the credentials while writing to ${plan.set}: ${written.length} of ${total} keys were written`,
        [...details, 'log in again, then run the same command again'],
      );
    }
    if (failed.length > 0 || notSent.length > 0) {
      const headline =
        unknown.length === 0
          ? `${failed.length + notSent.length} of ${total} keys were not written to ${plan.set}; ${written.length} were`
          : `${written.length} of ${total} keys were written to ${plan.set}; ${unknown.length} may or may not have been` +
            (knownFailed.length + notSent.length > 0 ? `; ${knownFailed.length + notSent.length} were not` : '');
      throw new OperationFailedError(headline, details);
    }
    if (wait?.status === 'failed') {
      throw new OperationFailedError(`secret set ${plan.set} failed to provision: ${wait.errorMessage ?? 'no error message'}`, [
        `all ${total} keys were written`,
      ]);
    }
    if (wait?.status === 'timeout') {
      throw new OperationFailedError(`secret set ${plan.set} was still pending after ${waitTimeout} s (--wait-timeout)`, [
        `all ${total} keys were written`,
      ]);
    }
    if (!argv.json) {
      const tail = wait
        ? `; the set is ready (${(wait.waitedMs / 1000).toFixed(1)} s)`
        : '; the set is provisioning (use --wait to wait until it is ready)';
      io.err(success(`${total} ${total === 1 ? 'key' : 'keys'} written to ${plan.set} (${org}, ${plan.region})${tail}`) + '\n');
    }
  } finally {
    interrupts.dispose();
  }
}

/**
 * An error's message for the report, redacted of the values in play. When some value is too large
 * to be checked whole ({@link Redactor.complete}), the platform's own words are left out of an API
 * error (only method, path, status and code remain): they might quote that value's middle.
 */
function foreignText(err: unknown, redactor: Redactor): string {
  const e = err as { name?: string; method?: string; path?: string; status?: number; code?: string };
  if (!redactor.complete && e?.name === 'ApiError') {
    return `Pipecat Cloud: ${e.method} ${e.path} failed: ${e.status} ${e.code} (the platform's message is not shown: a value in play is too large to check it for echoes)`;
  }
  return redactor.redact(err instanceof Error ? err.message : String(err));
}

/**
 * A write refused with HTTP 401 part-way: an {@link OperationFailedError} (its details say which
 * keys landed) with the not-logged-in exit code, 4, as every 401 has (`cli/errors.ts`).
 */
export class CredentialsRejectedError extends OperationFailedError {
  override readonly exitCode = ExitCode.notLoggedIn;
}

/**
 * The report lines about keys whose outcome is unknown, saying what happened: no answer came
 * back, the platform answered with a server error, or the command was interrupted; and what that
 * means: a key that existed may hold the old or the new value, a new key may or may not exist
 * (only when the follow-up read failed too; otherwise that read settled it).
 */
function unknownLines(
  unknown: readonly { key: string; httpStatus?: number; interrupted?: boolean }[],
  existedBefore: ReadonlySet<string>,
  reconcileError: string | undefined,
): string[] {
  if (unknown.length === 0) return [];
  const lines: string[] = [];
  const groups: [string, typeof unknown][] = [
    ['no answer came back (connection reset or timeout)', unknown.filter((r) => r.httpStatus === undefined && !r.interrupted)],
    ['still in flight when the command was interrupted', unknown.filter((r) => r.interrupted)],
  ];
  const statuses = [...new Set(unknown.map((r) => r.httpStatus).filter((s): s is number => s !== undefined))].sort();
  for (const st of statuses)
    groups.push([`the platform answered HTTP ${st} (a server error, after every retry)`, unknown.filter((r) => r.httpStatus === st)]);
  for (const [why, rs] of groups) {
    if (rs.length === 0) continue;
    const old = rs.filter((r) => existedBefore.has(r.key));
    const added = rs.filter((r) => !existedBefore.has(r.key));
    const parts: string[] = [];
    if (old.length > 0) parts.push(`${old.map((r) => r.key).join(', ')} may hold the old or the new value`);
    if (added.length > 0) parts.push(`${added.map((r) => r.key).join(', ')} may or may not have been written`);
    lines.push(`${why}: ${parts.join('; ')}`);
  }
  if (reconcileError) lines.push(`the follow-up read of the set failed too (${reconcileError}), so this could not be checked`);
  lines.push('run the same command again: writing a key twice is safe');
  return lines;
}
