import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    // Threads start a file faster than forks (no new process per file); a jsdom suite is mostly start-up
    // (importing React and antd, building the window), so the project runs in about two thirds the time.
    pool: 'threads',
    setupFiles: ['./src/test-setup.ts'],
  },
});
