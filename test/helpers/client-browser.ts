/**
 * Shared pieces of the slow web-client tests (test/e2e/clients.test.ts, client-sessions.test.ts):
 * a stub of Pipecat's development runner on 127.0.0.1, npm/server helpers, and a headless Debian
 * Chromium driven through playwright-core with a fake microphone and camera.
 *
 * The stub follows `pipecat.runner.run` (POST /start with `transport`, …; SmallWebRTC offers at
 * POST /sessions/{sessionId}/api/offer; `transport: "websocket"` answers with the `wsUrl` of the
 * runner's `/ws-client`, where the browser speaks pipecat's protobuf frames), see
 * shared/design/catalogue-facts.md §3.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Duplex } from 'node:stream';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

const run = promisify(execFile);

/** Debian's Chromium (`apt-get install -y chromium`), driven headless. */
export const CHROMIUM = '/usr/bin/chromium';

/** A stand-in for Daily's call machine bundle (daily-js loads it from Daily's CDN; no internet here). */
export const FAKE_DAILY_BUNDLE = readFileSync(
  join(resolve(import.meta.dirname, '..', 'e2e', 'fixtures'), 'fake-daily-call-machine.js'),
  'utf8',
);

/** One request the stub runner received. */
export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * The `data` of a protobuf `Frame { message: MessageFrame { data } }` (pipecat's frames.proto:
 * `message` is field 4 of the `frame` oneof, `data` field 1), or undefined for any other frame.
 */
export function protobufMessageData(frame: Buffer): string | undefined {
  let i = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = frame[i++];
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
    }
  };
  if (varint() !== ((4 << 3) | 2)) return undefined;
  const end = varint() + i;
  if (varint() !== ((1 << 3) | 2)) return undefined;
  const length = varint();
  return i + length <= end ? frame.subarray(i, i + length).toString('utf8') : undefined;
}

/** Binary messages a browser sent over one WebSocket the stub accepted (RFC 6455 framing, client frames masked). */
export interface StubSocket {
  path: string;
  frames: Buffer[];
  /** The connection, for {@link StubRunner.sendMessage}. */
  socket: Duplex;
}

/** Encodes pipecat's protobuf `Frame { message: MessageFrame { data } }` (frames.proto: field 4, then field 1). */
export function protobufMessageFrame(data: string): Buffer {
  const varint = (n: number): Buffer => {
    const bytes: number[] = [];
    while (n >= 0x80) {
      bytes.push((n & 0x7f) | 0x80);
      n = Math.floor(n / 128);
    }
    bytes.push(n);
    return Buffer.from(bytes);
  };
  const text = Buffer.from(data, 'utf8');
  const inner = Buffer.concat([Buffer.from([(1 << 3) | 2]), varint(text.length), text]);
  return Buffer.concat([Buffer.from([(4 << 3) | 2]), varint(inner.length), inner]);
}

/** Stub of the development runner: records requests, answers like the runner, then refuses. */
export class StubRunner {
  readonly requests: Recorded[] = [];
  readonly sockets: StubSocket[] = [];
  private server: Server | null = null;
  port = 0;
  /** How many of the next `POST /start` requests fail (HTTP 500 with a `detail`, as the runner's errors). */
  failStarts = 0;
  /**
   * Milliseconds before anything else (a SmallWebRTC offer) is refused: a slow runner, which keeps
   * the browser's session attempt, and its devices, open that long. 0 after {@link reset}.
   */
  refuseDelayMs = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        // The runner allows any origin (CORSMiddleware allow_origins ["*"]).
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Headers', '*');
        res.setHeader('Access-Control-Allow-Methods', '*');
        if (req.method === 'OPTIONS') {
          res.writeHead(204).end();
          return;
        }
        let body: Record<string, unknown> = {};
        try {
          body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        } catch {
          body = { unparsable: raw };
        }
        const path = req.url ?? '';
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
        const json = (status: number, data: unknown) =>
          res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(data));
        if (req.method === 'POST' && path === '/start' && this.failStarts > 0) {
          this.failStarts -= 1;
          json(500, { detail: 'the bot could not start' });
        } else if (req.method === 'POST' && path === '/start' && body.transport === 'webrtc') {
          json(200, { sessionId: 'e2e-session' });
        } else if (req.method === 'POST' && path === '/start' && body.transport === 'websocket') {
          // As the runner without --ws-auth token: the socket's URL, a session id, no token.
          json(200, { wsUrl: `ws://127.0.0.1:${this.port}/ws-client`, sessionId: 'e2e-ws-session', token: null });
        } else {
          setTimeout(() => json(503, { detail: 'stub runner: no bot here' }), this.refuseDelayMs);
        }
      });
    });
    // The runner's /ws-client: accept the upgrade and keep the browser's binary frames.
    this.server.on('upgrade', (req, socket) => {
      const key = String(req.headers['sec-websocket-key'] ?? '');
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      const record: StubSocket = { path: req.url ?? '', frames: [], socket };
      this.sockets.push(record);
      let pending = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        for (;;) {
          if (pending.length < 2) return;
          const opcode = pending[0] & 0x0f;
          let length = pending[1] & 0x7f;
          let offset = 2;
          if (length === 126) [length, offset] = [pending.readUInt16BE(2), 4];
          else if (length === 127) [length, offset] = [Number(pending.readBigUInt64BE(2)), 10];
          const masked = (pending[1] & 0x80) !== 0;
          const start = offset + (masked ? 4 : 0);
          if (pending.length < start + length) return;
          const payload = Buffer.from(pending.subarray(start, start + length));
          if (masked) for (let k = 0; k < payload.length; k++) payload[k] ^= pending[offset + (k % 4)];
          pending = pending.subarray(start + length);
          if (opcode === 0x2) record.frames.push(payload);
          if (opcode === 0x8) socket.end();
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    this.port = (this.server!.address() as { port: number }).port;
  }

  /**
   * Sends an RTVI message to the browser on the last WebSocket opened at `path`, as the bot's
   * `ProtobufFrameSerializer` does: one unmasked binary frame (RFC 6455) holding a protobuf MessageFrame.
   *
   * @throws Error when no browser opened `path`
   */
  sendMessage(path: string, message: Record<string, unknown>): void {
    const target = [...this.sockets].reverse().find((s) => s.path === path);
    if (!target) throw new Error(`stub runner: no WebSocket at ${path}`);
    const payload = protobufMessageFrame(JSON.stringify({ label: 'rtvi-ai', id: `stub-${Date.now()}`, ...message }));
    const head =
      payload.length < 126 ? Buffer.from([0x82, payload.length]) : Buffer.from([0x82, 126, payload.length >> 8, payload.length & 0xff]);
    target.socket.write(Buffer.concat([head, payload]));
  }

  get startUrl(): string {
    return `http://127.0.0.1:${this.port}/start`;
  }

  reset(): void {
    this.requests.length = 0;
    this.sockets.length = 0;
    this.refuseDelayMs = 0;
  }

  /** Waits until a browser opened `path` and sent a protobuf message frame whose data matches. */
  async waitForSocketMessage(path: string, matches: (data: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const s of this.sockets) {
        if (s.path !== path) continue;
        const data = s.frames.map(protobufMessageData).find((d) => d !== undefined && matches(d));
        if (data !== undefined) return data;
      }
      if (Date.now() > deadline) {
        const seen = this.sockets.map((s) => `${s.path} (${s.frames.length} frames)`).join(', ') || 'no WebSocket';
        throw new Error(`stub runner: no matching message on ${path} within ${timeoutMs} ms (saw: ${seen})`);
      }
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }

  async waitFor(predicate: (r: Recorded) => boolean, what: string, timeoutMs = 30_000): Promise<Recorded> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.requests.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'nothing';
        throw new Error(`stub runner: no ${what} within ${timeoutMs} ms (received: ${seen})`);
      }
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }
}

/** Environment for npm and the apps: no telemetry, no update checks, no colours in logs. */
export function commandEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NO_UPDATE_NOTIFIER: '1',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    FORCE_COLOR: '0',
    CI: 'true',
    ...extra,
  };
}

/** Runs a command, failing with its output tail when it exits non-zero. */
export async function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = commandEnv()): Promise<string> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    const tail = `${e.stdout ?? ''}\n${e.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${tail}`);
  }
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

/** Starts a long-running server command in its own process group and waits until `url` answers. */
export async function serve(args: string[], cwd: string, url: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn('npm', args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm ${args.join(' ')} exited early:\n${output}`);
    try {
      const res = await fetch(url);
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      stopServer(child);
      throw new Error(`npm ${args.join(' ')} did not serve ${url} within 60 s:\n${output}`);
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

export function stopServer(child: ChildProcess | null): void {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** A fresh headless Chromium with a fake microphone/camera and an empty profile. */
export async function openBrowser(): Promise<{ context: BrowserContext; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'pc-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  return { context, profile };
}

/** Console errors and uncaught exceptions of a page, as they happen. */
export async function instrument(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  // daily-js loads its call machine from Daily's CDN, unreachable here: serve a stand-in
  // (see fixtures/fake-daily-call-machine.js). Nothing else may leave the machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    if (route.request().url().endsWith('/call-machine-object-bundle.js')) {
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_DAILY_BUNDLE });
    }
    return route.abort();
  });
  return errors;
}
