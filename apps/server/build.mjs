import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// The server ships as one ES module: our workspace packages (TypeScript sources) are bundled in,
// third-party dependencies stay in node_modules so native addons (better-sqlite3, argon2) load as usual.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@vela/'));

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/cli.js');
