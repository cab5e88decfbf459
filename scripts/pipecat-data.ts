/**
 * Build `python/pipecat-data.json`, the facts about pipecat-ai the server-code reader ships
 * (`generators/app/code/types.ts` `PipecatData`): `npm run data:pipecat` (after `npm run build`).
 *
 * pipecat's source is found by the one rule tests use (`scripts/shared-paths.ts`: `$PIPECAT_SRC`,
 * else `$PIPECAT_SHARED/pipecat-ai-1.8.0-dev/src`); its parent folder holds `pyproject.toml`,
 * `scripts/deprecations/deprecations.json` and `ABOUT.md`, whose first line names the version and
 * commit (`# pipecat-ai 1.8.0-dev (git HEAD acead0507, …)`). `scripts/pipecat-data.py` (run with
 * `python3`, 3.11+ for `tomllib`) reads them with `ast`; this adds the version and writes the file,
 * one top-level key per line. `--check`: exit 1 when the file differs from what the source gives.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipecatSrcCandidate, repoRoot } from './shared-paths.js';

/** The data file, relative to the repository root. */
const DATA_FILE = 'python/pipecat-data.json';

/** Version and short (7-character) commit from the first line of pipecat's `ABOUT.md`. */
function versionOf(pipecatRoot: string): { version: string; commit: string } {
  const about = join(pipecatRoot, 'ABOUT.md');
  const m = existsSync(about) ? /^# pipecat-ai (\S+) \(git HEAD ([0-9a-f]{7,})/.exec(readFileSync(about, 'utf8')) : null;
  if (!m) throw new Error(`${about}: no "# pipecat-ai VERSION (git HEAD COMMIT" line to take the version from`);
  return { version: m[1], commit: m[2].slice(0, 7) };
}

/**
 * The data file's text for the pipecat source at `pipecatRoot`.
 *
 * @throws Error when the source or python3 is missing, or the helper fails
 */
function buildPipecatData(pipecatRoot: string): string {
  const helper = join(repoRoot(), 'scripts', 'pipecat-data.py');
  const facts = JSON.parse(execFileSync('python3', [helper, pipecatRoot], { encoding: 'utf8', maxBuffer: 64 << 20 })) as Record<
    string,
    unknown
  >;
  const data: Record<string, unknown> = { pipecat: versionOf(pipecatRoot), ...facts };
  return `{\n${Object.entries(data)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(',\n')}\n}\n`;
}

function main(): void {
  const src = pipecatSrcCandidate();
  if (!existsSync(join(src, 'pipecat', '__init__.py'))) {
    process.stderr.write(
      `pipecat source not found at ${src} (set PIPECAT_SRC to pipecat-ai's src folder, or PIPECAT_SHARED to the shared folder)\n`,
    );
    process.exit(2);
  }
  const text = buildPipecatData(dirname(src));
  const file = join(repoRoot(), DATA_FILE);
  if (process.argv.includes('--check')) {
    const same = existsSync(file) && readFileSync(file, 'utf8') === text;
    process.stderr.write(same ? `${DATA_FILE} is up to date\n` : `${DATA_FILE} is stale: run npm run data:pipecat\n`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(file, text);
  process.stderr.write(`wrote ${DATA_FILE} (${Math.round(text.length / 1024)} KB)\n`);
}

main();
