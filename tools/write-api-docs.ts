import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints, renderApiReference } from '@vela/contract';

// Rewrites docs/api.md from the contract (npm run docs:api).
const target = path.resolve(import.meta.dirname, '../docs/api.md');
fs.writeFileSync(target, renderApiReference(allEndpoints()));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
