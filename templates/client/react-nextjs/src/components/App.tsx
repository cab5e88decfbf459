'use client';

import { useMemo, useState } from 'react';

import type { PipecatClientOptions } from '@pipecat-ai/client-js';
import { PipecatClientVideo, usePipecatClientTransportState } from '@pipecat-ai/client-react';
import {
  ConnectButton,
  ConversationPanel,
  ErrorCard,
  PipecatAppBase,
  SpinLoader,
  UserAudioControl,
  UserVideoControl,
} from '@pipecat-ai/voice-ui-kit';

import { TRANSPORTS, VIDEO_INPUT, VIDEO_OUTPUT, startRequest, type TransportType } from '@/config';

/** Kept outside the component: PipecatAppBase builds a new client whenever this object changes. */
const CLIENT_OPTIONS: Partial<PipecatClientOptions> = { enableMic: true, enableCam: VIDEO_INPUT };

export function App() {
  const [transport, setTransport] = useState<TransportType>(TRANSPORTS[0].type);
  const connectParams = useMemo(() => startRequest(transport), [transport]);

  return (
    <PipecatAppBase
      transportType={transport}
      connectParams={connectParams}
      clientOptions={CLIENT_OPTIONS}
      themeProps={{ defaultTheme: 'dark' }}
    >
      {({ client, handleConnect, handleDisconnect, error }) =>
        !client ? (
          <main className="app app--loading">
            <SpinLoader />
          </main>
        ) : (
          <Session
            transport={transport}
            onTransportChange={setTransport}
            onConnect={handleConnect}
            onDisconnect={handleDisconnect}
            error={error}
          />
        )
      }
    </PipecatAppBase>
  );
}

interface SessionProps {
  transport: TransportType;
  onTransportChange: (transport: TransportType) => void;
  onConnect?: () => void | Promise<void>;
  onDisconnect?: () => void | Promise<void>;
  error?: string | null;
}

function Session({ transport, onTransportChange, onConnect, onDisconnect, error }: SessionProps) {
  const state = usePipecatClientTransportState();
  const idle = state === 'disconnected' || state === 'initialized' || state === 'error';

  return (
    <main className="app">
      <header className="toolbar">
        <h1>Pipecat bot</h1>
        {TRANSPORTS.length > 1 && (
          <label className="transport">
            Transport
            <select
              value={transport}
              disabled={!idle}
              onChange={(event) => onTransportChange(event.target.value as TransportType)}
            >
              {TRANSPORTS.map(({ type, label }) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
        <UserAudioControl />
        {VIDEO_INPUT && <UserVideoControl noVideo />}
        <ConnectButton onConnect={() => void onConnect?.()} onDisconnect={() => void onDisconnect?.()} />
      </header>
      {error && <ErrorCard>{error}</ErrorCard>}
      <section className="media">
        {VIDEO_OUTPUT && (
          <figure className="video" aria-label="Bot video">
            <PipecatClientVideo participant="bot" fit="contain" />
          </figure>
        )}
        {VIDEO_INPUT && (
          <figure className="video video--self" aria-label="Your camera">
            <PipecatClientVideo participant="local" fit="cover" mirror />
          </figure>
        )}
      </section>
      <section className="conversation">
        <ConversationPanel />
      </section>
    </main>
  );
}
