// Prints the closing "N passed, N failed" line of scripts/test.sh. Test steps count their cases from
// the runner's JSON report; a check step (format, lint, types, build) counts as one. A test step that
// failed without any failing case in its report (it crashed, or wrote no report) counts one failure,
// so a broken runner can never look green.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const steps = readFileSync(path.join(dir, 'steps.tsv'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split('\t'));

function casesOf(report) {
  const file = path.join(dir, report);
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in json) {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0),
    };
  }
  return { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected };
}

let passed = 0;
let failed = 0;
for (const [name, result, report] of steps) {
  if (report === '-') {
    if (result === 'ok') passed += 1;
    else failed += 1;
    continue;
  }
  const cases = casesOf(report);
  passed += cases.passed;
  failed += cases.failed;
  if (result !== 'ok' && cases.failed === 0) {
    console.log(`${name}: failed without a failing test case (crash or no report)`);
    failed += 1;
  }
}
console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
