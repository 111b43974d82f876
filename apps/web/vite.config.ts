import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), antdStaticStyles(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/china.json': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The contract's zod schemas are plain values: building one has no side effect, so a page that
      // imports only a path table or a code from a contract module does not carry zod with it.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Everything the entry imports statically is one chunk: split by the bundler it was 60-odd
        // small files that index.html preloaded, and a first visit waited for their requests to queue
        // through the browser's six connections before any script ran. Routes and dialogs loaded on
        // demand keep their own chunks.
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
