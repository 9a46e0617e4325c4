import { benchLedger } from './ledger-throughput.ts';
import { benchMarketEndpoints } from './market-endpoints.ts';
import { benchSystemEndpoints } from './system-endpoints.ts';
import { benchTimingSettlement } from './timing-settlement.ts';
import { benchWebFirstLoad } from './web-first-load.ts';
import { benchWebLighthouse } from './web-lighthouse.ts';
import { benchWsFanout } from './ws-fanout.ts';

// Benchmarks print figures and ratios; they are not tests and never fail a build.
await benchSystemEndpoints();
await benchMarketEndpoints();
await benchWsFanout();
await benchLedger();
await benchTimingSettlement();
// The web checks print their figures against the targets; each catches its own errors.
await benchWebFirstLoad();
await benchWebLighthouse();
