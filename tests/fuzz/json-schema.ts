/**
 * The part of JSON Schema (OpenAPI 3.0's dialect) that the shop's API document uses, for the
 * document-driven fuzz test: a checker that says what is wrong with a value, and fast-check
 * arbitraries of valid and invalid values. Written against the document alone (never the
 * server's zod schemas), so the test compares two independent readings of each rule.
 *
 * What the document says in prose, the reader is told (ReaderRules): text holding the NUL character
 * is refused wherever it is (every 400's description says so), and a body's objects accept fields
 * they do not name (no `additionalProperties: false`), which valid values then carry at times.
 *
 * Two readings worth knowing:
 *  - `nullable: true` admits null even beside `anyOf` (as Schemathesis and most tools read it;
 *    OpenAPI 3.0.3's letter applies it to `type` only);
 *  - lengths count code points, as JSON Schema says.
 */
import fc from 'fast-check';

export interface Schema {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  description?: string;
}

/** Known-good values by property or parameter name, so generated requests reach real records. */
export type Hints = (name: string) => readonly unknown[];

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** How far a generated string may run past its minimum length (keeps requests small). */
const EXTRA_LENGTH = 30;

/** Rules the document states in prose, not in its schemas. */
export interface ReaderRules {
  /** Text holding U+0000 is refused anywhere (values and property names). */
  nulRefused: boolean;
}

/** Names of fields no schema of the shop uses: valid values carry them where a schema allows unnamed fields. */
const unknownFieldName = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 8 }).map((name) => `x_${name}`);

export class SchemaReader {
  constructor(
    private readonly components: Record<string, Schema>,
    private readonly rules: ReaderRules = { nulRefused: false },
  ) {}

  /** The schema a `$ref` points at (refs to refs followed). */
  resolve(schema: Schema): Schema {
    let current = schema;
    while (current.$ref !== undefined) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = this.components[name];
      if (!target) throw new Error(`Unknown schema reference ${current.$ref}`);
      current = target;
    }
    return current;
  }

  /** What is wrong with `value` according to `schema`, or null when it is valid. */
  problemOf(schema: Schema, value: unknown, at = '(value)'): string | null {
    const s = this.resolve(schema);
    if (this.rules.nulRefused && typeof value === 'string' && value.includes('\u0000')) return `${at} contains the NUL character`;
    if (value === null && (s.nullable === true || s.enum?.includes(null))) return null;
    if (s.enum && !s.enum.some((option) => option === value)) return `${at} is not one of ${JSON.stringify(s.enum)}`;
    for (const member of s.allOf ?? []) {
      const problem = this.problemOf(member, value, at);
      if (problem) return problem;
    }
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives && !alternatives.some((member) => this.problemOf(member, value, at) === null)) {
      return `${at} matches none of its alternatives`;
    }
    if (s.type !== undefined && !hasType(value, s.type)) return `${at} is not of type ${s.type}`;
    if (typeof value === 'number') return numberProblem(s, value, at);
    if (typeof value === 'string') return stringProblem(s, value, at);
    if (Array.isArray(value)) return this.arrayProblem(s, value, at);
    if (typeof value === 'object' && value !== null) return this.objectProblem(s, value as Record<string, unknown>, at);
    return null;
  }

  private arrayProblem(s: Schema, value: unknown[], at: string): string | null {
    if (s.minItems !== undefined && value.length < s.minItems) return `${at} has fewer than ${s.minItems} items`;
    if (s.maxItems !== undefined && value.length > s.maxItems) return `${at} has more than ${s.maxItems} items`;
    if (!s.items) return null;
    for (const [index, item] of value.entries()) {
      const problem = this.problemOf(s.items, item, `${at}[${index}]`);
      if (problem) return problem;
    }
    return null;
  }

  private objectProblem(s: Schema, value: Record<string, unknown>, at: string): string | null {
    for (const name of s.required ?? []) if (value[name] === undefined) return `${at}.${name} is missing`;
    for (const [name, item] of Object.entries(value)) {
      if (this.rules.nulRefused && name.includes('\u0000')) return `${at} has a property name with the NUL character`;
      if (item === undefined) continue;
      const declared = s.properties?.[name];
      const schema = declared ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      if (!declared && s.additionalProperties === false) return `${at}.${name} is not a documented property`;
      const problem = schema ? this.problemOf(schema, item, `${at}.${name}`) : null;
      if (problem) return problem;
    }
    return null;
  }

  /** Values `schema` calls valid; `hints` are tried first for properties with a known-good value. */
  valid(schema: Schema, hints: Hints = () => [], name = '', depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const known = hints(name).filter((value) => this.problemOf(s, value) === null);
    const generated = this.generated(s, hints, depth);
    const withHints = known.length === 0 ? generated : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated });
    return s.nullable ? fc.oneof({ weight: 6, arbitrary: withHints }, { weight: 1, arbitrary: fc.constant(null) }) : withHints;
  }

  private generated(s: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.allOf?.length === 1 && !s.type) return this.valid(s.allOf[0]!, hints, '', depth);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((member) => this.valid(member, hints, '', depth + 1)));
    switch (s.type) {
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: Math.max(lowest(s, 1), INT32_MIN), max: Math.min(highest(s, 1), INT32_MAX) });
      case 'number':
        return s.multipleOf ? multiplesOf(s) : fc.double({ min: lowest(s, 0), max: highest(s, 0), noNaN: true, noDefaultInfinity: true });
      case 'string':
        return validText(s);
      case 'array':
        return fc.array(s.items ? this.valid(s.items, hints, '', depth + 1) : smallJsonValue, {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 3, 3),
        });
      case 'object':
        return this.validObject(s, hints, depth);
      default:
        return smallJsonValue;
    }
  }

  private validObject(s: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
    if (!s.properties && typeof s.additionalProperties === 'object') {
      return fc.dictionary(fc.string({ unit: letter, minLength: 1, maxLength: 8 }), this.valid(s.additionalProperties, hints, '', depth + 1), { maxKeys: 3 });
    }
    if (depth > 4) return fc.constant({});
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(s.properties ?? {})) model[name] = this.valid(property, hints, name, depth + 1);
    const named = fc.record(model, { requiredKeys: s.required ?? [] });
    if (s.additionalProperties === false) return named;
    // Fields the schema does not name are allowed: sometimes send one, as a client of another version would.
    const unnamed = fc.dictionary(unknownFieldName, smallJsonValue, { maxKeys: 2 });
    return fc.oneof({ weight: 2, arbitrary: named }, { weight: 1, arbitrary: fc.tuple(named, unnamed).map(([known, extra]) => ({ ...extra, ...(known as object) })) });
  }

  /**
   * Values that are probably invalid for `schema`: wrong types, each bound just crossed, text that
   * misses the pattern. The caller keeps only those problemOf calls invalid.
   */
  invalid(schema: Schema): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const near: unknown[] = [];
    const step = s.type === 'integer' ? 1 : s.multipleOf ?? 0.5;
    if (s.minimum !== undefined) near.push(s.minimum - step, s.minimum - 0.001);
    if (s.maximum !== undefined) near.push(s.maximum + step, s.maximum + 0.001);
    if (s.type === 'integer') near.push(1.5, (s.minimum ?? 0) + 0.5);
    if (s.multipleOf !== undefined) near.push((s.minimum ?? 0) + s.multipleOf * 101 + s.multipleOf / 10);
    if (s.maxLength !== undefined) near.push('x'.repeat(s.maxLength + 1));
    if (s.minLength !== undefined && s.minLength > 0) near.push('x'.repeat(s.minLength - 1));
    if (s.enum) near.push(`not ${String(s.enum[0])}`);
    if (this.rules.nulRefused) near.push('a\u0000b', '\u0000');
    const choices: fc.Arbitrary<unknown>[] = [wrongTypes];
    if (near.length > 0) choices.push(fc.constantFrom(...near));
    if (s.pattern !== undefined) choices.push(fc.string({ unit: textCharacter, maxLength: 20 }));
    return fc.oneof(...choices);
  }
}

function hasType(value: unknown, type: NonNullable<Schema['type']>): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function numberProblem(s: Schema, value: number, at: string): string | null {
  if (s.minimum !== undefined && (s.exclusiveMinimum ? value <= s.minimum : value < s.minimum)) return `${at} is below ${s.minimum}`;
  if (s.maximum !== undefined && (s.exclusiveMaximum ? value >= s.maximum : value > s.maximum)) return `${at} is above ${s.maximum}`;
  if (s.multipleOf !== undefined) {
    // Float-aware, as a client computing in binary floating point needs: 0.57 / 0.01 is 56.99999999999999.
    const quotient = value / s.multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-6 * Math.max(1, Math.abs(quotient) * 1e-6)) return `${at} is not a multiple of ${s.multipleOf}`;
  }
  return null;
}

function stringProblem(s: Schema, value: string, at: string): string | null {
  const length = [...value].length;
  if (s.minLength !== undefined && length < s.minLength) return `${at} is shorter than ${s.minLength}`;
  if (s.maxLength !== undefined && length > s.maxLength) return `${at} is longer than ${s.maxLength}`;
  if (s.pattern !== undefined && !new RegExp(s.pattern).test(value)) return `${at} does not match ${s.pattern}`;
  return null;
}

/** The smallest (or largest) allowed value; `step` moves off an exclusive bound. */
function lowest(s: Schema, step: number): number {
  if (s.minimum === undefined) return step === 1 ? INT32_MIN : -1e9;
  return s.exclusiveMinimum ? s.minimum + (step || Number.EPSILON) : s.minimum;
}
function highest(s: Schema, step: number): number {
  if (s.maximum === undefined) return step === 1 ? INT32_MAX : 1e9;
  return s.exclusiveMaximum ? s.maximum - (step || Number.EPSILON) : s.maximum;
}

/** Exact multiples such as pence: k / 100 is the double nearest k pence (k * 0.01 is not always). */
function multiplesOf(s: Schema): fc.Arbitrary<number> {
  const perUnit = Math.round(1 / s.multipleOf!);
  const min = Math.ceil(lowest(s, 0) * perUnit);
  const max = Math.floor(Math.min(highest(s, 0), INT32_MAX / perUnit) * perUnit);
  return fc.integer({ min, max }).map((k) => k / perUnit);
}

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
/**
 * Characters of generated text: mostly ASCII, some Latin-1 and CJK. Never NUL in valid text (the
 * document says it is refused; invalid() sends it), never a lone surrogate
 * or an astral character (the server counts UTF-16 units, JSON Schema code points).
 */
const textCharacter = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFXYZ0123456789-_.@,/') },
  { weight: 2, arbitrary: fc.constantFrom(' ', 'é', 'ß', '£', '中', '\t', "'", '"', '<', '%', '&', '+', '#', '?') },
);

/**
 * Text the schema calls valid. Never with whitespace at either end: the server trims names and
 * address fields before their length rules, which JSON Schema cannot say (reported in the issue).
 */
function validText(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? minLength + EXTRA_LENGTH, minLength + EXTRA_LENGTH);
  const inRange = (text: string) => {
    const length = [...text].length;
    return length >= minLength && length <= (s.maxLength ?? Infinity);
  };
  if (s.pattern !== undefined) {
    const pattern = new RegExp(s.pattern);
    return fc.stringMatching(pattern).filter((text) => inRange(text) && text === text.trim() && !text.includes('\u0000'));
  }
  return fc.string({ unit: textCharacter, minLength, maxLength }).map((text) => text.replace(/^\s/, 'x').replace(/\s$/, 'x'));
}

const smallJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: textCharacter, maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ unit: letter, minLength: 1, maxLength: 6 }), fc.string({ unit: textCharacter, maxLength: 6 }), { maxKeys: 2 }),
);

/** A value of another JSON type, or one that parsers tend to misread. */
const wrongTypes: fc.Arbitrary<unknown> = fc.constantFrom(
  null, true, false, 0, -1, 0.5, 1.5, 2 ** 31, 2 ** 53 + 2, 1e21, -1e21, '', ' ', 'x', 'NaN', '0', '-1', '1.5', '0.0', '9999999999',
  '19874813330094300', [], [1], {}, { a: 1 },
);
