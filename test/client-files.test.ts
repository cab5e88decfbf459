/**
 * The generated `client/` folder (issue 3), through the real binary: which template, the pinned
 * package.json, the transports and video choices in the client config, the env example and the
 * README section. Installing, building and running the clients is the slow tier (test/e2e).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT, makeTempDir, readTree, removeDir, runCli } from './helpers/cli.js';

const CASCADE = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts'];
const VERSIONS_FILE = JSON.parse(readFileSync(join(ROOT, 'templates', 'client', 'versions.json'), 'utf8')) as {
  engines: { node: string };
  packages: Record<string, string>;
  templates: Record<string, Record<string, string>>;
};
const VERSIONS = VERSIONS_FILE.packages;

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-client-');
});
afterAll(() => removeDir(tmp));

/** Generates a project and returns its folder. */
function generate(name: string, args: string[]): string {
  const r = runCli(['init', '--name', name, ...CASCADE, ...args, '-o', tmp]);
  expect(r.stderr.includes('Error')).toBe(false);
  expect(r.code).toBe(0);
  return join(tmp, name);
}

function readJson(path: string): Record<string, Record<string, string>> & { name: string } {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>> & { name: string };
}

describe('web client generation', () => {
  test('react + vite with both transports and video: pinned deps, selector order, video flags, env, README', () => {
    const dir = generate('Client-Both', [
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      '-t',
      'daily',
      '--client-framework',
      'react',
      '--video-input',
      '--video-output',
    ]);
    const client = join(dir, 'client');
    const pkg = readJson(join(client, 'package.json'));
    expect(pkg.name).toBe('client-both');
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const [name, version] of Object.entries(deps)) expect(version).toBe(VERSIONS[name]);
    for (const name of [
      '@pipecat-ai/client-js',
      '@pipecat-ai/client-react',
      '@pipecat-ai/voice-ui-kit',
      '@pipecat-ai/daily-transport',
      '@pipecat-ai/small-webrtc-transport',
    ]) {
      expect(pkg.dependencies[name]).toBe(VERSIONS[name]);
    }
    const config = readFileSync(join(client, 'src', 'config.ts'), 'utf8');
    // Order as given (SmallWebRTC first), so the default is the first chosen.
    expect(config.indexOf("type: 'smallwebrtc'")).toBeGreaterThan(-1);
    expect(config.indexOf("type: 'smallwebrtc'")).toBeLessThan(config.indexOf("type: 'daily'"));
    expect(config).toContain('export const VIDEO_INPUT = true;');
    expect(config).toContain('export const VIDEO_OUTPUT = true;');
    expect(config).toContain("'http://localhost:7860/start'");
    const env = readFileSync(join(client, '.env.example'), 'utf8');
    expect(env).toMatch(/^VITE_BOT_START_URL=http:\/\/localhost:7860\/start$/m);
    expect(env).toContain('https://api.pipecat.daily.co/v1/public/client-both/start');
    expect(env).toContain('VITE_BOT_START_PUBLIC_API_KEY');
    const files = Object.keys(readTree(client));
    expect(files.filter((f) => f.endsWith('.ejs') || /(^|\/)_(gitignore|env\.example)$/.test(f))).toEqual([]);
    expect(files).toContain('.gitignore');
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('## Web client (`client/`)');
    expect(readme).toContain('http://localhost:5173');
    // The Node.js requirement: engines of the client and the README say the same (the e2e tier checks it against the installed tree).
    expect(VERSIONS_FILE.engines.node).toBe('^22.14.0 || >=24');
    expect(pkg.engines).toEqual({ node: VERSIONS_FILE.engines.node });
    expect(readme).toContain(
      'The client needs [Node.js](https://nodejs.org/) 22.14 or newer (exactly `^22.14.0 || >=24`, the `engines` of `client/package.json`)',
    );
  });

  test('vanilla with Daily only imports only the Daily transport; an avatar service implies bot video', () => {
    const client = join(
      generate('client-vanilla', ['-b', 'web', '-t', 'daily', '--client-framework', 'vanilla', '--video', 'tavus_video']),
      'client',
    );
    const pkg = readJson(join(client, 'package.json'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@pipecat-ai/client-js', '@pipecat-ai/daily-transport']);
    const config = readFileSync(join(client, 'src', 'config.ts'), 'utf8');
    expect(config).toContain("from '@pipecat-ai/daily-transport'");
    expect(config).not.toContain('small-webrtc');
    expect(config).toContain('export const VIDEO_OUTPUT = true;');
    expect(config).toContain('export const VIDEO_INPUT = false;');
    expect(existsSync(join(client, 'src', 'main.ts'))).toBe(true);
    expect(pkg.engines).toEqual({ node: VERSIONS_FILE.engines.node });
  });

  test('react + nextjs proxies the start request; the key is a server variable', () => {
    const dir = generate('client-next', ['-b', 'web', '-t', 'smallwebrtc', '--client-framework', 'react', '--client-server', 'nextjs']);
    const client = join(dir, 'client');
    expect(existsSync(join(client, 'src', 'app', 'api', 'start', 'route.ts'))).toBe(true);
    expect(existsSync(join(client, 'src', 'app', 'api', 'sessions', '[sessionId]', '[...path]', 'route.ts'))).toBe(true);
    const env = readFileSync(join(client, '.env.example'), 'utf8');
    expect(env).toMatch(/^BOT_START_URL=http:\/\/localhost:7860\/start$/m);
    expect(env).toContain('BOT_START_PUBLIC_API_KEY');
    expect(env).not.toContain('VITE_');
    expect(readFileSync(join(client, 'src', 'config.ts'), 'utf8')).toContain("START_ENDPOINT = '/api/start'");
    expect(readJson(join(client, 'package.json')).dependencies.next).toBe(VERSIONS.next);
    expect(readJson(join(client, 'package.json')).engines).toEqual({ node: VERSIONS_FILE.engines.node });
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('http://localhost:3000');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('Node.js](https://nodejs.org/) 22.14 or newer');
  });

  test('telephony bots never get a client', () => {
    expect(existsSync(join(generate('client-phone', ['-b', 'telephony', '-t', 'twilio', '-t', 'smallwebrtc']), 'client'))).toBe(false);
  });
});

describe('mobile client (React Native, Expo)', () => {
  const RN = VERSIONS_FILE.templates['react-native-expo'];

  test('an Expo app on the React Native Daily transport, pinned to its own set; the server keeps SmallWebRTC for browsers', () => {
    const dir = generate('Mobile.App', [
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      '-t',
      'daily',
      '--client-framework',
      'react-native',
      '--video-input',
    ]);
    const client = join(dir, 'client');
    const pkg = readJson(join(client, 'package.json'));
    expect(pkg.name).toBe('mobile.app');
    // Expo's own set: no web client Node.js range (the template states none).
    expect(pkg.engines).toBeUndefined();
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).not.toContain('Node.js](https://nodejs.org/)');
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    // The template's own pins win over the shared ones (React must match the react-native renderer).
    for (const [name, version] of Object.entries(deps)) expect(version).toBe(RN[name] ?? VERSIONS[name]);
    expect(pkg.dependencies.react).toBe('19.2.0');
    expect(pkg.dependencies.react).not.toBe(VERSIONS.react);
    for (const name of [
      '@pipecat-ai/client-js',
      '@pipecat-ai/react-native-daily-transport',
      '@daily-co/react-native-daily-js',
      '@daily-co/react-native-webrtc',
      '@daily-co/config-plugin-rn-daily-js',
      'expo',
      'expo-dev-client',
      'react-native',
    ]) {
      expect(pkg.dependencies[name]).toBeDefined();
    }
    // Only Daily: no browser transport package, though smallwebrtc was chosen too.
    expect(Object.keys(deps).filter((n) => /small-webrtc|@pipecat-ai\/daily-transport/.test(n))).toEqual([]);
    expect(pkg.scripts).toMatchObject({ typecheck: 'tsc --noEmit', lint: expect.stringMatching(/^eslint \./) as unknown as string });
    expect(existsSync(join(client, 'eslint.config.js'))).toBe(true);

    const app = JSON.parse(readFileSync(join(client, 'app.json'), 'utf8')) as {
      expo: { slug: string; ios: { bundleIdentifier: string }; android: { package: string }; plugins: [string, Record<string, unknown>][] };
    };
    expect(app.expo.slug).toBe('mobile-app');
    expect(app.expo.ios.bundleIdentifier).toBe('com.example.mobileapp');
    expect(app.expo.android.package).toBe('com.example.mobileapp');
    const plugins = Object.fromEntries(app.expo.plugins);
    expect(plugins['@daily-co/config-plugin-rn-daily-js']).toMatchObject({ enableMicrophone: true, enableCamera: true });
    expect(plugins['expo-build-properties']).toEqual({ android: { minSdkVersion: 24 }, ios: { deploymentTarget: '15.1' } });

    const config = readFileSync(join(client, 'src', 'config.ts'), 'utf8');
    expect(config).toContain("import { RNDailyTransport } from '@pipecat-ai/react-native-daily-transport';");
    expect(config).toContain("runnerTransport: 'daily'");
    expect(config).toContain('createDailyRoom: true');
    expect(config).toContain('export const VIDEO_INPUT = true;');
    expect(config).toContain("'http://10.0.2.2:7860/start'");
    expect(config).toContain('process.env.EXPO_PUBLIC_BOT_START_URL');
    const env = readFileSync(join(client, '.env.example'), 'utf8');
    expect(env).toContain('# EXPO_PUBLIC_BOT_START_URL=https://api.pipecat.daily.co/v1/public/mobile-app/start');
    expect(env).toContain('EXPO_PUBLIC_BOT_START_PUBLIC_API_KEY');
    const files = Object.keys(readTree(client));
    expect(files.filter((f) => f.endsWith('.ejs') || /(^|\/)_(gitignore|env\.example)$/.test(f))).toEqual([]);

    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('## Mobile app (`client/`)');
    expect(readme).toContain('Expo Go cannot load');
    expect(readme).toContain('npx expo run:android');
    expect(readme).toContain('`@daily-co/config-plugin-rn-daily-js`');
    expect(readme).toContain(`\`expo\` ${RN.expo}`);
    expect(readme).toContain('--host 0.0.0.0');
    expect(readme).toContain(
      "SmallWebRTC (peer-to-peer WebRTC) is served by the bot, not by this client: use http://localhost:7860/client, the development runner's own page.",
    );
    expect(readme).toContain('├── client/                 # React Native (Expo) client (react-native-expo)');
  });

  test('without Daily: exit 2 naming --client-framework and --transport, nothing written', () => {
    const out = join(tmp, 'no-daily');
    const r = runCli([
      'init',
      '--name',
      'no-daily',
      ...CASCADE,
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      '--client-framework',
      'react-native',
      '-o',
      out,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--client-framework: react-native \(React Native \(Expo\) client\) connects over Daily \(WebRTC\) only: add --transport daily/,
    );
    expect(existsSync(out)).toBe(false);
    // `react_native` is read as react-native; a dry run refuses the same way.
    const dry = runCli([
      'init',
      '--name',
      'no-daily',
      ...CASCADE,
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      '--client-framework',
      'react_native',
      '--dry-run',
    ]);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('--transport');
  });

  test("every web bot README names Pipecat's native SDKs for bringing your own app (transports chosen only)", () => {
    const readme = readFileSync(join(generate('own-app', ['-b', 'web', '-t', 'daily']), 'README.md'), 'utf8');
    expect(readme).toContain('## Bring your own app');
    expect(readme).toContain('pipecat-client-ios-daily');
    expect(readme).toContain('`ai.pipecat:daily-transport`');
    expect(readme).toContain('`@pipecat-ai/react-native-daily-transport`');
    expect(readme).not.toContain('small-webrtc');
    expect(readdirSync(join(tmp, 'own-app'))).not.toContain('client');
    const phone = readFileSync(join(generate('own-app-phone', ['-b', 'telephony', '-t', 'twilio']), 'README.md'), 'utf8');
    expect(phone).not.toContain('## Bring your own app');
  });
});
