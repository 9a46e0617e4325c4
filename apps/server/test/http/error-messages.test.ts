import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_CODES } from '@vela/contract';
import { TX_HASH_RULES, type AmountError } from '@vela/domain';
import { en, interpolate, loadCatalogue, LOCALE_CODES, type Catalogue } from '@vela/i18n';
import { createTestApp, expectFailure, tr, type TestApp } from '../helpers/test-app.ts';
import { idemKey, vcIdOf } from '../modules/ledger/ledger-helpers.ts';
import { signedInOperator } from '../modules/operators/operator-helpers.ts';

/**
 * No answer of the server carries an unfilled `{{placeholder}}`. The server's sources are read for
 * every place that builds a message: each `new AppError(...)` and `fieldError(...)` with its code,
 * message key and the names of the params it passes, and each `messages.t(locale, 'error.…', …)`.
 * Every such message is then rendered in every catalogue with exactly those params.
 */

const SOURCE_ROOT = path.resolve(import.meta.dirname, '../../src');
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The kinds of `AmountError`; the type check below fails when the domain adds one. */
const AMOUNT_ERRORS = ['amountEmpty', 'amountWrong', 'amountPrecision', 'amountOutOfRange'] as const;
type UnlistedAmountError = Exclude<AmountError, (typeof AMOUNT_ERRORS)[number]>;
const amountErrorsListed: [UnlistedAmountError] extends [never] ? true : false = true;

/**
 * Codes and keys the scan cannot read from a literal, resolved by hand: "file|expression" (a
 * template's `${…}` parts written as `*`). A new site the scan cannot resolve fails the test
 * until it is added here.
 */
const RESOLVED: Record<string, readonly string[]> = {
  // fieldError's own body: its callers are scanned.
  'errors.ts|code': [],
  // The body of payment-service's validationError(field, key): its callers are scanned.
  'modules/payment/payment-service.ts|messageKey': [],
  // uploadProblem() names one of these.
  'modules/payment/payment-service.ts|problem': [
    'UPLOAD_NOT_FOUND',
    'UPLOAD_PURPOSE_MISMATCH',
    'UPLOAD_USED',
  ],
  // The not-found handler: an unknown path, or a known one asked with the wrong method.
  'http/error-handler.ts|error.*': ['error.NOT_FOUND', 'error.METHOD_NOT_ALLOWED'],
  'modules/ledger/amounts.ts|validation.*': AMOUNT_ERRORS.map((kind) => `validation.${kind}`),
  // A spot limit price refused names the rule it broke.
  'modules/spot/spot-terms.ts|PRICE_MESSAGES[result.error]': [
    'validation.priceEmpty',
    'validation.priceWrong',
    'validation.pricePrecision',
    'validation.priceRange',
  ],
  // A transaction hash refused names its network's rule.
  'modules/funding/funding-service.ts|validation.txHash.*': TX_HASH_RULES.map(
    (rule) => `validation.txHash.${rule}`,
  ),
};

interface MessageSite {
  where: string;
  key: string;
  params: readonly string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A string literal's text, or a template's with its `${…}` parts as `*`. */
function literalText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `*${span.literal.text}`).join('');
  }
  return undefined;
}

function resolved(file: string, text: string, problems: string[]): readonly string[] {
  const entry = RESOLVED[`${file}|${text}`];
  if (!entry) problems.push(`${file}: cannot tell what ${text} names; add it to RESOLVED`);
  return entry ?? [];
}

/** The error codes a code argument can be: its literals (a ternary has two), or a resolved entry. */
function codesOf(node: ts.Expression, file: string, problems: string[]): readonly string[] {
  const codes: string[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isStringLiteral(child) && (ERROR_CODES as readonly string[]).includes(child.text)) {
      codes.push(child.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return codes.length > 0 ? codes : resolved(file, node.getText(), problems);
}

/** The message keys a key argument can be: a literal, or a resolved template. */
function keysOf(node: ts.Expression, file: string, problems: string[]): readonly string[] {
  const text = literalText(node);
  if (text === undefined) return resolved(file, node.getText(), problems);
  return text.includes('*') ? resolved(file, text, problems) : [text];
}

/** The names of an object literal's properties; anything else cannot be checked. */
function paramNames(node: ts.Expression | undefined, where: string, problems: string[]): string[] {
  if (!node) return [];
  if (!ts.isObjectLiteralExpression(node)) {
    problems.push(`${where}: params must be an object literal for this check`);
    return [];
  }
  return node.properties.map((property) => property.name?.getText() ?? '');
}

function optionOf(options: ts.Expression | undefined, name: string): ts.Expression | undefined {
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
}

/** One construction of an AppError (directly or through fieldError), as the messages it renders. */
function appErrorSites(call: ts.NewExpression | ts.CallExpression, file: string, problems: string[]) {
  const args = call.arguments ?? ts.factory.createNodeArray();
  const [codeArg, second, third] = args;
  if (!codeArg) return [];
  const where = `${file}:${call.getSourceFile().getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
  const isFieldError = ts.isCallExpression(call);
  const keyArg = isFieldError ? third : optionOf(second, 'messageKey');
  const params = isFieldError ? [] : paramNames(optionOf(second, 'params'), where, problems);
  const keys = keyArg
    ? keysOf(keyArg, file, problems)
    : codesOf(codeArg, file, problems).map((code) => `error.${code}`);
  return keys.map((key): MessageSite => ({ where, key, params }));
}

/** payment-service's `validationError(field, key)`: a fieldError with that key and no params. */
function wrapperSites(call: ts.CallExpression, file: string, problems: string[]): MessageSite[] {
  const keyArg = call.arguments[1];
  if (!keyArg) return [];
  const where = `${file}:${call.getSourceFile().getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
  return keysOf(keyArg, file, problems).map((key) => ({ where, key, params: [] }));
}

/** `messages.t(locale, 'error.…', params)`: keys computed elsewhere are checked where they are made. */
function translateSites(call: ts.CallExpression, file: string, problems: string[]): MessageSite[] {
  const [, keyArg, paramsArg] = call.arguments;
  const text = keyArg ? literalText(keyArg) : undefined;
  if (!keyArg || text === undefined || !text.startsWith('error.')) return [];
  const where = `${file}:${call.getSourceFile().getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
  const params = paramNames(paramsArg, where, problems);
  return keysOf(keyArg, file, problems).map((key) => ({ where, key, params }));
}

function scanMessageSites(): { sites: MessageSite[]; problems: string[] } {
  const sites: MessageSite[] = [];
  const problems: string[] = [];
  for (const full of sourceFiles(SOURCE_ROOT)) {
    const file = path.relative(SOURCE_ROOT, full).split(path.sep).join('/');
    const source = ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') {
        sites.push(...appErrorSites(node, file, problems));
      } else if (ts.isCallExpression(node) && node.expression.getText() === 'fieldError') {
        sites.push(...appErrorSites(node, file, problems));
      } else if (ts.isCallExpression(node) && node.expression.getText() === 'validationError') {
        sites.push(...wrapperSites(node, file, problems));
      } else if (ts.isCallExpression(node) && /\.t$/.test(node.expression.getText())) {
        sites.push(...translateSites(node, file, problems));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { sites, problems };
}

const unfilled = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[0]);

describe('messages without unfilled placeholders', () => {
  let catalogues: [string, Catalogue][];
  let scan: ReturnType<typeof scanMessageSites>;
  beforeAll(async () => {
    catalogues = await Promise.all(
      LOCALE_CODES.map(async (code) => [code, await loadCatalogue(code)] as const),
    );
    scan = scanMessageSites();
  });

  it('every catalogue has every key of the English one', () => {
    expect(amountErrorsListed).toBe(true);
    for (const [code, catalogue] of catalogues) {
      expect(
        Object.keys(en).filter((key) => !(key in catalogue)),
        code,
      ).toEqual([]);
    }
  });

  it('renders every message the server builds, with the params it passes, completely', () => {
    const { sites, problems } = scan;
    expect(problems).toEqual([]);
    // A scan that found nothing would pass for the wrong reason.
    expect(sites.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const site of sites) {
      expect(site.key in en, `${site.where}: ${site.key} is not a catalogue key`).toBe(true);
      const params = Object.fromEntries(site.params.map((name) => [name, 'x']));
      for (const [code, catalogue] of catalogues) {
        const left = unfilled(interpolate(catalogue[site.key as keyof Catalogue], params));
        if (left.length > 0) failures.push(`${site.where} ${code} ${site.key} leaves ${left.join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('has no placeholder in the message of a code the server never builds with params', () => {
    const built = new Set(scan.sites.map((site) => site.key));
    const failures: string[] = [];
    for (const code of ERROR_CODES.filter((c) => !built.has(`error.${c}`))) {
      for (const [locale, catalogue] of catalogues) {
        const left = unfilled(catalogue[`error.${code}`]);
        if (left.length > 0) failures.push(`${locale} error.${code} leaves ${left.join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('answers that name what was not found and the rule that was broken', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const adjust = (token: string, body: Record<string, unknown>, lang = 'en') =>
    t.post(endpoints.funding.adminBalanceAdjust.path, body, {
      token,
      lang,
      headers: { 'idempotency-key': idemKey() },
    });

  it('answers USER_NOT_FOUND with a real message to an adjustment for an unknown user', async () => {
    const admin = await signedInOperator(t, 'administrator');
    const usdt = await vcIdOf(t, 'USDT');
    for (const lang of ['en', 'ja'] as const) {
      const body = { userId: 987_654, vcId: usdt.id, amount: '5', reason: 'Goodwill credit' };
      const result = await adjust(admin.token, body, lang);
      expectFailure(result, 'USER_NOT_FOUND', { field: 'userId' });
      expect(result.body.message).toBe(await tr(lang, 'error.USER_NOT_FOUND'));
      expect(result.body.message).not.toMatch(PLACEHOLDER);
    }
  });

  it('states the minimum length of an adjustment reason instead of "required"', async () => {
    const admin = await signedInOperator(t, 'administrator');
    const usdt = await vcIdOf(t, 'USDT');
    for (const lang of ['en', 'tr'] as const) {
      const result = await adjust(admin.token, { userId: 1, vcId: usdt.id, amount: '5', reason: 'x' }, lang);
      expectFailure(result, 'VALIDATION_FAILED', { field: 'reason' });
      expect(result.body.message).toBe(
        await tr(lang, 'validation.fieldInvalid', {
          field: await tr(lang, 'field.reason'),
          reason: await tr(lang, 'validation.minLength', { minimum: 5 }),
        }),
      );
    }
    const english = await adjust(admin.token, { userId: 1, vcId: usdt.id, amount: '5', reason: 'ab' });
    expect(english.body.message).toBe('Reason: Enter at least 5 characters');
  });
});
