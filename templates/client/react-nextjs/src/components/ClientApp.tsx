'use client';

import dynamic from 'next/dynamic';

/** The Pipecat client needs browser APIs (WebRTC, media devices), so it renders only in the browser. */
export const ClientApp = dynamic(() => import('./App').then((module) => module.App), { ssr: false });
