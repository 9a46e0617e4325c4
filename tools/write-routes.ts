import fs from 'node:fs';
import path from 'node:path';
import { endpoints, renderRoutes } from '@vela/contract';

// Rewrites packages/contract/src/routes.ts from the endpoint declarations (npm run contract:routes).
const target = path.resolve(import.meta.dirname, '../packages/contract/src/routes.ts');
fs.writeFileSync(target, renderRoutes(endpoints));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
