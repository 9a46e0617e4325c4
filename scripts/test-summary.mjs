// Prints the closing "N passed, N failed" line of scripts/test.sh. Test steps count their cases from
// the runner's JSON report; a check step (format, lint, types, build) counts as one. A test step that
// failed without any failing case in its report (it crashed, or wrote no report) counts one failure,
// so a broken runner can never look green. Every failure is named above the count, because the count
// is what a shortened log keeps: the last lines must say what to fix.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const steps = readFileSync(path.join(dir, 'steps.tsv'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split('\t'));

// A terminal colour code: the escape character, then "[", digits and ";", and "m".
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

// The first lines of a failure's message, without colour codes: enough to say why in a short log.
function reasonOf(message) {
  if (!message) return '';
  const lines = message
    .replace(COLOUR_CODE, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines
    .slice(0, 3)
    .map((line) => `\n    ${line.slice(0, 200)}`)
    .join('');
}

// The failing cases of a Vitest report: each file's failed tests, and files that failed to run.
function vitestFailures(json) {
  const names = [];
  for (const file of json.testResults) {
    const where = path.relative(process.cwd(), file.name);
    const failing = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failing) {
      names.push(`${where} > ${test.fullName}${reasonOf(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failing.length === 0) {
      names.push(`${where} (did not run)${reasonOf(file.message)}`);
    }
  }
  return names;
}

// The failing cases of a Playwright report, found by walking its nested suites.
function playwrightFailures(suites) {
  const names = [];
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      const failing = spec.tests.find((test) => test.status === 'unexpected');
      if (failing) {
        const error = failing.results.at(-1)?.error?.message;
        names.push(`${spec.file}:${spec.line} > ${spec.title}${reasonOf(error)}`);
      }
    }
    names.push(...playwrightFailures(suite.suites));
  }
  return names;
}

function casesOf(report) {
  const file = path.join(dir, report);
  if (!existsSync(file)) return { passed: 0, failed: 0, names: [] };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in json) {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0),
      names: vitestFailures(json),
    };
  }
  return {
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
    names: playwrightFailures(json.suites),
  };
}

let passed = 0;
let failed = 0;
const failures = [];
for (const [name, result, report] of steps) {
  if (report === '-') {
    if (result === 'ok') passed += 1;
    else {
      failed += 1;
      failures.push(`${name}: failed`);
    }
    continue;
  }
  const cases = casesOf(report);
  passed += cases.passed;
  failed += cases.failed;
  failures.push(...cases.names.map((test) => `${name}: ${test}`));
  if (result !== 'ok' && cases.failed === 0) {
    failures.push(`${name}: failed without a failing test case (crash or no report)`);
    failed += 1;
  }
}
console.log('');
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
