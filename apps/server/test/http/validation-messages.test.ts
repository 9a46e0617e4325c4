import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '@vela/contract';
import { translate, loadCatalogue, type Catalogue } from '@vela/i18n';
import { Messages } from '../../src/http/messages.ts';
import { describeIssues } from '../../src/http/validation.ts';

/**
 * A refused text states the length rule it broke, with its number, for every text field of every
 * endpoint: "Reason: Enter at least 5 characters", never "This field is required" for a text that
 * is there but short, nor "The text is too long" without the limit.
 */

interface TextField {
  where: string;
  name: string;
  schema: z.ZodString;
}

type AnySchema = z.core.$ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** Every string schema inside a body schema, with the name of the property that holds it. */
function textFields(schema: AnySchema, where: string, name: string): TextField[] {
  const def = schema._zod.def;
  if (def.type === 'string') return [{ where, name, schema: schema as unknown as z.ZodString }];
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, child]) =>
      textFields(child, `${where}.${key}`, key),
    );
  }
  if (WRAPPERS.has(def.type)) return textFields(def.innerType as AnySchema, where, name);
  if (def.type === 'pipe') {
    return [
      ...textFields(def.in as AnySchema, where, name),
      ...textFields(def.out as AnySchema, where, name),
    ];
  }
  if (def.type === 'array') return textFields(def.element as AnySchema, `${where}[]`, name);
  if (def.type === 'union') {
    return (def.options as AnySchema[]).flatMap((option, index) =>
      textFields(option, `${where}|${index}`, name),
    );
  }
  return [];
}

describe('length rules in validation messages', () => {
  let messages: Messages;
  let english: Catalogue;
  const fields = allEndpoints().flatMap((endpoint) =>
    textFields(endpoint.body as unknown as AnySchema, endpoint.path, ''),
  );

  beforeAll(async () => {
    messages = await Messages.load();
    english = await loadCatalogue('en');
  });

  /** The reasons the server gives for a value of the field, one per problem. */
  const reasonsFor = (field: TextField, value: string) => {
    const result = z.object({ [field.name]: field.schema }).safeParse({ [field.name]: value });
    expect(result.success, `${field.where} accepted ${value.length} characters`).toBe(false);
    return describeIssues(result.error?.issues ?? [], messages, 'en').map((problem) => problem.message);
  };

  it('finds the text fields of the contract', () => {
    expect(fields.length).toBeGreaterThan(50);
    expect(fields.some((field) => field.where === '/admin/balance/adjust.reason')).toBe(true);
  });

  it('names the minimum of every text field whose minimum is above one character', () => {
    const bounded = fields.filter((field) => (field.schema.minLength ?? 0) > 1);
    expect(bounded.length).toBeGreaterThan(0);
    for (const field of bounded) {
      const minimum = field.schema.minLength ?? 0;
      const stated = translate(english, 'validation.minLength', { minimum });
      const reasons = reasonsFor(field, 'x'.repeat(minimum - 1));
      expect(
        reasons.some((reason) => reason.endsWith(`: ${stated}`)),
        `${field.where}: ${reasons.join(' | ')}`,
      ).toBe(true);
    }
  });

  it('names the maximum of every text field that has one', () => {
    const bounded = fields.filter((field) => field.schema.maxLength !== null);
    expect(bounded.length).toBeGreaterThan(0);
    for (const field of bounded) {
      const maximum = field.schema.maxLength ?? 0;
      const stated = translate(english, 'validation.maxLength', { maximum });
      const reasons = reasonsFor(field, 'x'.repeat(maximum + 1));
      expect(
        reasons.some((reason) => reason.endsWith(`: ${stated}`)),
        `${field.where}: ${reasons.join(' | ')}`,
      ).toBe(true);
    }
  });
});
