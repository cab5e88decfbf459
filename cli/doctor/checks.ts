/**
 * The checks `pipecat doctor` runs, in the order their findings are listed: one module per group,
 * each a function of the {@link DoctorProject} read once. A new group is one more entry in
 * {@link doctorChecks}. `--cloud` is not among them: it needs the network and a session
 * (`cloud.ts`), and the command runs it when asked.
 */
import type { Finding } from './types.js';
import type { DoctorProject } from './project.js';
import { clientChecks } from './client.js';
import { codeChecks } from './code.js';
import { deprecationChecks } from './deprecations.js';
import { deployChecks } from './deploy.js';
import { envChecks } from './env.js';
import { moduleChecks } from './modules.js';

/** One group of checks. */
interface DoctorCheck {
  /** Short name of the group (`code`, `env`, `modules`, `deploy`, `client`), for docs and tests. */
  readonly name: string;
  readonly run: (project: DoctorProject) => Finding[] | Promise<Finding[]>;
}

/** Every group of checks, in the order their findings are listed. */
const doctorChecks: DoctorCheck[] = [
  { name: 'code', run: codeChecks },
  { name: 'env', run: envChecks },
  { name: 'modules', run: moduleChecks },
  { name: 'deprecations', run: deprecationChecks },
  { name: 'deploy', run: deployChecks },
  { name: 'client', run: clientChecks },
];

/**
 * Run every check of {@link doctorChecks} on a project.
 *
 * @param project the project, read once
 * @param checks the groups to run (default: all)
 * @returns the findings, group by group
 */
export async function runChecks(project: DoctorProject, checks: readonly DoctorCheck[] = doctorChecks): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const c of checks) out.push(...(await c.run(project)));
  return out;
}
