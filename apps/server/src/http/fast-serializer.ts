import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are serialized by fast-json-stringify from the JSON Schema of the route's zod response
 * schema (decision 012): a code-generated stringifier that writes the declared properties in their
 * declared order and nothing else, instead of a full zod parse plus `JSON.stringify` per answer.
 *
 * The contract is still checked: with `verify` (tests and development) every answer is also parsed
 * by the zod schema, a mismatch fails as before (ResponseSerializationError, answered 500), and the
 * fast output must equal `JSON.stringify` of zod's output byte for byte.
 *
 * A schema the simplification below cannot express exactly (unions of different shapes, tuples,
 * recursion) keeps the zod serializer; so does a schema zod cannot turn into JSON Schema at all.
 */

type JsonSchema = Record<string, unknown>;

class Unsupported extends Error {}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** Keywords that would need real validation to serialize: such schemas keep the zod serializer. */
const UNSUPPORTED = ['oneOf', 'allOf', 'not', 'if', '$ref', '$defs', 'prefixItems', 'patternProperties'];

function typeOfConst(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (value === null) return 'null';
  throw new Unsupported('const of an unexpected kind');
}

function isNull(schema: JsonSchema): boolean {
  return schema.type === 'null' || (schema.const === null && schema.type === undefined);
}

/**
 * Reduces a JSON Schema to what fast-json-stringify needs to write the value: types, properties,
 * required, items, additional properties, defaults and nullability. Validation keywords (bounds,
 * patterns, enums, consts) are dropped: the handlers' types and, in tests, zod guarantee them.
 */
export function serializationSchema(input: unknown): JsonSchema {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new Unsupported('not a schema object');
  }
  const schema = input as JsonSchema;
  for (const keyword of UNSUPPORTED) if (keyword in schema) throw new Unsupported(keyword);

  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as JsonSchema[]).map((b) => b);
    const nullable = branches.some(isNull);
    const rest = branches.filter((b) => !isNull(b)).map(serializationSchema);
    let merged: JsonSchema;
    if (rest.length === 1) {
      merged = rest[0]!;
    } else if (
      rest.length > 1 &&
      rest.every(
        (b) => Object.keys(b).length === 1 && typeof b.type === 'string' && SCALAR_TYPES.has(b.type),
      ) &&
      new Set(rest.map((b) => (b.type === 'integer' ? 'number' : b.type))).size === 1
    ) {
      // Literals of one kind (1 | 2 | 3): the value is written as the number or string it is.
      merged = { type: rest.some((b) => b.type === 'number') ? 'number' : rest[0]!.type };
    } else {
      throw new Unsupported('a union of different shapes');
    }
    if (!nullable) return merged;
    if (merged.type === undefined) return {};
    return { ...merged, nullable: true };
  }

  const out: JsonSchema = {};
  let type = schema.type;
  if (type === undefined && schema.const !== undefined) type = typeOfConst(schema.const);
  if (type === undefined && schema.enum !== undefined) {
    const kinds = new Set((schema.enum as unknown[]).map(typeOfConst));
    if (kinds.size !== 1) throw new Unsupported('an enum of mixed kinds');
    type = [...kinds][0];
  }
  if (type === undefined && schema.properties !== undefined) type = 'object';
  if (type !== undefined) out.type = type;
  if (schema.nullable === true) out.nullable = true;
  if (schema.default !== undefined) out.default = schema.default;

  if (type === 'object') {
    if (schema.properties !== undefined) {
      const properties: Record<string, JsonSchema> = {};
      for (const [key, value] of Object.entries(schema.properties as Record<string, unknown>)) {
        properties[key] = serializationSchema(value);
      }
      out.properties = properties;
    }
    if (Array.isArray(schema.required)) out.required = schema.required;
    const additional = schema.additionalProperties;
    if (typeof additional === 'object' && additional !== null) {
      out.additionalProperties = serializationSchema(additional);
    } else if (additional === true || (additional === undefined && schema.properties === undefined)) {
      out.additionalProperties = true;
    } else {
      out.additionalProperties = false;
    }
  } else if (type === 'array') {
    if (schema.items !== undefined) {
      if (Array.isArray(schema.items)) throw new Unsupported('tuple items');
      out.items = serializationSchema(schema.items);
    }
  } else if (Array.isArray(type)) {
    if (!type.every((t) => typeof t === 'string' && (SCALAR_TYPES.has(t) || t === 'null'))) {
      throw new Unsupported('several types, one of them structured');
    }
  }
  return out;
}

/** The fast stringifier of a zod schema, or null when it must keep the zod serializer. */
export function compileFastStringify(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw' });
    return fastJson(serializationSchema(jsonSchema)) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/** The answer failed the zod contract, or the fast output differed from the contract's. */
function contractMismatch(method: string, url: string, fast: string, expected: string): Error {
  return new Error(
    `The fast serializer of ${method} ${url} differs from the contract's serialization:\n${fast}\n${expected}`,
  );
}

/**
 * Answers `encode()` after checking the answer: throws when `data` does not satisfy the zod schema
 * (ResponseSerializationError, as the zod serializer did) or when the encoded text is not exactly
 * `JSON.stringify` of zod's output.
 */
export function verifyAnswer(
  schema: z.ZodType,
  data: unknown,
  encode: () => string,
  method: string,
  url: string,
): string {
  const result = schema.safeParse(data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  const text = encode();
  const expected = JSON.stringify(result.data);
  if (text !== expected) throw contractMismatch(method, url, text, expected);
  return text;
}

export interface FastSerializerOptions {
  /** Also parse every answer with zod and compare the outputs (tests, development). */
  verify: boolean;
}

export function createFastSerializerCompiler(
  options: FastSerializerOptions,
): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const fast = compileFastStringify(schema);
    if (!fast) {
      return (data) => {
        const result = schema.safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
        return JSON.stringify(result.data);
      };
    }
    if (!options.verify) return fast;
    return (data) => verifyAnswer(schema, data, () => fast(data), method, url);
  };
}
