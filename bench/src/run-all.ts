import { benchMarketEndpoints } from './market-endpoints.ts';
import { benchSystemEndpoints } from './system-endpoints.ts';
import { benchWebFirstLoad } from './web-first-load.ts';
import { benchWebLighthouse } from './web-lighthouse.ts';
import { benchWsFanout } from './ws-fanout.ts';

// Benchmarks print figures and ratios; they are not tests and never fail a build.
await benchSystemEndpoints();
await benchMarketEndpoints();
await benchWsFanout();
// The web checks print their figures against the targets; each catches its own errors.
await benchWebFirstLoad();
await benchWebLighthouse();
