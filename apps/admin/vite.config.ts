import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the API server under /admin/.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
