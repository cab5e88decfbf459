import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@pipecat-ai/voice-ui-kit/styles';
import './app.css';

import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
