/**
 * Values that follow from a resolved configuration: the Pipecat Cloud agent and secret-set names,
 * the client template and the transports' runner names (`--dry-run`'s `derived`, the templates).
 */
import { findTransport } from '../catalogue/catalogue.js';
import { findClientKind } from '../catalogue/client-kinds.js';
import type { ProjectConfig } from './options.js';

/** Values derived from a configuration, reported by `--dry-run` under `derived`. */
export interface DerivedValues {
  /** Pipecat Cloud agent name (lower-case form of the project name). */
  agent_name: string;
  /** Pipecat Cloud secret set the deployment reads: `<agent_name>-secrets`. */
  secret_set: string;
  /** Client template generated under `client/`, e.g. `react-vite`, or null. */
  client: string | null;
  /** Transports with their labels and dev-runner `-t` value. */
  transports: { id: string; label: string; runner_transport: string }[];
}

/**
 * Agent name for Pipecat Cloud: lower-case letters, digits and hyphens (the platform's set-name
 * rule), derived from the project name.
 *
 * @param projectName a valid project name
 */
export function agentNameFor(projectName: string): string {
  const slug = projectName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug.length >= 3 ? slug : `${slug || 'bot'}-bot`;
}

/**
 * Values that follow from the configuration (for `--dry-run` and the templates).
 *
 * @param config a resolved configuration
 */
export function deriveValues(config: ProjectConfig): DerivedValues {
  const agent = agentNameFor(config.project_name);
  const client = config.bot_type === 'web' ? (findClientKind(config.client_framework, config.client_server)?.template ?? null) : null;
  return {
    agent_name: agent,
    secret_set: `${agent}-secrets`,
    client,
    transports: config.transports.map((id) => {
      const t = findTransport(id)!;
      return { id, label: t.label, runner_transport: t.runnerTransport };
    }),
  };
}
