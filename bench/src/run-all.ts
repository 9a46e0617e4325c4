import { benchSystemEndpoints } from './system-endpoints.ts';
import { benchWsFanout } from './ws-fanout.ts';

// Benchmarks print figures and ratios; they are not tests and never fail a build.
await benchSystemEndpoints();
await benchWsFanout();
