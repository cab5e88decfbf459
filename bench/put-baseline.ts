/**
 * Baseline of the `secrets set` benchmark: a plain Node process that sends one
 * `PUT /v1/organizations/{org}/secrets/{set}` per key, one after another (the official
 * `pipecatcloud` CLI's way), with the built-in `fetch`, and nothing else (no argument parsing,
 * no plan, no report).
 *
 * Environment: `BENCH_URL` (API base URL), `BENCH_TOKEN`, `BENCH_ORG`, `BENCH_SET` (set name),
 * `BENCH_FILE` (a dotenv file of plain `KEY=value` lines), `BENCH_REGION` (optional). Exits 1 on
 * the first non-2xx answer. Values are never printed.
 */
import { readFileSync } from 'node:fs';

const need = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

const base = need('BENCH_URL');
const token = need('BENCH_TOKEN');
const org = need('BENCH_ORG');
const set = need('BENCH_SET');
const region = process.env.BENCH_REGION;
const url = `${base}/v1/organizations/${encodeURIComponent(org)}/secrets/${encodeURIComponent(set)}`;

const pairs = readFileSync(need('BENCH_FILE'), 'utf8')
  .split('\n')
  .filter((l) => l.includes('='))
  .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const);

for (const [secretKey, secretValue] of pairs) {
  const body: Record<string, unknown> = { name: set, isImagePullSecret: false, secretKey, secretValue };
  if (region) body.region = region;
  const res = await fetch(url, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  await res.text();
  if (!res.ok) {
    process.stderr.write(`PUT ${secretKey}: HTTP ${res.status}\n`);
    process.exit(1);
  }
}
