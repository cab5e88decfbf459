/**
 * Benchmark: writing 200 secret keys against the emulator with 20 ms of latency per request, with
 * our bounded-concurrency writer (the `secrets set` path: `writeKeys` + `CloudClient.upsertSecret`)
 * and one request at a time (the official CLI's way), in the same run.
 *
 * Run: `npm run build && npm run bench` (`node dist/bench/secrets-set.js`). Options (env):
 * `BENCH_KEYS` (default 200), `BENCH_LATENCY_MS` (20), `BENCH_CONCURRENCY` (8).
 * Prints both times and their ratio. Values are random and never printed.
 */
import { randomBytes } from 'node:crypto';
import { startEmulator } from '../cli/emulator/server.js';
import { CloudClient } from '../cli/cloud-api/client.js';
import { writeKeys } from '../cli/secrets/writer.js';

const keys = Number(process.env.BENCH_KEYS ?? 200);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** Writes every key to a new set with the given concurrency; returns elapsed ms. */
async function timeWrite(client: CloudClient, org: string, set: string, n: number): Promise<number> {
  const items = Array.from({ length: keys }, (_, i) => ({ key: `KEY_${i}`, value: randomBytes(24).toString('base64url') }));
  const started = performance.now();
  const results = await writeKeys({
    items,
    concurrency: n,
    firstAlone: true,
    write: async (s) => {
      await client.upsertSecret(org, set, s.key, s.value, { region: 'us-west' });
    },
  });
  const elapsed = performance.now() - started;
  const failed = results.filter((r) => r.status !== 'written').length;
  if (failed > 0) throw new Error(`${failed} keys failed in the ${n === 1 ? 'sequential' : 'concurrent'} run`);
  return elapsed;
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, latencyMs });
  try {
    const client = new CloudClient({ token: emulator.token, baseUrl: emulator.url });
    await client.regions(emulator.org); // warm up (lazy imports, connection)
    const sequential = await timeWrite(client, emulator.org, 'bench-sequential', 1);
    const concurrent = await timeWrite(client, emulator.org, 'bench-concurrent', concurrency);
    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    process.stdout.write(
      [
        `secrets set benchmark: ${keys} keys, emulator latency ${latencyMs} ms per request`,
        `  one request at a time:         ${fmt(sequential)}`,
        `  bounded concurrency (${String(concurrency).padStart(2)}):      ${fmt(concurrent)}`,
        `  speed-up: ${(sequential / concurrent).toFixed(1)}x`,
        '',
      ].join('\n'),
    );
  } finally {
    await emulator.close();
  }
}

main().catch((err) => {
  process.stderr.write(`benchmark failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
