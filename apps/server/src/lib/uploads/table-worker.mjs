// The parse worker's entry when the server runs from TypeScript source: under tsx (npm run serve, the CLIs) this
// thread inherits tsx's loader and imports the worker directly; elsewhere (vitest's forks) it asks tsx to load it.
// The build (apps/server/build.ts) makes table.worker.ts an entry of its own, which read-table.ts starts instead.
try {
  await import('./table.worker.ts');
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { tsImport } = await import('tsx/esm/api');
  await tsImport('./table.worker.ts', import.meta.url);
}
