/**
 * The served OpenAPI document (GET /api/docs/json) says what the server does, no more.
 *
 * fastify-type-provider-zod writes every contract schema twice, as the server reads it (input,
 * named `<Id>Input`) and as it writes it (output, `<Id>`), whether or not a route uses that
 * reading. The unused halves told clients false things: a request body's output reading says
 * `additionalProperties: false` (the server ignores unknown fields), shows ids it turns into
 * numbers as "any value", and MarkAsBilling's, a transform, came out as an empty `anyOf`. So:
 *  - only schemas an operation reaches are kept (request bodies in their input reading,
 *    answers in their output reading), and a request schema keeps its contract name (`SignUp`,
 *    not `SignUpInput`) when that name is free;
 *  - every operation documents its 400 and says what refuses a request besides its schema: the
 *    NUL character (U+0000) in any text (http/nul-characters.ts), which JSON Schema cannot
 *    express; an operation without parameters refuses it too, in a query it does not read.
 *
 * Request bodies accept and ignore fields they do not name (DESIGN section 4: what SPEC 7's
 * client sends and the server does not take, such as `user_id`, is accepted and ignored): their
 * schemas leave `additionalProperties` out, which JSON Schema reads as "allowed".
 */
import { nulCharacterMessage } from './nul-characters.ts';

type Json = unknown;
interface Document {
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> } & Record<string, Json>;
  [key: string]: Json;
}

const SCHEMA_REF = '#/components/schemas/';

/** What every documented 400 says (with the route's own rules in its schemas and description). */
export const BAD_REQUEST_DESCRIPTION =
  'Refused, nothing changed: the request breaks a rule of its documented schema or parameters, or a business rule the description names. ' +
  'Text anywhere in the request (body, query or path, names included) must not contain the NUL character (U+0000): ' +
  `such a request is refused whatever its schema says, with the message "${nulCharacterMessage}" after the field's name. ` +
  'The body is `{ error, message, fields? }`.';

function refsIn(value: Json, found: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)) found.add(item.slice(SCHEMA_REF.length));
      else refsIn(item, found);
    }
  }
  return found;
}

function renamedRefs(value: Json, names: Map<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => renamedRefs(item, names));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)) {
        const name = item.slice(SCHEMA_REF.length);
        return [key, SCHEMA_REF + (names.get(name) ?? name)];
      }
      return [key, renamedRefs(item, names)];
    }),
  );
}

/** The document with only the schemas its operations reach, request schemas under their contract names, and every 400 described. */
export function truthfulApiDocument<T extends object>(served: T): T {
  const document = served as Document;
  const all = document.components?.schemas ?? {};
  const described = structuredClone(document.paths ?? {}) as Record<string, Record<string, { responses?: Record<string, Json> }>>;
  for (const operations of Object.values(described)) {
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      responses['400'] = {
        content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}Error` } } },
        ...(responses['400'] as object | undefined),
        description: BAD_REQUEST_DESCRIPTION,
      };
    }
  }
  // Reachable from the operations, following references between schemas.
  const kept = refsIn(described, new Set());
  const pending = [...kept];
  while (pending.length > 0) {
    for (const name of refsIn(all[pending.pop()!], new Set())) {
      if (!kept.has(name)) {
        kept.add(name);
        pending.push(name);
      }
    }
  }
  const names = new Map<string, string>();
  for (const name of kept) {
    const contractName = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
    if (contractName && !kept.has(contractName)) names.set(name, contractName);
  }
  const schemas = Object.fromEntries([...kept].sort().map((name) => [names.get(name) ?? name, renamedRefs(all[name], names)]));
  return { ...document, paths: renamedRefs(described, names), components: { ...document.components, schemas } } as T;
}
