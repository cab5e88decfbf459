import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
  // The WebRTC SDKs (daily-js) make one large chunk; that is expected.
  build: { chunkSizeWarningLimit: 2000 },
});
