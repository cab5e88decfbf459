/**
 * A hostile Pipecat Cloud on loopback, for test/e2e/hostile-server.test.ts: an HTTP server in
 * front of the emulator (`cli/emulator/`) that answers every request with the emulator's answer,
 * so the shapes, ids and flow are the vendor's (docs.pipecat.ai REST reference, as the emulator
 * follows it), but with a terminal attack appended to every string value of every JSON answer:
 * {@link PAYLOAD}, between numbered markers (`<<H7:` … `:H7>>`) so a test can tell the platform's
 * text from this program's own colour codes. Requests coming back with such values (an id the
 * command read, then used in a path or a body) have the attack stripped again before they reach
 * the emulator, as the platform would match its own ids.
 *
 * In `errors` mode it answers every API request itself with an error status (400, 401, 404, 409,
 * 500, 503 in turn) and an error body whose every field carries the attack.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One string with every attack of the issue: OSC 52 (clipboard write), ESC[2J (clear screen), an
 * OSC 8 hyperlink, a bare CR, a colour from outside (ESC[31m), a C1 CSI (U+009B), bidirectional
 * controls (U+202E, U+2066, U+2069), DEL, and a line feed followed by a line that would pass for
 * one of ours, and a tab.
 */
export const PAYLOAD =
  '\x1b]52;c;aGk=\x07\x1b[2J\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\rCR\x1b[31mred\u009b2J\u202erev\u2066iso\u2069\x7fdel\nFORGED line\tTAB';

/** The marked attack number `n`. */
export const marked = (n: number): string => `<<H${n}:${PAYLOAD}:H${n}>>`;

/** Any marked attack in a value the program sent back (raw). */
const MARKED = /<<H\d+:[\s\S]*?:H\d+>>/g;

/** Answers not to touch: the presigned upload form is sent to storage, never printed. */
const UNTOUCHED = /\/builds\/upload-url$/;

/** What the hostile server saw and did. */
export interface HostileServer {
  url: string;
  /** Distinct fields that carried the attack: `<answer key path>` such as `services[].name`. */
  fields: Set<string>;
  /** Attacks sent, by number: the field they were put in. */
  sent: Map<number, string>;
  close(): Promise<void>;
}

/** A value with every marked attack removed, deeply. */
function strip(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(MARKED, '');
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(MARKED, ''), strip(x)]));
  return v;
}

/** The request path with the attack stripped from every segment and query value. */
function stripPath(raw: string): string {
  const url = new URL(raw, 'http://x');
  const segs = url.pathname.split('/').map((s) => {
    try {
      return encodeURIComponent(decodeURIComponent(s).replace(MARKED, ''));
    } catch {
      return s;
    }
  });
  const query = new URLSearchParams([...url.searchParams].map(([k, v]) => [k, v.replace(MARKED, '')] as [string, string]));
  const q = query.toString();
  return segs.join('/') + (q ? `?${q}` : '');
}

/** Reads a whole request or answer. */
async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Puts a numbered attack after every string of `v`, recording the field of each. */
function inject(v: unknown, path: string, server: HostileServer): unknown {
  if (typeof v === 'string') {
    const n = server.sent.size + 1;
    server.sent.set(n, path);
    server.fields.add(path);
    return v + marked(n);
  }
  if (Array.isArray(v)) return v.map((x) => inject(x, `${path}[]`, server));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inject(x, path ? `${path}.${k}` : k, server)]));
  return v;
}

/** Statuses of `errors` mode, in turn. */
const ERROR_STATUSES = [400, 401, 404, 409, 500, 503];

/** Answers one request in `errors` mode: an error status with the attack in every field. */
function answerError(res: ServerResponse, server: HostileServer, turn: number): void {
  const status = ERROR_STATUSES[turn % ERROR_STATUSES.length];
  const body = inject({ error: 'Request failed', code: 'GENERIC_BAD_REQUEST', message: 'bad', detail: 'because' }, 'error-body', server);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Forwards one request to the emulator (attack stripped) and its answer back (attack added). */
async function forward(req: IncomingMessage, res: ServerResponse, upstream: URL, server: HostileServer): Promise<void> {
  let body = await readAll(req);
  const json = /json/.test(req.headers['content-type'] ?? '');
  if (json && body.length) {
    try {
      body = Buffer.from(JSON.stringify(strip(JSON.parse(body.toString('utf8')))));
    } catch {
      /* not JSON after all: as it came */
    }
  }
  const path = stripPath(req.url ?? '/');
  const headers = { ...req.headers, host: upstream.host, 'content-length': String(body.length) };
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const r = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, resolve);
    r.on('error', reject);
    r.end(body);
  });
  let out = await readAll(answer);
  const outHeaders = { ...answer.headers };
  delete outHeaders['content-length'];
  delete outHeaders['transfer-encoding'];
  if (/json/.test(answer.headers['content-type'] ?? '') && out.length && !UNTOUCHED.test(path.split('?')[0])) {
    try {
      out = Buffer.from(JSON.stringify(inject(JSON.parse(out.toString('utf8')), '', server)));
    } catch {
      /* not JSON after all: as it came */
    }
  }
  res.writeHead(answer.statusCode ?? 502, { ...outHeaders, 'content-length': String(out.length) });
  res.end(out);
}

/**
 * Starts the hostile server on 127.0.0.1 (a free port).
 *
 * @param upstream the emulator's base URL
 * @param mode `inject` (the emulator's answers, attacked) or `errors` (an attacked error for every request)
 */
export async function startHostileServer(upstream: string, mode: 'inject' | 'errors'): Promise<HostileServer> {
  const target = new URL(upstream);
  let turn = 0;
  const state: HostileServer = { url: '', fields: new Set(), sent: new Map(), close: async () => undefined };
  const http: Server = createServer((req, res) => {
    const work =
      mode === 'errors' && !(req.url ?? '').startsWith('/_emulator')
        ? Promise.resolve(answerError(res, state, turn++))
        : forward(req, res, target, state);
    work.catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => http.close(() => resolve()));
  return state;
}
