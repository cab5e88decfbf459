/**
 * The one place that says where pipecat's source and the other resources from outside the
 * repository are found. Tests (through `test/helpers/shared.ts`, which re-exports these and adds the
 * skip lines) and build scripts (`scripts/pipecat-data.ts`) ask here, and nothing else in the
 * repository names a path outside it (test/no-outside-references.test.ts holds that rule).
 *
 * The pipecat source meant is pipecat-ai/pipecat at the 1.8.0 release commit acead05 (its `src/`, the
 * `pyproject.toml` and `changelog/` beside it); the API index and the static checker are built from
 * that tree.
 *
 * Each resource is found from an environment variable, else a default path beside the repository
 * (a variable set to the empty string counts as unset):
 *
 * | variable | default | what |
 * |---|---|---|
 * | `PIPECAT_SHARED` | `<repo>/../shared` | the shared folder; default base of the three below |
 * | `PIPECAT_CHECK_SERVER` | `$PIPECAT_SHARED/tools/check_server.py` | static checker of generated servers |
 * | `PIPECAT_INDEX` | `$PIPECAT_SHARED/pipecat-api/index.json` | pipecat-ai API index |
 * | `PIPECAT_SRC` | `$PIPECAT_SHARED/pipecat-ai-1.8.0-dev/src` | pipecat-ai's source `src` folder (holds `pipecat/`); its parent holds `pyproject.toml` and `scripts/deprecations/` |
 * | `PIPECAT_REPO` | none | a git repository of pipecat-ai/pipecat (checkout or bare, `examples/` at `HEAD`) |
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: found from this file, under `scripts/` in the sources and `dist/scripts/` when built. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The variable's value as an absolute path, or undefined when unset or empty. */
function fromEnv(name: string): string | undefined {
  const v = process.env[name];
  return v ? resolve(v) : undefined;
}

/** Where the shared folder is looked for: `$PIPECAT_SHARED`, else `<repo>/../shared` (may not exist). */
export function sharedCandidate(): string {
  return fromEnv('PIPECAT_SHARED') ?? resolve(repoRoot(), '..', 'shared');
}

/** Where the static checker is looked for: `$PIPECAT_CHECK_SERVER`, else `$PIPECAT_SHARED/tools/check_server.py`. */
export function checkServerCandidate(): string {
  return fromEnv('PIPECAT_CHECK_SERVER') ?? join(sharedCandidate(), 'tools', 'check_server.py');
}

/** Where the pipecat API index is looked for: `$PIPECAT_INDEX`, else `$PIPECAT_SHARED/pipecat-api/index.json`. */
export function apiIndexCandidate(): string {
  return fromEnv('PIPECAT_INDEX') ?? join(sharedCandidate(), 'pipecat-api', 'index.json');
}

/** Where pipecat's `src` folder is looked for: `$PIPECAT_SRC`, else `$PIPECAT_SHARED/pipecat-ai-1.8.0-dev/src`. */
export function pipecatSrcCandidate(): string {
  return fromEnv('PIPECAT_SRC') ?? join(sharedCandidate(), 'pipecat-ai-1.8.0-dev', 'src');
}

/** Where a git repository of pipecat-ai/pipecat is looked for: `$PIPECAT_REPO` (no default: the shared folder holds only pipecat's `src`). */
export function pipecatRepoCandidate(): string | undefined {
  return fromEnv('PIPECAT_REPO');
}
