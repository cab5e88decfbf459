import { botBaseUrl, forward } from '@/lib/bot-server';

type Context = { params: Promise<{ sessionId: string; path: string[] }> };

/** Where a session request goes: `<bot base URL>/sessions/<id>/<path>` (e.g. SmallWebRTC's api/offer). */
async function target({ params }: Context): Promise<string> {
  const { sessionId, path } = await params;
  const segments = [sessionId, ...path].map(encodeURIComponent).join('/');
  return `${botBaseUrl()}/sessions/${segments}`;
}

/** SmallWebRTC offer (and other session requests) for a started session. */
export async function POST(request: Request, context: Context) {
  return forward(request, await target(context));
}

/** SmallWebRTC ICE candidates for a started session. */
export async function PATCH(request: Request, context: Context) {
  return forward(request, await target(context));
}
