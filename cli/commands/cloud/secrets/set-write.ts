/**
 * Steps 4 and 5 of `pipecat cloud secrets set` (see `set.ts`): the writes (one `PUT` per key,
 * bounded concurrency, stopped by a signal), the re-read of the set after a failure, and the wait
 * for provisioning. Source: the official CLI's `secrets set` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); API: docs.pipecat.ai REST reference,
 * secret-create-update.
 */
import type { CloudClient } from '../../../cloud-api/client.js';
import type { StopSignal } from '../../../errors.js';
import { ApiError } from '../../../cloud-api/errors.js';
import { unrefDelay, type InterruptWatch } from '../../../interrupts.js';
import type { WritePlan } from '../../../secrets/plan.js';
import type { Redactor } from '../../../../generators/app/output/redact.js';
import { waitForSet } from '../../../secrets/wait.js';
import { reconcileWithServer, writeKeys, type KeyWriteResult } from '../../../secrets/writer.js';
import type { CloudIO } from '../common.js';
import type { SetArgs, SetInput } from './set-read.js';
import { outcomeUnknown } from '../../../cloud-api/http.js';
import { organizationNotFound } from '../known-org.js';
import { apiMessage, isApiStatus, isFatalForBatch } from './shared.js';
import { shown } from '../../../output/shown.js';

/** What the steps after the confirmation share. */
export interface SetRun {
  io: CloudIO;
  argv: SetArgs;
  client: CloudClient;
  org: string;
  plan: WritePlan;
  input: SetInput;
  /** Key names the set had before the writes (empty for a new set). */
  existedBefore: ReadonlySet<string>;
  /** SIGINT/SIGTERM/SIGHUP, watched from the first write to the report. */
  interrupts: InterruptWatch;
}

/** Outcome of {@link writeAndVerify}. */
export interface WriteOutcome {
  /** One result per key, in input order (reconciled with the re-read when it succeeded). */
  results: KeyWriteResult[];
  /** The signal that arrived during the writes, if any. */
  signal: StopSignal | undefined;
  /** True when the set was re-read after a failure and the results were settled by it. */
  reconciled: boolean;
  /** Why that re-read failed (redacted). */
  reconcileError?: string;
}

/** Outcome of {@link waitUntilReady}: the set's last status, or `interrupted` by a signal. */
export type WaitResult = { status: string; errorMessage?: string; waitedMs: number };

/**
 * An error's message for the report, redacted of the values in play. When some value is too large
 * to be checked whole ({@link Redactor.complete}), the platform's own words are left out of an API
 * error (only method, path, status and code remain): they might quote that value's middle.
 */
function foreignText(err: unknown, redactor: Redactor): string {
  if (!redactor.complete && err instanceof ApiError) {
    return `Pipecat Cloud: ${err.method} ${err.path} failed: ${err.status} ${err.code} (the platform's message is not shown: a value in play is too large to check it for echoes)`;
  }
  return redactor.redact(err instanceof Error ? err.message : String(err));
}

/**
 * How a failed key is described. The platform's message is shown once: a later key failing with
 * the same answer keeps its status and code and refers to the first key for the message. A 413
 * names the value's length.
 */
function failureDescriber(run: SetRun): (err: unknown, item: { key: string }) => string {
  const { redactor } = run.input;
  const firstWith = new Map<string, string>();
  const onceEach = (err: unknown, text: string, key: string): string => {
    const first = firstWith.get(text);
    if (first === undefined) firstWith.set(text, key);
    if (first === undefined || !(err instanceof ApiError)) return text;
    return `Pipecat Cloud: ${err.method} ${err.path} failed: ${err.status} ${err.code} (message as for ${first})`;
  };
  const lengthOf = new Map(run.plan.keys.map((k) => [k.key, k.length]));
  return (err, item) =>
    isApiStatus(err, 413)
      ? `too large: the platform refused the value of ${item.key} (${lengthOf.get(item.key)} characters) as too large${redactor.complete ? ` (${redactor.redact(apiMessage(err))})` : ''}`
      : onceEach(err, foreignText(err, redactor), item.key);
}

/**
 * After a failure, one read of the set says which keys are there (a 404: the set does not exist,
 * so none is). After an interruption the read is bounded: the user wants to stop.
 *
 * @returns whether the results were settled by the read, or why the read failed
 */
async function verifyAfterFailure(
  run: SetRun,
  results: KeyWriteResult[],
  signal: StopSignal | undefined,
): Promise<{ reconciled: boolean; reconcileError?: string }> {
  const { client, org, plan, interrupts } = run;
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
    reconcileWithServer(results, new Set(keysAfter), run.existedBefore);
    return { reconciled: true };
  } catch (err) {
    // Without the re-read, the report stays as the answers said.
    return { reconciled: false, reconcileError: foreignText(err, run.input.redactor) };
  } finally {
    read.catch(() => undefined);
  }
}

/**
 * Step 4: writes every key (the first alone when the set is new, so it is created once), then,
 * when any key did not land, re-reads the set to settle what did.
 */
export async function writeAndVerify(run: SetRun): Promise<WriteOutcome> {
  const { io, argv, client, org, plan, input, interrupts } = run;
  const total = plan.keys.length;
  const spinner = await io.startSpinner(shown`Writing 0/${total} keys to ${plan.set}`, { json: argv.json });
  const results = await writeKeys({
    items: input.secrets,
    write: async (s) => {
      await client.upsertSecret(org, plan.set, { key: s.key, value: s.value, region: plan.region });
    },
    concurrency: input.concurrency,
    firstAlone: !plan.exists,
    onProgress: (n) => spinner.update(shown`Writing ${n}/${total} keys to ${plan.set}`),
    isFatal: isFatalForBatch,
    isOutcomeUnknown: outcomeUnknown,
    statusOf: (err) => (err instanceof ApiError ? err.status : undefined),
    describe: failureDescriber(run),
    sizeOf: (item) => item.value.length,
    interrupted: interrupts.first,
    endGrace: interrupts.again,
  });
  spinner.stop();
  const signal = interrupts.signal;
  if (!results.some((r) => r.status !== 'written')) return { results, signal, reconciled: false };
  return { results, signal, ...(await verifyAfterFailure(run, results, signal)) };
}

/**
 * Step 5: with `--wait`, polls the set until it is `ready` or `failed` or `--wait-timeout` passes;
 * a signal stops the wait (status `interrupted`).
 */
export async function waitUntilReady(run: SetRun): Promise<WaitResult> {
  const { io, argv, client, org, plan, interrupts } = run;
  const spinner = await io.startSpinner(shown`Waiting for ${plan.set} to be ready`, { json: argv.json });
  const started = Date.now();
  try {
    return await Promise.race([
      waitForSet(() => client.getSecretSet(org, plan.set), {
        timeoutMs: run.input.waitTimeout * 1000,
        onStatus: (st) => spinner.update(shown`Waiting for ${plan.set} to be ready (${st})`),
      }),
      interrupts.first.then((sig) => ({ status: 'interrupted', signal: sig, waitedMs: Date.now() - started })),
    ]);
  } finally {
    spinner.stop();
  }
}
