import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles.ts';

export default defineConfig({
  plugins: [react(), antdStaticStyles()],
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
    },
  },
});
