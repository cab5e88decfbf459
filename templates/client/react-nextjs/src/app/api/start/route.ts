import { botStartUrl, forward } from '@/lib/bot-server';

/** Starts a bot session: forwards the client's start request to the runner or Pipecat Cloud. */
export async function POST(request: Request) {
  return forward(request, botStartUrl());
}
