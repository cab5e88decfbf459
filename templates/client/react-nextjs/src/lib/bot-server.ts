/**
 * Server-side forwarding of the client's requests to the bot: the local development runner or
 * Pipecat Cloud. Runs only in Next.js route handlers, so the API key never reaches the browser.
 */

const LOCAL_START_URL = 'http://localhost:7860/start';

/** The bot's start URL (`BOT_START_URL`, default the local runner's /start). */
export function botStartUrl(): string {
  return process.env.BOT_START_URL || LOCAL_START_URL;
}

/** The bot's base URL: the start URL without its trailing `/start`. */
export function botBaseUrl(): string {
  return botStartUrl().replace(/\/start\/?$/, '');
}

/**
 * Forwards a JSON request to `url` with the same method and body, adding
 * `Authorization: Bearer $BOT_START_PUBLIC_API_KEY` when set, and returns the bot's answer.
 */
export async function forward(request: Request, url: string): Promise<Response> {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const apiKey = process.env.BOT_START_PUBLIC_API_KEY;
  if (apiKey) headers.set('Authorization', `Bearer ${apiKey}`);
  try {
    const upstream = await fetch(url, { method: request.method, headers, body: await request.text() });
    return new Response(upstream.body, {
      status: upstream.status,
      headers: { 'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json' },
    });
  } catch (error) {
    const detail = `Cannot reach the bot at ${url}: ${error instanceof Error ? error.message : String(error)}`;
    return Response.json({ detail }, { status: 502 });
  }
}
