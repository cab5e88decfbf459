/**
 * Bundle the `pipecat` front end with esbuild (issue 14: start-up as fast as the Python tools).
 *
 * `npm run build` runs `tsc` (typecheck, and `dist/` for the Yeoman generator that `yo pipecat`
 * finds, the emulator, the scripts and benches), then this script, which writes the executable
 * `dist/cli/main.js` (the package's `bin` entries; `tsconfig.build.json` leaves `cli/main.ts` to
 * this script) and its chunks under `dist/cli/chunks/`:
 * - one ES module for the entry plus a chunk per lazily imported module (`splitting`), so
 *   `--help` and `--version` load yargs and the entry only, and `init` never loads the cloud
 *   commands (see `cli/commands/registry.ts`);
 * - dependencies are bundled (node resolves and reads one file instead of dozens), except Yeoman's
 *   packages (`yeoman-environment`, `yeoman-generator`, `@yeoman/*`), which read their own files
 *   (package.json, templates) relative to themselves and are imported from `node_modules` as usual;
 * - `generators/app/paths.ts` finds the package root by walking up from the chunk, so templates are
 *   found from the bundle as from `tsc`'s output.
 *
 * Run: `node dist/scripts/bundle.js` (after `tsc`); prints nothing unless esbuild warns.
 * @throws (exit 1) when esbuild reports an error
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { packageRoot } from '../generators/app/paths.js';

/** Packages loaded from node_modules at run time instead of being bundled. */
export const EXTERNAL_PACKAGES = ['yeoman-environment', 'yeoman-generator', '@yeoman/*'];

/**
 * Write `dist/cli/main.js` and `dist/cli/chunks/`.
 *
 * @param root the package root (default: found from this module)
 * @returns esbuild's warnings, as text lines
 */
export async function bundle(root = packageRoot()): Promise<string[]> {
  const outdir = join(root, 'dist', 'cli');
  rmSync(join(outdir, 'chunks'), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, 'cli', 'main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    // ES module builds of dependencies (jsonc-parser's `main` is a UMD build that requires its own files).
    mainFields: ['module', 'main'],
    external: EXTERNAL_PACKAGES,
    // CommonJS dependencies inside the bundle call `require` for Node's built-in modules.
    banner: { js: "import { createRequire as __pipecatCreateRequire } from 'node:module';\nconst require = __pipecatCreateRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.warnings.map((w) => `${w.location ? `${w.location.file}:${w.location.line}: ` : ''}${w.text}`);
}

const invokedDirectly = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  bundle().then(
    (warnings) => {
      for (const w of warnings) process.stderr.write(`bundle: warning: ${w}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`bundle failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
