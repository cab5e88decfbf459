import type { Metadata } from 'next';

import '@pipecat-ai/voice-ui-kit/styles';
import './globals.css';

export const metadata: Metadata = {
  title: 'Pipecat client',
  description: 'Talk to your Pipecat bot',
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
