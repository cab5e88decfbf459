/**
 * The next steps printed after a project is written, by `pipecat init` (every path) and by
 * `yo pipecat`, so both say the same.
 *
 * The block can be pasted in order: the first part runs in the project's `server/` folder (where
 * the deploy commands then run too); the client part says it starts in another terminal, from the
 * folder the user ran the command in.
 */
import { relative } from 'node:path';
import { findTransport } from '../catalogue/catalogue.js';
import { clientKindByTemplate } from '../catalogue/client-kinds.js';
import { installLine } from '../catalogue/install-commands.js';
import { deriveValues } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { visibleField } from '../output/terminal-safe.js';

/**
 * The next-steps text.
 *
 * @param config the resolved configuration
 * @param target absolute project folder
 * @param cwd the folder the command ran in (paths are shown relative to it when below it)
 * @param tool how to run this tool again, as it was started (`./self-command.ts`): the cloud steps
 *   use it, where the generated README writes `npx generator-pipecat`
 * @param installed project folders whose dependencies the install offer installed (`server`,
 *   `client`; `../wizard/install.ts`): their install commands are left out
 * @returns lines ending with a newline
 */
export function nextSteps(
  config: ProjectConfig,
  target: string,
  cwd: string = process.cwd(),
  tool = 'npx generator-pipecat',
  installed: readonly string[] = [],
): string {
  const fromCwd = relative(cwd, target);
  // A folder the user named: put into the lines with every control made visible.
  const rel = visibleField(fromCwd === '' ? '.' : fromCwd.startsWith('..') ? target : fromCwd);
  const d = deriveValues(config);
  const lines = [
    `Created ${visibleField(config.project_name)} in ${rel === '.' ? 'the current directory' : rel}`,
    '',
    'Next steps:',
    `  cd ${rel === '.' ? 'server' : `${rel}/server`}`,
    '  cp .env.example .env      # fill in your API keys',
    ...(installed.includes('server') ? [] : [`  ${installLine('server')}`]),
    '  uv run bot.py             # http://localhost:7860',
  ];
  // Daily PSTN dial-out and Twilio + Daily SIP calls start at the call server (README section 2).
  if (config.transports.some((id) => findTransport(id)?.flow === 'daily-server'))
    lines.push('  uv run server.py          # in another terminal, also in server/: the call server (port 8080)');
  if (config.deploy_to_cloud) {
    lines.push(
      '',
      'Then, to deploy to Pipecat Cloud (still in server/; see README.md):',
      `  ${tool} cloud auth login`,
      `  ${tool} cloud secrets set ${d.secret_set} --file .env --skip`,
      `  uv lock && ${tool} cloud deploy --yes`,
    );
  }
  const kind = d.client ? clientKindByTemplate(d.client) : undefined;
  if (kind) {
    lines.push(
      '',
      `The ${kind.label} client, in another terminal from here:`,
      `  cd ${rel === '.' ? 'client' : `${rel}/client`}`,
      `  ${installed.includes('client') ? '' : `${installLine('client')} && `}${kind.runCommand}${kind.devUrl ? `   # ${kind.devUrl}` : ''}`,
    );
  }
  lines.push('', `See ${rel === '.' ? 'README.md' : `${rel}/README.md`} for each transport and for deploying.`);
  return lines.join('\n') + '\n';
}
