/**
 * The token never crosses the network in clear text by accident: a plain `http://` API host that is
 * not this machine is refused (exit 2, naming the host and where it came from) before any request,
 * unless `--insecure` is given; loopback (`127.0.0.0/8`, `::1`, `localhost`) is always allowed.
 * The server listens on every address and is reached through this machine's non-loopback address.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../../cli/commands/cloud/common.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

const TOKEN = 'pcc_pat_insecure_Zr8wQ2mK5nT7vX1c';
/** A non-loopback IPv4 address of this machine, if it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

let server: Server;
let port: number;
let home: string;
const seen: string[] = [];
beforeAll(async () => {
  home = await tempDir('pipecat-insecure-');
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"no"}');
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await cleanup(home);
});

test('loopback hosts', () => {
  for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST', 'localhost.'])
    expect([h, isLoopbackHost(h)]).toEqual([h, true]);
  for (const h of ['example.com', '192.0.2.2', '128.0.0.1', '[::2]', 'localhost.example.com', '127.0.0.1.nip.io', '[::ffff:7f00:1]'])
    expect([h, isLoopbackHost(h)]).toEqual([h, false]);
});

(outside ? test : test.skip)('http:// to a host that is not this machine: refused, exit 2, no request; sent with --insecure', async () => {
  const host = `http://${outside}:${port}`;
  for (const [args, extra, named] of [
    [['cloud', 'secrets', 'list'], { PIPECAT_API_HOST: host }, 'PIPECAT_API_HOST'],
    [['cloud', 'auth', 'whoami', '--api-host', host], {}, '--api-host'],
  ] as const) {
    const r = await runCli([...args], { env: cleanEnv(home, { PIPECAT_TOKEN: TOKEN, PIPECAT_ORG: 'acme', ...extra }) });
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 2,
      stderr: expect.stringContaining(`refusing to send the Pipecat Cloud token over plain http:// to ${outside}:${port} (${named})`),
    });
    expect(r.stderr).toContain('--insecure');
    expect(r.stderr).not.toContain('internal error');
  }
  expect(seen).toEqual([]);
  const r = await runCli(['cloud', 'secrets', 'list', '--insecure'], {
    env: cleanEnv(home, { PIPECAT_TOKEN: TOKEN, PIPECAT_ORG: 'acme', PIPECAT_API_HOST: host }),
  });
  expect(r.code).toBe(4); // the stand-in answers 401
  expect(seen.length).toBeGreaterThan(0);
  expect(seen[0]).toContain(`Bearer ${TOKEN}`);
});

test('http:// to this machine under another name (localhost) needs no flag', async () => {
  seen.length = 0;
  const r = await runCli(['cloud', 'secrets', 'list'], {
    env: cleanEnv(home, { PIPECAT_TOKEN: TOKEN, PIPECAT_ORG: 'acme', PIPECAT_API_HOST: `http://localhost:${port}` }),
  });
  expect(r.code).toBe(4);
  expect(seen.length).toBeGreaterThan(0);
});
