/**
 * The official `pipecat cloud` commands (pipecat's Python CLI, `pipecatcloud`), as the CLI
 * reference on docs.pipecat.ai lists them (`api-reference/cli/cloud/*.mdx` in pipecat-ai/docs:
 * auth, secrets, deploy, agent, organizations, regions, build, docker; the pages `spend-limit`,
 * `github` (with `agent link`) and `project`, the last as "Projects and Environments" names its
 * commands), and the ones this tool leaves to that CLI. `docs/cloud-commands.md` is generated from this
 * list and the definitions (`npm run docs`); `test/cloud/official-commands.test.ts` checks that
 * every definition's `official` name is listed here.
 */
import type { Argv } from 'yargs';
import { UserError } from '../../errors.js';
import type { CloudModuleRow } from './define.js';

/** Every official command, as typed after `pipecat cloud`. */
export const OFFICIAL_COMMANDS: readonly string[] = [
  'auth login',
  'auth logout',
  'auth use-pat',
  'auth whoami',
  'secrets list',
  'secrets set',
  'secrets unset',
  'secrets delete',
  'secrets image-pull-secret',
  'deploy',
  'agent start',
  'agent stop',
  'agent status',
  'agent deployments',
  'agent logs',
  'agent list',
  'agent sessions',
  'agent delete',
  'agent link',
  'organizations list',
  'organizations select',
  'organizations keys list',
  'organizations keys create',
  'organizations keys delete',
  'organizations keys revoke',
  'organizations keys use',
  'organizations properties list',
  'organizations properties schema',
  'organizations properties set',
  'organizations default-region',
  'regions list',
  'build list',
  'build status',
  'build logs',
  'docker build-push',
  'spend-limit show',
  'spend-limit set',
  'spend-limit clear',
  'github connect',
  'github status',
  'github disconnect',
  'project status',
  'project logs',
  'project env list',
  'project env promote',
];

/**
 * Official commands (or whole groups) this tool leaves to pipecat's own CLI: organization
 * properties, GitHub (with `agent link`, which builds an agent from a linked repository), spend
 * limits, `docker build-push` and `project`. A group's word alone (`github`) covers everything
 * under it.
 */
export const OFFICIAL_ONLY: readonly string[] = ['organizations properties', 'agent link', 'github', 'spend-limit', 'docker', 'project'];

/**
 * What typing an official-only command into ours says: that it belongs to pipecat's own CLI, and
 * the command line to run there.
 *
 * @param words the command's words after `pipecat cloud`, e.g. `github connect`
 */
function officialOnlyMessage(words: string): string {
  return `\`pipecat cloud ${words}\` is a command of pipecat's own CLI: \`uv run pipecat cloud ${words}\` (in a project with pipecat-ai-cli)`;
}

/**
 * A hidden command for an official command (or group) we leave to pipecat's own CLI: whatever
 * follows it, it exits 2 with {@link officialOnlyMessage}. Placed in the group its words start
 * with (`organizations properties` in the organizations group; `github` in `cloud`).
 *
 * @param words the official words after `pipecat cloud`, one of {@link OFFICIAL_ONLY}
 */
export function officialOnlyRow(words: string): CloudModuleRow {
  const last = words.split(' ').pop()!;
  return {
    command: `${last} [rest..]`,
    describe: `${words}: a command of pipecat's own CLI`,
    official: null,
    hidden: true,
    module: () => ({
      command: `${last} [rest..]`,
      describe: false,
      builder: (y: Argv) => y.strict(false).help(false),
      handler: (argv) => {
        const rest = ((argv.rest as unknown[] | undefined) ?? []).map(String);
        throw new UserError(officialOnlyMessage([words, ...rest].join(' ')));
      },
    }),
  };
}
