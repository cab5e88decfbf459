/**
 * The client kinds `pipecat init` can generate under `client/`, as data: one entry per template
 * folder of `templates/client/`. Everything that lists clients reads this table: the
 * `--client-framework`/`--client-server` values and their help text, the cross-field rules, the
 * wizard's "Bot type and client" choices and summary, the client plan (`client.ts`), the project
 * README, the printed next steps and the generated docs.
 *
 * A client offers the bot's web transports through Pipecat's client SDKs: `@pipecat-ai/client-js`
 * plus one transport package per runner transport (`pipecat.runner.run` names them `daily` and
 * `webrtc`; pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/runner/run.py`). A kind lists the runner transports it can connect over and the
 * package/class it uses for each.
 *
 * It imports only the transport catalogue (data), so the schema, the options table and the types
 * can read it.
 */
import { TRANSPORTS } from './transports.js';
import type { ClientTransportDefinition, TransportDefinition } from './types.js';

/**
 * A runner transport name (`pipecat.runner.run`'s `-t` value) a client can connect over, e.g. `daily`,
 * `webrtc`, `websocket`: open data, the transport catalogue's `runnerTransport` of a web entry.
 */
export type ClientRunnerTransport = string;

/** The client SDK of one runner transport. */
export interface ClientTransportSdk {
  /** The voice UI kit's `transportType` name, e.g. `daily`, `smallwebrtc`, `websocket`. */
  readonly clientType: ClientTransportDefinition['type'];
  /** npm package of the client transport. */
  readonly packageName: string;
  /** Class the package exports. */
  readonly className: string;
  /** `POST /start` answers with a WebSocket URL the client then opens (see the catalogue field). */
  readonly connectsToWsUrl?: boolean;
}

/**
 * The browser SDK of a transport: its catalogue entry's `client` (the browser package that serves it),
 * or undefined for a telephony transport or a web transport the bot alone serves.
 *
 * @param t a transport catalogue entry
 */
function browserSdk(t: TransportDefinition): ClientTransportSdk | undefined {
  if (t.kind !== 'web' || !t.client) return undefined;
  const { type, packageName, className, connectsToWsUrl } = t.client;
  return { clientType: type, packageName, className, ...(connectsToWsUrl ? { connectsToWsUrl: true } : {}) };
}

/** One client the generator can write under `client/`. */
export interface ClientKind {
  /** Template folder under `templates/client/`; also `derived.client` in `--dry-run` output. */
  readonly template: string;
  /** `--client-framework` value (config key `client_framework`). */
  readonly framework: string;
  /** The bundler/dev server; a `--client-server` value when the framework has several kinds. */
  readonly server: string;
  /** The kind a framework gets when `--client-server` is not given (one per framework). */
  readonly frameworkDefault: boolean;
  /** Short name, e.g. `React + Vite`. */
  readonly label: string;
  /** Where it runs: a browser, or a phone (iOS/Android app). */
  readonly platform: 'web' | 'mobile';
  /**
   * The runner transports it connects over, with the client SDK of each, in preference order; or
   * `browser`: every web transport with a browser package (the catalogue entry's `client`, see
   * {@link browserSdk}), so a new web transport needs no edit here.
   */
  readonly transports: 'browser' | Readonly<Partial<Record<ClientRunnerTransport, ClientTransportSdk>>>;
  /** The wizard's "Bot type and client" choice for it. */
  readonly wizard: { readonly value: string; readonly title: string; readonly description: string };
  /** What the client is, one line for docs/clients.md. */
  readonly summary: string;
  /** README partial (under `templates/project/`) that documents the client. */
  readonly readme: string;
  /**
   * How to start it once installed (printed after `pipecat init`), run in `client/`; the next steps
   * put the client's install command (`install-commands.ts`) before it unless the install offer
   * installed the client.
   */
  readonly runCommand: string;
  /** URL of its development server, or null when it has none (a mobile app). */
  readonly devUrl: string | null;
  /** Names of its settings for the start URL and the Pipecat Cloud public key. */
  readonly envVars: { readonly startUrl: string; readonly publicApiKey: string };
}

const VITE_ENV = { startUrl: 'VITE_BOT_START_URL', publicApiKey: 'VITE_BOT_START_PUBLIC_API_KEY' } as const;

/**
 * Every client kind, in the order the wizard offers them (after "Phone bot", before "no client").
 * Open data: adding a client is one entry here plus its template folder (its `package.json`
 * dependencies pinned in `templates/client/versions.json`); test/client-kinds.test.ts fails, naming
 * what is missing, for a kind whose folder, README partial or pins are not there.
 */
export const CLIENT_KINDS: readonly ClientKind[] = [
  {
    template: 'react-nextjs',
    framework: 'react',
    server: 'nextjs',
    frameworkDefault: false,
    label: 'React + Next.js',
    platform: 'web',
    transports: 'browser',
    wizard: { value: 'web-react-nextjs', title: 'Web bot, React + Next.js client', description: 'client/ with Next.js' },
    summary:
      "React 19 + Next.js 16 (App Router), `@pipecat-ai/voice-ui-kit` components; the start request goes through the app's own API routes",
    readme: 'partials/client-readme.md.ejs',
    runCommand: 'npm run dev',
    devUrl: 'http://localhost:3000',
    envVars: { startUrl: 'BOT_START_URL', publicApiKey: 'BOT_START_PUBLIC_API_KEY' },
  },
  {
    template: 'react-vite',
    framework: 'react',
    server: 'vite',
    frameworkDefault: true,
    label: 'React + Vite',
    platform: 'web',
    transports: 'browser',
    wizard: { value: 'web-react-vite', title: 'Web bot, React + Vite client', description: 'client/ with Vite' },
    summary: 'React 19 + Vite 8, `@pipecat-ai/voice-ui-kit` components',
    readme: 'partials/client-readme.md.ejs',
    runCommand: 'npm run dev',
    devUrl: 'http://localhost:5173',
    envVars: VITE_ENV,
  },
  {
    template: 'vanilla-vite',
    framework: 'vanilla',
    server: 'vite',
    frameworkDefault: true,
    label: 'vanilla TypeScript + Vite',
    platform: 'web',
    transports: 'browser',
    wizard: { value: 'web-vanilla', title: 'Web bot, vanilla JS client', description: 'client/ with plain TypeScript and Vite' },
    summary: 'plain TypeScript + Vite 8 on `@pipecat-ai/client-js`, no UI framework',
    readme: 'partials/client-readme.md.ejs',
    runCommand: 'npm run dev',
    devUrl: 'http://localhost:5173',
    envVars: VITE_ENV,
  },
  {
    template: 'react-native-expo',
    framework: 'react-native',
    server: 'expo',
    frameworkDefault: true,
    label: 'React Native (Expo)',
    platform: 'mobile',
    // Daily's React Native SDK is the only React Native transport the runner's /start can hand a room to.
    transports: { daily: { clientType: 'daily', packageName: '@pipecat-ai/react-native-daily-transport', className: 'RNDailyTransport' } },
    wizard: {
      value: 'mobile',
      title: 'Web/mobile bot, React Native (Expo) app for iOS and Android',
      description: 'client/ with Expo; connects over Daily',
    },
    summary:
      'Expo (React Native) app for iOS and Android on `@pipecat-ai/client-js` + `@pipecat-ai/react-native-daily-transport`; needs a development build (not Expo Go)',
    readme: 'partials/client-readme-mobile.md.ejs',
    runCommand: 'npx expo run:android   # or run:ios; a development build, see README.md',
    devUrl: null,
    envVars: { startUrl: 'EXPO_PUBLIC_BOT_START_URL', publicApiKey: 'EXPO_PUBLIC_BOT_START_PUBLIC_API_KEY' },
  },
];

/** Every `--client-framework` value that generates a client, in table order (no duplicates). */
export function clientFrameworks(): string[] {
  return [...new Set(CLIENT_KINDS.map((k) => k.framework))];
}

/** The kinds of one framework, in table order. */
export function kindsOfFramework(framework: unknown): ClientKind[] {
  return CLIENT_KINDS.filter((k) => k.framework === framework);
}

/** Frameworks with several kinds: the only ones `--client-server` applies to. */
export function frameworksWithServerChoice(): string[] {
  return clientFrameworks().filter((f) => kindsOfFramework(f).length > 1);
}

/** The `--client-server` values: the servers of frameworks with a choice (no duplicates). */
export function clientServers(): string[] {
  return [...new Set(frameworksWithServerChoice().flatMap((f) => kindsOfFramework(f).map((k) => k.server)))];
}

/**
 * The kind a framework and (optional) server select: the kind with that server, or the
 * framework's default kind when the server is null/undefined.
 *
 * @returns the kind, or undefined for `none`, null, an unknown framework or a server it lacks
 */
export function findClientKind(framework: unknown, server?: unknown): ClientKind | undefined {
  const kinds = kindsOfFramework(framework);
  if (server == null) return kinds.find((k) => k.frameworkDefault) ?? kinds[0];
  return kinds.find((k) => k.server === server);
}

/** The kind whose template folder is `template`, or undefined. */
export function clientKindByTemplate(template: string): ClientKind | undefined {
  return CLIENT_KINDS.find((k) => k.template === template);
}

/**
 * The client SDK of each runner transport a kind connects over, in preference order (catalogue
 * order for a `browser` kind).
 *
 * @param kind a client kind
 * @param catalogue the transport catalogue (default: `TRANSPORTS`; tests pass a copy with more entries)
 */
export function kindTransportSdks(
  kind: ClientKind,
  catalogue: readonly TransportDefinition[] = TRANSPORTS,
): Partial<Record<ClientRunnerTransport, ClientTransportSdk>> {
  if (kind.transports !== 'browser') return { ...kind.transports };
  return Object.fromEntries(catalogue.flatMap((t) => (browserSdk(t) ? [[t.runnerTransport, browserSdk(t)!]] : [])));
}

/** The runner transports a kind connects over, in preference order. */
export function kindRunnerTransports(kind: ClientKind): ClientRunnerTransport[] {
  return Object.keys(kindTransportSdks(kind));
}

/**
 * Whether a kind connects over a runner transport.
 *
 * @param kind a client kind
 * @param runnerTransport a runner transport name, e.g. `daily` (a catalogue entry's `runnerTransport`)
 */
export function kindSupports(kind: ClientKind, runnerTransport: string): boolean {
  return Object.prototype.hasOwnProperty.call(kindTransportSdks(kind), runnerTransport);
}

/** One platform's Pipecat client SDK for a runner transport. */
interface PlatformSdk {
  /** e.g. `iOS (Swift Package Manager)`. */
  readonly platform: string;
  /** What to add, as Markdown (package names, repositories, products). */
  readonly install: string;
}

/**
 * Pipecat's client SDKs per runner transport, for people who bring their own app (the project
 * README lists the ones of the chosen transports). Sources: docs.pipecat.ai client SDK pages
 * (JavaScript, React Native, iOS, Android) and the npm registry.
 */
export const PLATFORM_SDKS: Readonly<Partial<Record<ClientRunnerTransport, readonly PlatformSdk[]>>> = {
  daily: [
    {
      platform: 'Web (JavaScript, React)',
      install: '`@pipecat-ai/client-js` (React: also `@pipecat-ai/client-react`) with `@pipecat-ai/daily-transport`',
    },
    {
      platform: 'React Native',
      install:
        '`@pipecat-ai/client-js` with `@pipecat-ai/react-native-daily-transport` (a development build, as in `client/` of a `--client-framework react-native` project)',
    },
    {
      platform: 'iOS (Swift Package Manager)',
      install:
        '`https://github.com/pipecat-ai/pipecat-client-ios` (product `PipecatClientIOS`) with `https://github.com/pipecat-ai/pipecat-client-ios-daily` (`PipecatClientIOSDaily`)',
    },
    { platform: 'Android (Maven Central, Kotlin)', install: '`ai.pipecat:daily-transport` (brings the core `ai.pipecat:client`)' },
  ],
  webrtc: [
    {
      platform: 'Web (JavaScript, React)',
      install: '`@pipecat-ai/client-js` (React: also `@pipecat-ai/client-react`) with `@pipecat-ai/small-webrtc-transport`',
    },
    { platform: 'React Native', install: '`@pipecat-ai/client-js` with `@pipecat-ai/react-native-small-webrtc-transport`' },
    {
      platform: 'iOS (Swift Package Manager)',
      install:
        '`https://github.com/pipecat-ai/pipecat-client-ios` (product `PipecatClientIOS`) with `https://github.com/pipecat-ai/pipecat-client-ios-small-webrtc` (`PipecatClientIOSSmallWebrtc`)',
    },
    { platform: 'Android (Maven Central, Kotlin)', install: '`ai.pipecat:small-webrtc-transport` (brings the core `ai.pipecat:client`)' },
  ],
};
