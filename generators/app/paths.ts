/**
 * Locations inside the installed `generator-pipecat` package.
 *
 * The package root is found by walking up from this module to the first `package.json`, so the
 * same code works from `dist/` (installed, linked) and from the TypeScript sources under Jest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * Absolute path of the package root (the folder holding our `package.json`).
 *
 * @throws Error when no `package.json` is found above this module (a broken install)
 */
export function packageRoot(): string {
  return (root ??= findPackageRoot());
}

/** The walk of {@link packageRoot}: up from this module to the folder with `package.json` and `templates/`. */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'templates'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('generator-pipecat: cannot find package.json above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}

/** Absolute path of the `templates/` folder shipped with the package. */
export function templatesDir(): string {
  return join(packageRoot(), 'templates');
}

/** Name and version from our `package.json`, e.g. `{ name: 'generator-pipecat', version: '0.1.0' }`. */
export function packageInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/**
 * The web address of this version's documentation: the `docs/` folder (or one page in it) of the
 * GitHub repository package.json's `repository.url` names, at the tag `v<version>` the release
 * workflow publishes from (.github/workflows/release.yml), e.g.
 * `https://github.com/pipecat-ai/generator-pipecat/blob/v0.1.0/docs/exit-codes.md`. The same pages
 * ship in the installed package's `docs/` folder (package.json `files`).
 *
 * @param page a file in `docs/` (`exit-codes.md`); without it, the folder (`…/tree/v0.1.0/docs`)
 * @throws Error when package.json names no GitHub repository (a broken package)
 */
export function docsUrl(page?: string): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version: string;
    repository?: string | { url?: string };
  };
  const url = typeof pkg.repository === 'string' ? pkg.repository : (pkg.repository?.url ?? '');
  // npm's spellings: git+https://github.com/o/r.git, https://github.com/o/r, git@github.com:o/r.git, github:o/r
  const m = /^(?:github:|(?:git\+)?(?:https?|ssh|git):\/\/(?:git@)?github\.com\/|git@github\.com:)([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(
    url,
  );
  if (!m) throw new Error(`generator-pipecat: package.json repository.url is not a GitHub repository: ${url || '(none)'}`);
  const base = `https://github.com/${m[1]}/${m[2]}`;
  return page ? `${base}/blob/v${pkg.version}/docs/${page}` : `${base}/tree/v${pkg.version}/docs`;
}

/** Absolute path of the `python/` folder shipped with the package (the server-code reader and its data). */
export function pythonDir(): string {
  return join(packageRoot(), 'python');
}
