import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// During development the API runs on its own port (npm run dev); Vite proxies /api and the line list.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
      '/lines.json': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The English catalogue is a group of its own: left alone it shares a chunk with the bundler's
        // runtime helpers, which every page imports, so it loaded whatever the language.
        codeSplitting: { groups: [{ name: 'en', test: /catalogues[\\/]en\.ts$/ }] },
      },
    },
  },
});
