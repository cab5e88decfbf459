/**
 * A project folder, a folder outside it (and a link to it from inside), the emulator in this
 * process, and the two reads the build-context tests make: `pipecat cloud deploy` through the
 * binary, and the tarball the emulator received. Used by `test/cloud/deploy-context.test.ts` and
 * `test/e2e/deploy-context.test.ts`.
 */
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'tar';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir, type CliResult } from './helpers.js';

/** The folders and the emulator of one test file. */
export interface ContextWorld {
  /** Real path of the temporary root; `proj` (Dockerfile, bot.py, `link` to `outside`) and `outside` (Dockerfile, app.py, private.key) in it. */
  root: string;
  proj: string;
  outside: string;
  emu: RunningEmulator;
  /** `pipecat cloud deploy --yes --no-preflight …args` in `cwd`, its pcc-deploy.toml holding `toml` after the agent name. */
  deploy(cwd: string, toml: string, args: string[]): Promise<CliResult>;
  /** How many uploads the emulator received, and the entry names of the last one. */
  uploads(): Promise<{ count: number; names: string[] }>;
  close(): Promise<void>;
}

/** Sets up a {@link ContextWorld}. */
export async function contextWorld(): Promise<ContextWorld> {
  const root = await realpath(await tempDir('pipecat-deploy-ctx-'));
  const proj = join(root, 'proj');
  const outside = join(root, 'outside');
  await mkdir(proj);
  await mkdir(outside);
  await writeFile(join(proj, 'Dockerfile'), 'FROM x\n');
  await writeFile(join(proj, 'bot.py'), 'print(1)\n');
  await writeFile(join(outside, 'Dockerfile'), 'FROM y\n');
  await writeFile(join(outside, 'app.py'), 'print(2)\n');
  await writeFile(join(outside, 'private.key'), 'left out by the default exclusions\n');
  await symlink(outside, join(proj, 'link'));
  const emu = await startEmulator({ org: 'acme', buildMs: 20, deployMs: 0 });
  const env = cleanEnv(join(root, 'home'), {
    PIPECAT_API_HOST: emu.url,
    PIPECAT_TOKEN: emu.token,
    PIPECAT_ORG: 'acme',
    PIPECAT_POLL_MS: '20',
  });
  return {
    root,
    proj,
    outside,
    emu,
    async deploy(cwd, toml, args) {
      await writeFile(join(cwd, 'pcc-deploy.toml'), `agent_name = "ctx-bot"\n${toml}`);
      return runCli(['cloud', 'deploy', '--yes', '--no-preflight', ...args], { env, cwd, timeoutMs: 30_000 });
    },
    async uploads() {
      const ids = ((await (await fetch(`${emu.url}/_emulator/uploads`)).json()) as { uploads: string[] }).uploads;
      if (!ids.length) return { count: 0, names: [] };
      const tarball = Buffer.from(await (await fetch(`${emu.url}/_emulator/uploads/${ids.at(-1)}`)).arrayBuffer());
      const names: string[] = [];
      const p = new Parser({ strict: true, onReadEntry: (e) => (names.push(e.path), e.resume()) });
      const done = new Promise((r, j) => (p.on('end', r), p.on('error', j)));
      p.end(tarball);
      await done;
      return { count: ids.length, names };
    },
    async close() {
      await emu.close();
      await cleanup(root);
    },
  };
}
