/**
 * The web client of a generated project: which template under `templates/client/` it comes from,
 * its `package.json` and the values its `.ejs` files are rendered with.
 *
 * The generator (see `files.ts`) copies every file of {@link ClientPlan.templateDir} to
 * `<project>/client/` except `package.json`, which it writes from {@link ClientPlan.packageJson};
 * it renders `*.ejs` files with {@link ClientPlan.context} and renames `_gitignore` and
 * `_env.example`. The project README includes `templates/project/partials/client-readme.md.ejs`
 * with the same context.
 *
 * Sources: the start request follows `pipecat.runner.run` (`POST /start` with `transport`,
 * `createDailyRoom`, `dailyRoomProperties`, `enableDefaultIceServers`, `body`; SmallWebRTC offers at
 * `/sessions/{sessionId}/api/offer`), see `shared/design/catalogue-facts.md` §3, and the Pipecat Cloud
 * public start endpoint (`https://api.pipecat.daily.co/v1/public/{agent}/start`, Bearer public key).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { findTransport } from './catalogue/catalogue.js';
import type { ClientTransportDefinition, TransportDefinition } from './catalogue/types.js';
import { agentNameFor } from './config/resolve.js';
import type { ProjectConfig } from './config/types.js';
import { templatesDir } from './paths.js';

/** What the generator needs to write `<project>/client/`. */
export interface ClientPlan {
  /** Absolute path of the template folder, under `templates/client/`. */
  templateDir: string;
  /** The template's `package.json` with `name` = project name (npm-safe), pinned versions and transport packages. */
  packageJson: Record<string, unknown>;
  /** Values for the template's `.ejs` files (and the README's client partial); see {@link ClientContext}. */
  context: Record<string, unknown>;
}

/** One transport as the client offers it (rendered into the client's config file). */
export interface ClientTransport {
  /** Canonical transport id of the catalogue (`rtc_hosted`, `rtc_small`...). */
  id: string;
  /** Label shown in the transport selector (the catalogue's label). */
  label: string;
  /** The voice UI kit's `transportType` name (the catalogue's `client.type`), e.g. `daily`, `smallwebrtc`. */
  clientType: ClientTransportDefinition['type'];
  /** The runner's transport name sent as `transport` in `POST /start`, e.g. `daily`, `webrtc`. */
  runnerTransport: TransportDefinition['runnerTransport'];
  /** npm package of the client transport. */
  packageName: string;
  /** Class the package exports. */
  className: string;
  /** `POST /start` answers with a WebSocket URL the client then opens (see {@link ClientTransportDefinition}). */
  connectsToWsUrl: boolean;
}

/** The context every client template (and the README partial) is rendered with. */
export interface ClientContext {
  projectName: string;
  /** Template folder name: `react-vite`, `react-nextjs` or `vanilla-vite`. */
  template: ClientTemplateName;
  framework: 'react' | 'vanilla';
  server: 'vite' | 'nextjs';
  /** The chosen web transports in the order given; the first is the default. */
  transports: ClientTransport[];
  /** The bot receives the user's camera: the client starts with the camera enabled. */
  videoInput: boolean;
  /** The bot sends video (explicitly or through an avatar service): the client shows it. */
  videoOutput: boolean;
  /** The development runner's start URL, `http://localhost:7860/start`. */
  localStartUrl: string;
  /** Pipecat Cloud's public start URL for this project's agent (`agentNameFor`, as in pcc-deploy.toml). */
  cloudStartUrl: string;
  /** URL of the client's development server (`npm run dev`). */
  devUrl: string;
  /** Names of the client's env variables, in the order `.env.example` documents them. */
  envVars: { startUrl: string; publicApiKey: string };
}

/** Client template folders under `templates/client/`. */
export type ClientTemplateName = 'react-vite' | 'react-nextjs' | 'vanilla-vite';

/** Where the development runner (`uv run bot.py`, pipecat.runner.run) listens by default. */
export const LOCAL_RUNNER_URL = 'http://localhost:7860';

/** Path of the file that pins every client dependency version. */
export function clientVersionsFile(): string {
  return join(templatesDir(), 'client', 'versions.json');
}

/**
 * The pinned npm versions of every client dependency (`templates/client/versions.json`).
 *
 * @throws Error when the file is missing or not `{ "packages": { name: version } }`
 */
export function clientVersions(): Record<string, string> {
  const file = clientVersionsFile();
  const data = JSON.parse(readFileSync(file, 'utf8')) as { packages?: Record<string, string> };
  if (!data.packages || typeof data.packages !== 'object') throw new Error(`${file}: missing "packages" object`);
  return data.packages;
}

/**
 * The transports of `config` a web client offers (those with a catalogue `client` entry), in the
 * order given. Telephony transports have none and are skipped.
 */
export function clientTransports(config: ProjectConfig): ClientTransport[] {
  const result: ClientTransport[] = [];
  for (const id of config.transports) {
    const def = findTransport(id);
    if (!def?.client) continue;
    const { type, packageName, className, connectsToWsUrl } = def.client;
    result.push({ id, label: def.label, clientType: type, runnerTransport: def.runnerTransport, packageName, className, connectsToWsUrl: connectsToWsUrl === true });
  }
  return result;
}

/** The template a configuration uses, or null when it gets no client. */
export function clientTemplateName(config: ProjectConfig): ClientTemplateName | null {
  if (config.bot_type !== 'web') return null;
  if (config.client_framework === 'react') return config.client_server === 'nextjs' ? 'react-nextjs' : 'react-vite';
  if (config.client_framework === 'vanilla') return 'vanilla-vite';
  return null;
}

/**
 * Plans the web client of a project.
 *
 * Returns null for telephony bots, `client_framework` `none`/null, or a web bot without a web
 * transport. React uses `client_server` (`nextjs`, else Vite); vanilla always uses Vite.
 * Every dependency of the template's `package.json` gets its exact version from
 * `templates/client/versions.json`, and the chosen transports' packages are added.
 *
 * @throws Error when a template dependency has no pinned version (a broken package), naming it
 */
export function planClient(config: ProjectConfig): ClientPlan | null {
  const template = clientTemplateName(config);
  if (!template) return null;
  const transports = clientTransports(config);
  if (transports.length === 0) return null;

  const templateDir = join(templatesDir(), 'client', template);
  const versions = clientVersions();
  const pkg = JSON.parse(readFileSync(join(templateDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const pin = (name: string): string => {
    const version = versions[name];
    if (!version) throw new Error(`${clientVersionsFile()}: no version for "${name}" (used by templates/client/${template})`);
    return version;
  };
  const deps: Record<string, string> = {};
  for (const name of Object.keys((pkg.dependencies as Record<string, string>) ?? {})) deps[name] = pin(name);
  for (const t of transports) deps[t.packageName] = pin(t.packageName);
  const devDeps: Record<string, string> = {};
  for (const name of Object.keys((pkg.devDependencies as Record<string, string>) ?? {})) devDeps[name] = pin(name);

  const packageJson: Record<string, unknown> = {
    ...pkg,
    name: npmPackageName(config.project_name),
    dependencies: sortKeys(deps),
    devDependencies: sortKeys(devDeps),
  };

  const server = template === 'react-nextjs' ? 'nextjs' : 'vite';
  const context: ClientContext = {
    projectName: config.project_name,
    template,
    framework: template === 'vanilla-vite' ? 'vanilla' : 'react',
    server,
    transports,
    videoInput: config.video_input,
    videoOutput: config.video_output || config.video_service !== null,
    localStartUrl: `${LOCAL_RUNNER_URL}/start`,
    cloudStartUrl: `https://api.pipecat.daily.co/v1/public/${agentNameFor(config.project_name)}/start`,
    devUrl: server === 'nextjs' ? 'http://localhost:3000' : 'http://localhost:5173',
    envVars:
      server === 'nextjs'
        ? { startUrl: 'BOT_START_URL', publicApiKey: 'BOT_START_PUBLIC_API_KEY' }
        : { startUrl: 'VITE_BOT_START_URL', publicApiKey: 'VITE_BOT_START_PUBLIC_API_KEY' },
  };
  return { templateDir, packageJson, context: { ...context } };
}

/**
 * The project name as an npm package name: lower case, characters npm accepts (`My Bot` → `my-bot`).
 * Project names are already safe directory names; npm additionally wants lower case.
 */
export function npmPackageName(projectName: string): string {
  const base = projectName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '');
  return base || 'pipecat-client';
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
