/**
 * The TypeScript sources of a folder, for the tests that read the code itself (rooms, exports,
 * imports, sinks, the docs' claims).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every `.ts` source under `dir`, declaration files excluded, as paths joined onto `dir`
 * (absolute when `dir` is).
 *
 * @param dir the folder to walk
 * @throws Error (ENOENT) when `dir` does not exist
 */
export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}
