/**
 * The emulator's request handler: parses the path, records the request, applies an injected fault
 * (`faults.ts`) or answers through the deploy API (`deploy.ts`) and the secrets API
 * (`secrets-api.ts`) of the organisation in the path (or the key's, for the REST reference's own
 * paths: `rest-paths.ts`), persisting every change. The upload URL (`/_uploads`) and the admin
 * endpoints (`admin.ts`) are routed from here too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin, takeFault } from './admin.js';
import { DeployHttpError } from './deploy.js';
import { echoMessage, type RecordedRequest } from './faults.js';
import { HttpError, MAX_UPLOAD, readBody, readBytes, send, type EmulatorContext, type QueuedFault } from './http.js';
import { fromRestReference } from './rest-paths.js';
import { api } from './secrets-api.js';
import { runPublicStart } from './session-admin.js';

/** Records a request's outcome in the request log (and the log sink). */
type RecordOutcome = (outcome: RecordedRequest['outcome']) => void;

/** One request being answered: the emulator, the request and its answer, and what was read of it. */
interface Exchange {
  ctx: EmulatorContext;
  req: IncomingMessage;
  res: ServerResponse;
  /** The method, upper case. */
  method: string;
  /** The path's segments, percent-decoded. */
  segs: string[];
  url: URL;
  /** The fault queued for this request, taken from the queue. */
  fault: QueuedFault | undefined;
  record: RecordOutcome;
}

/** An S3-like XML error answer of the upload URL. */
function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(xml);
}

/** The multipart form of an upload, or undefined when the body is not well-formed multipart/form-data. */
async function parseForm(req: IncomingMessage, bytes: Buffer): Promise<FormData | undefined> {
  try {
    return await new Request('http://emulator.local/_uploads', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: bytes,
    }).formData();
  } catch {
    return undefined;
  }
}

/**
 * The upload URL (`POST /_uploads`): S3's presigned form POST, no bearer token; faults apply as to
 * API requests (`reset` drops the upload). Answers 204, or 4xx with an S3-like XML error.
 */
async function handleUpload(x: Exchange): Promise<void> {
  const { ctx, req, res, method, fault, record } = x;
  let bytes: Buffer;
  try {
    bytes = await readBytes(req, MAX_UPLOAD);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    record(err.status);
    return send(res, err.status, { error: err.message, code: err.code });
  }
  await ctx.delay(ctx.latencyMs);
  if (fault && (fault.kind === 'reset' || fault.kind === 'stall')) {
    record(fault.kind);
    if (fault.kind === 'stall') await ctx.delay(fault.stallMs ?? 60_000);
    req.socket.destroy();
    return;
  }
  if (fault) {
    const status = fault.kind === 'rate-limit' ? 503 : fault.kind === 'conflict' ? 409 : (fault.status ?? 500);
    record(status);
    return sendXml(
      res,
      status,
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>Injected failure</Message></Error>',
    );
  }
  if (method !== 'POST') {
    record(405);
    return sendXml(res, 405, '<Error><Code>MethodNotAllowed</Code></Error>');
  }
  const form = await parseForm(req, bytes);
  if (!form) {
    record(400);
    return sendXml(
      res,
      400,
      '<Error><Code>MalformedPOSTRequest</Code><Message>The body of your POST request is not well-formed multipart/form-data.</Message></Error>',
    );
  }
  const key = form.get('key');
  const owner = typeof key === 'string' ? ctx.forOrg(key.split('/')[0]) : undefined;
  const [status, xml] = await (owner ?? ctx).deployApi.receiveUpload(form);
  record(status);
  if (status === 204) {
    res.writeHead(204);
    return void res.end();
  }
  sendXml(res, status, xml);
}

/**
 * Applies an authorised API request's effect and persists it; returns the answer (an error
 * answer for a bad token, path or body, or a failure of the API).
 */
async function runApi(x: Exchange, text: string): Promise<[number, unknown]> {
  const { ctx, req, url } = x;
  let { method, segs } = x;
  if (segs[0] === 'v1' && segs[1] === 'public')
    return runPublicStart(ctx, { authorization: req.headers.authorization ?? '', method, segs, text });
  if ((req.headers.authorization ?? '') !== `Bearer ${ctx.token}`) return [401, { error: 'Unauthorized', code: 'UNAUTHORIZED' }];
  if (segs[0] !== 'v1') return [404, { error: 'Not found', code: 'NOT_FOUND' }];
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return [400, { error: 'Invalid JSON body', code: 'GENERIC_BAD_REQUEST' }];
    }
  }
  const mapped = fromRestReference(method, segs, ctx.org, body);
  if (mapped) ({ method, segs, body } = mapped);
  try {
    const octx = segs[1] === 'organizations' && segs.length > 2 ? ctx.forOrg(segs[2]) : undefined;
    const deploy = octx
      ? (octx.sessionsApi.handle(method, segs.slice(3), url.searchParams, body) ??
        (await octx.deployApi.handle(method, segs.slice(3), url.searchParams, body)))
      : undefined;
    const answer = deploy ?? api(octx ?? ctx, { method, segs, query: url.searchParams, body });
    if (method !== 'GET') await ctx.persister.commit();
    return mapped?.answer ? mapped.answer(answer) : answer;
  } catch (err) {
    if (err instanceof HttpError || err instanceof DeployHttpError) return [err.status, { error: err.message, code: err.code }];
    return [500, { error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }];
  }
}

/** The answer of an `error` or `echo` fault (the echo repeats the request's secret value, encoded). */
function faultAnswer(fault: QueuedFault, text: string): [number, unknown] {
  if (fault.kind === 'error') {
    const status = fault.status ?? 500;
    const code = status === 401 ? 'UNAUTHORIZED' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'GENERIC_BAD_REQUEST';
    const pad = Math.max(0, Math.min(fault.bodyBytes ?? 0, 256 * 1024 * 1024) - 64);
    return [status, { error: 'Injected failure' + (pad > 0 ? ' ' + 'x'.repeat(pad) : ''), code }];
  }
  let echoed = text;
  try {
    const v = (JSON.parse(text) as { secretValue?: unknown }).secretValue;
    if (typeof v === 'string') echoed = v;
  } catch {
    /* not JSON: echo the body as it came */
  }
  return [fault.status ?? 400, { error: echoMessage(echoed, fault.echo), code: 'GENERIC_BAD_REQUEST' }];
}

/**
 * Answers a request as an injected fault says: an error answer, a redirect, 429, 409, or a
 * connection dropped (`reset`) or held (`stall`), after applying the request (`run`) when `apply` is set.
 */
async function applyFault(x: Exchange, fault: QueuedFault, text: string, run: () => Promise<[number, unknown]>): Promise<void> {
  const { ctx, req, res, record } = x;
  switch (fault.kind) {
    case 'error':
    case 'echo': {
      const [status, body] = faultAnswer(fault, text);
      record(status);
      return send(res, status, body);
    }
    case 'redirect':
      record(fault.status ?? 307);
      res.writeHead(fault.status ?? 307, { Location: fault.location ?? 'https://elsewhere.invalid/', 'Content-Length': 0 });
      res.end();
      return;
    case 'rate-limit':
      record(429);
      return send(res, 429, { error: 'Too many requests', code: 'TOO_MANY_REQUESTS' }, { 'Retry-After': String(fault.retryAfter ?? 1) });
    case 'conflict':
      record(409);
      return send(res, 409, { error: 'Secret set was modified concurrently. Please retry.', code: 'CONFLICT' });
    case 'reset':
    case 'stall':
      if (fault.apply) await run();
      record(fault.kind);
      if (fault.kind === 'stall') await ctx.delay(fault.stallMs ?? 60_000);
      req.socket.destroy();
      return;
  }
}

/** Answers one request to the emulator (API, upload URL or admin endpoint). */
export async function handle(ctx: EmulatorContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator.local');
  let segs: string[];
  try {
    segs = url.pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return send(res, 400, { error: 'Malformed path', code: 'GENERIC_BAD_REQUEST' });
  }
  if (segs[0] === '_emulator') return handleAdmin(ctx, req, res, segs);
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  const record: RecordOutcome = (outcome) => {
    ctx.requests.push({ method, path, outcome });
    ctx.log?.(`${method} ${path}${url.search} -> ${outcome}`);
  };
  const fault = takeFault(ctx, method, path);
  const x: Exchange = { ctx, req, res, method, segs, url, fault, record };
  if (segs[0] === '_uploads' && segs.length === 1) return handleUpload(x);
  let text: string;
  try {
    text = await readBody(req);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    record(err.status);
    return send(res, err.status, { error: err.message, code: err.code });
  }
  await ctx.delay(ctx.latencyMs);
  const run = () => runApi(x, text);
  if (fault) return applyFault(x, fault, text, run);
  const [status, body] = await run();
  record(status);
  send(res, status, body);
}
