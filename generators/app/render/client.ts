/**
 * The client of a generated project (a kind of `CLIENT_KINDS`): which template under `templates/client/` it comes from,
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
 * `/sessions/{sessionId}/api/offer`; pipecat-ai/pipecat 1.8.0, commit acead05:
 * `src/pipecat/runner/run.py`), and the Pipecat Cloud
 * public start endpoint (`https://api.pipecat.daily.co/v1/public/{agent}/start`, Bearer public key).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { TRANSPORTS } from '../catalogue/catalogue.js';
import { CLIENT_KINDS, findClientKind, type ClientKind } from '../catalogue/client-kinds.js';
import type { TransportDefinition } from '../catalogue/types.js';
import { agentNameFor } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { templatesDir } from '../paths.js';
import { splitClientTransports, type ClientTransport, type ServedByBot } from './client-transports.js';
import { semver } from './semver.js';

/** What the generator needs to write `<project>/client/`. */
export interface ClientPlan {
  /** Absolute path of the template folder, under `templates/client/`. */
  templateDir: string;
  /** The template's `package.json` with `name` = project name (npm-safe), pinned versions and transport packages. */
  packageJson: Record<string, unknown>;
  /** Values for the template's `.ejs` files (and the README's client partial); see {@link ClientContext}. */
  context: Record<string, unknown>;
}

/** The catalogue a client is planned from: the transports, and pins beside `templates/client/versions.json` (which they win over). */
export interface ClientCatalogue {
  readonly transports: readonly TransportDefinition[];
  readonly pins?: Readonly<Record<string, string>>;
}

/** The context every client template (and the README partial) is rendered with. */
interface ClientContext {
  projectName: string;
  /** Template folder name, e.g. `react-vite` (see `CLIENT_KINDS`). */
  template: ClientTemplateName;
  /** The kind's `--client-framework` value, e.g. `react`. */
  framework: string;
  /** The kind's bundler/dev server, e.g. `vite`. */
  server: string;
  /** The kind's short name, e.g. `React + Vite`. */
  label: string;
  /** Where the client runs: `web` (a browser) or `mobile` (an iOS/Android app). */
  platform: 'web' | 'mobile';
  /** README partial documenting the client, relative to `templates/project/`. */
  readme: string;
  /** The chosen web transports the client supports, in the order given; the first is the default. */
  transports: ClientTransport[];
  /** The chosen web transports the bot serves without this client (no package of this kind for them). */
  servedByBot: ServedByBot[];
  /** The Pipecat client SDK packages (`@pipecat-ai/*`) of its template's `package.json`, transports aside, in its order. */
  sdkPackages: string[];
  /** The bot receives the user's camera: the client starts with the camera enabled. */
  videoInput: boolean;
  /** The bot sends video (explicitly or through an avatar service): the client shows it. */
  videoOutput: boolean;
  /** The development runner's start URL, `http://localhost:7860/start`. */
  localStartUrl: string;
  /** Pipecat Cloud's public start URL for this project's agent (`agentNameFor`, as in pcc-deploy.toml). */
  cloudStartUrl: string;
  /** URL of the client's development server (`npm run dev`), or null (a mobile app). */
  devUrl: string | null;
  /** Names of the client's env variables, in the order `.env.example` documents them. */
  envVars: { startUrl: string; publicApiKey: string };
  /** Identity of a mobile app (`app.json`); see {@link mobileAppIdentity}. */
  app: { slug: string; id: string };
  /** Every dependency of the client's `package.json` (runtime and dev) with its pinned version. */
  versions: Record<string, string>;
  /** The Node.js the client needs (its `package.json` `engines.node`), or null when its template states none. */
  node: ClientNodeRequirement | null;
}

/** The Node.js versions a client installs and runs on without engine warnings. */
interface ClientNodeRequirement {
  /** The npm range written as the client's `engines.node`, e.g. `^22.14.0 || >=24`. */
  range: string;
  /** The lowest version in `range` as people write it, without a zero patch: `22.14` (from `22.14.0`). */
  floor: string;
}

/**
 * The identity of a mobile app made from the project name: the Expo `slug` (the agent name's
 * form: lower-case letters, digits, hyphens) and the reverse-DNS id used as iOS bundle identifier
 * and Android package (`com.example.<letters and digits>`, a placeholder domain to replace before
 * publishing; a segment may not start with a digit, so such names get an `app` prefix).
 *
 * @param projectName a valid project name
 */
function mobileAppIdentity(projectName: string): { slug: string; id: string } {
  const compact = projectName.toLowerCase().replace(/[^a-z0-9]/g, '') || 'pipecatbot';
  return { slug: agentNameFor(projectName), id: `com.example.${/^[0-9]/.test(compact) ? `app${compact}` : compact}` };
}

/** Client template folders under `templates/client/` (the `template` of a `CLIENT_KINDS` entry). */
type ClientTemplateName = string;

/** Where the development runner (`uv run bot.py`, pipecat.runner.run) listens by default. */
const LOCAL_RUNNER_URL = 'http://localhost:7860';

/** Path of the file that pins every client dependency version. */
function clientVersionsFile(): string {
  return join(templatesDir(), 'client', 'versions.json');
}

/**
 * The pinned npm versions of the client dependencies (`templates/client/versions.json`): the shared
 * `packages`, and for a template also its own `templates.<name>` pins, which win (a React Native
 * app needs the React its renderer was built with, and packages no web client uses).
 *
 * @param template a template folder name; omitted: the shared pins only
 * @throws Error when the file is missing or not `{ "packages": { name: version }, "templates"?: { name: { name: version } } }`
 */
export function clientVersions(template?: string): Record<string, string> {
  const file = clientVersionsFile();
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    packages?: Record<string, string>;
    templates?: Record<string, Record<string, string>>;
  };
  if (!data.packages || typeof data.packages !== 'object') throw new Error(`${file}: missing "packages" object`);
  const own = template ? data.templates?.[template] : undefined;
  if (own !== undefined && (own === null || typeof own !== 'object'))
    throw new Error(`${file}: "templates.${template}" must be an object of versions`);
  const merged: Record<string, string> = { ...data.packages, ...own };
  delete merged.$comment;
  return merged;
}

/**
 * The Node.js requirement of the web clients: `engines.node` of `templates/client/versions.json`
 * (the intersection of every `engines.node` in the clients' installed dependency tree; the slow test
 * `test/e2e/client-engines.test.ts` recomputes it) and its lowest version, from `semver.minVersion`.
 *
 * @throws Error when the file has no `engines.node`, or it is not a range npm understands or has no lowest version
 */
function clientNodeRequirement(): ClientNodeRequirement {
  const file = clientVersionsFile();
  const data = JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: unknown } };
  const range = data.engines?.node;
  if (typeof range !== 'string' || semver.validRange(range) === null)
    throw new Error(`${file}: "engines.node" must be an npm version range, e.g. ">=22.14.0"`);
  const min = semver.minVersion(range);
  if (!min) throw new Error(`${file}: "engines.node" (${range}) has no lowest version`);
  return { range, floor: `${min.major}.${min.minor}${min.patch ? `.${min.patch}` : ''}` };
}

/** The client kind a configuration gets (`CLIENT_KINDS`), or undefined: telephony bots and `none` get none. */
function clientKind(config: Pick<ProjectConfig, 'bot_type' | 'client_framework' | 'client_server'>): ClientKind | undefined {
  if (config.bot_type !== 'web') return undefined;
  return findClientKind(config.client_framework, config.client_server);
}

/**
 * Plans the client of a project.
 *
 * Returns null for telephony bots, `client_framework` `none`/null, or a web bot without a
 * transport its client supports. The kind comes from `CLIENT_KINDS` (`client_server`, else the
 * framework's default). Every dependency of the template's `package.json` gets its exact version from
 * `templates/client/versions.json`, and the chosen transports' packages are added; a template whose
 * `engines.node` is `"*"` gets {@link clientNodeRequirement}'s range there.
 *
 * @param config a resolved configuration
 * @param kind the client kind (default: the configuration's own)
 * @param catalogue the transport catalogue and pins (default: `TRANSPORTS`, `versions.json`; tests pass a copy with more entries)
 * @throws Error when the kind's template folder or README partial is missing ({@link clientKindProblems}),
 *   when a template dependency has no pinned version (a broken package), naming it, or when the
 *   template asks for `engines.node` and the versions file has no valid one
 */
export function planClient(
  config: ProjectConfig,
  kind: ClientKind | undefined = clientKind(config),
  catalogue: ClientCatalogue = { transports: TRANSPORTS },
): ClientPlan | null {
  if (!kind) return null;
  const template = kind.template;
  const { offered: transports, servedByBot } = splitClientTransports(config, kind, catalogue.transports);
  if (transports.length === 0) return null;

  const templateDir = join(templatesDir(), 'client', template);
  const missing = clientKindProblems([kind]);
  if (missing.length) throw new Error(missing.join('; '));
  const versions = { ...clientVersions(template), ...catalogue.pins };
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
  // A template that lists `"engines": {"node": "*"}` gets the clients' real Node.js requirement.
  const engines = pkg.engines as Record<string, string> | undefined;
  const node = engines?.node === '*' ? clientNodeRequirement() : null;

  const packageJson: Record<string, unknown> = {
    ...pkg,
    ...(node ? { engines: { ...engines, node: node.range } } : {}),
    name: npmPackageName(config.project_name),
    dependencies: sortKeys(deps),
    devDependencies: sortKeys(devDeps),
  };

  const context: ClientContext = {
    projectName: config.project_name,
    template,
    framework: kind.framework,
    server: kind.server,
    label: kind.label,
    platform: kind.platform,
    readme: kind.readme,
    transports,
    servedByBot,
    sdkPackages: Object.keys(deps).filter((n) => n.startsWith('@pipecat-ai/') && !transports.some((t) => t.packageName === n)),
    videoInput: config.video_input,
    videoOutput: config.video_output || config.video_service !== null,
    localStartUrl: `${LOCAL_RUNNER_URL}/start`,
    cloudStartUrl: `https://api.pipecat.daily.co/v1/public/${agentNameFor(config.project_name)}/start`,
    devUrl: kind.devUrl,
    envVars: { ...kind.envVars },
    app: mobileAppIdentity(config.project_name),
    versions: { ...deps, ...devDeps },
    node,
  };
  return { templateDir, packageJson, context: { ...context } };
}

/**
 * What a client kind lacks to be generated: its template folder `templates/client/<template>/`
 * with a `package.json`, and its README partial under `templates/project/`. A kind is open data
 * (`CLIENT_KINDS`), so nothing but this check ties an entry to its folder: test/client-kinds.test.ts
 * runs it over every kind, and {@link planClient} refuses a kind it finds problems with.
 *
 * @param kinds the kinds to check (default: every kind)
 * @returns one sentence per problem, naming the kind, the missing path and the fix; empty when complete
 */
export function clientKindProblems(kinds: readonly ClientKind[] = CLIENT_KINDS): string[] {
  const root = templatesDir();
  return kinds.flatMap((k) => {
    const who = `client kind ${k.label} (--client-framework ${k.framework}, server ${k.server})`;
    const folder = join('templates', 'client', k.template);
    if (!existsSync(join(root, 'client', k.template, 'package.json')))
      return [`${who} has no template folder ${folder}/ with a package.json: add the app there, or remove the kind from CLIENT_KINDS`];
    if (!existsSync(join(root, 'project', k.readme)))
      return [`${who} names README partial templates/project/${k.readme}, which does not exist`];
    return [];
  });
}

/**
 * The project name as an npm package name: lower case, characters npm accepts (`My Bot` → `my-bot`).
 * Project names are already safe directory names; npm additionally wants lower case.
 */
function npmPackageName(projectName: string): string {
  const base = projectName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '');
  return base || 'pipecat-client';
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
