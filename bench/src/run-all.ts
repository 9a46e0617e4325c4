import { benchSystemEndpoints } from './system-endpoints.ts';

// Benchmarks print figures and ratios; they are not tests and never fail a build.
await benchSystemEndpoints();
