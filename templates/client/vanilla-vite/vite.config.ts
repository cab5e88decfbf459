import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  // The WebRTC SDKs (daily-js) make one large chunk; that is expected.
  build: { chunkSizeWarningLimit: 2000 },
});
