import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and builds into dist/web, which the Hono server serves.
export default defineConfig({
  root: 'src/web',
  // Only VITE_PUBLIC_* reaches the browser; the server refuses to start with a secret-looking VITE_ variable.
  envPrefix: 'VITE_PUBLIC_',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
