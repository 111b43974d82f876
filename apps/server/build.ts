import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { serverEntries } from './src/lib/server-files.ts';

/*
 * The server as plain JavaScript for `node` (no TypeScript loader): `npm run build` writes apps/server/dist, which
 * `npm run serve:prod` and `npm run worker:prod` run. Every entry of `serverEntries` (the server, its worker, the
 * first-run process, the upload parser's thread, the demo pictures' process, the operators' commands) becomes
 * `dist/<name>.js`, the modules they share `dist/chunk-<hash>.js`: one flat folder, which is how
 * `src/lib/server-files.ts` finds the files beside it and apps/server above it. The workspace packages
 * (@dso/contract, @dso/domain: TypeScript source) are bundled in; every other package stays in node_modules, and the
 * build fails when the output imports one that is not a production dependency (the image installs only those).
 */

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(serverRoot, '..', '..');
const bundledPackages = ['@dso/contract', '@dso/domain'];

/** Bare imports stay imports of node_modules, but for the workspace packages, which are source to bundle. */
const keepPackagesExternal: Plugin = {
  name: 'keep-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (bundledPackages.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The packages the running server may import: the production dependencies of the server and what it bundles. */
function productionDependencies(): Set<string> {
  const manifests = ['apps/server', 'packages/contract', 'packages/domain'].map(
    (folder) =>
      JSON.parse(readFileSync(path.join(repositoryRoot, folder, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      },
  );
  return new Set(manifests.flatMap((manifest) => Object.keys(manifest.dependencies ?? {})));
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

export interface BuildServerOptions {
  /** The folder to write; a folder directly inside apps/server (default `apps/server/dist`), emptied first. */
  outdir?: string;
}

/** Bundles the server's entries into `outdir`; resolves with the files written (relative to it). */
export async function buildServer(options: BuildServerOptions = {}): Promise<string[]> {
  const outdir = path.resolve(options.outdir ?? path.join(serverRoot, 'dist'));
  // The built code finds apps/server (package.json, drizzle/, legal/) as its folder's parent.
  if (path.dirname(outdir) !== serverRoot) throw new Error(`buildServer: ${outdir} is not a folder of ${serverRoot}`);
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: serverRoot,
    entryPoints: Object.entries(serverEntries).map(([name, entry]) => ({ in: `src/${entry.source}`, out: name })),
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Class and function names show in logs and errors as they are in the source.
    keepNames: true,
    sourcemap: 'linked',
    plugins: [keepPackagesExternal],
    metafile: true,
    logLevel: 'warning',
  });
  const allowed = productionDependencies();
  const strays = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageName(imported.path);
      if (!allowed.has(name)) strays.add(name);
    }
  }
  if (strays.size > 0) {
    throw new Error(
      `the built server imports packages that are not production dependencies of @dso/server, @dso/contract or @dso/domain: ${[...strays].join(', ')}`,
    );
  }
  return Object.keys(result.metafile.outputs).map((file) => path.relative(outdir, path.resolve(serverRoot, file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const files = await buildServer();
  const entries = files.filter((file) => file.endsWith('.js') && !file.startsWith('chunk-'));
  console.log(
    `apps/server/dist: ${entries.length} entries (${entries.join(', ')}) and ${files.length - entries.length} other files in ${Math.round(performance.now() - started)} ms`,
  );
}
