/**
 * Finds every id a request can carry (decision 095), by walking each contract endpoint's params, query and body
 * schemas: a field whose schema is one of the contract's id schemas is an id, and a field whose name says it is an
 * id (`id`, `uid`, `*_id`, `uids`) but whose schema is not one is reported, so no id escapes the family.
 */
import type * as z from 'zod/mini';
import { bigId, BIG_ID_MAX, contentApi, idParam, incomesApi, serialId, serialIdParam, SERIAL_ID_MAX, type Endpoint } from '@reef/contract';

export type IdWhere = 'params' | 'query' | 'body';

export interface RequestId {
  where: IdWhere;
  /** Keys from the part's root to the field (a body's nested object gives two keys). */
  path: string[];
  /** The largest id its column holds. */
  max: number;
  /** A path/query id (decimal text) rather than a JSON body's integer. */
  text: boolean;
}

export interface UnmarkedId {
  where: IdWhere;
  path: string[];
  schemaType: string;
}

const ID_KINDS = new Map<unknown, { max: number; text: boolean }>([
  [serialId, { max: SERIAL_ID_MAX, text: false }],
  [serialIdParam, { max: SERIAL_ID_MAX, text: true }],
  [bigId, { max: BIG_ID_MAX, text: false }],
  [idParam, { max: BIG_ID_MAX, text: true }],
]);

interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  left?: z.ZodMiniType;
  element?: z.ZodMiniType;
  right?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The id schema's kind inside optional/nullable/default wrappers, or null when the field is not an id. */
function idKind(schema: z.ZodMiniType): { max: number; text: boolean } | null {
  let current: z.ZodMiniType | undefined = schema;
  while (current) {
    const kind = ID_KINDS.get(current);
    if (kind !== undefined) return kind;
    const def = defOf(current);
    current = ['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly'].includes(def.type) ? def.innerType : undefined;
  }
  return null;
}

// Fields named like ids that name no numbered row: a chat message's `client_id` (a nonce the client picks), an
// article's slug and a reward kind (`/api/user/award_log/:id`, the spec's path).
const NOT_ROW_ID_NAMES = new Set(['client_id']);
const NOT_ROW_ID_SCHEMAS = new Set<unknown>([contentApi.articleId, incomesApi.rewardKind]);
const namedLikeAnId = (key: string) =>
  !NOT_ROW_ID_NAMES.has(key) && (key === 'id' || key === 'uid' || key.endsWith('_id') || key.endsWith('_uids') || key === 'uids');

/** The element schema of an array field (inside optional/default wrappers), or null. */
function arrayElement(schema: z.ZodMiniType): z.ZodMiniType | null {
  const def = defOf(schema);
  if (def.type === 'array') return def.element!;
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return arrayElement(def.innerType!);
  return null;
}

/** The object shapes a part's schema accepts (an object, a union or intersection of objects, a pipe into one). */
function shapesOf(schema: z.ZodMiniType): Record<string, z.ZodMiniType>[] {
  const def = defOf(schema);
  if (def.type === 'object') return [def.shape!];
  if (def.type === 'union') return def.options!.flatMap(shapesOf);
  if (def.type === 'intersection') return [...shapesOf(def.left!), ...shapesOf(def.right!)];
  if (def.type === 'pipe') return shapesOf(def.in!);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return shapesOf(def.innerType!);
  return [];
}

function walk(where: IdWhere, schema: z.ZodMiniType, prefix: string[], found: RequestId[], unmarked: UnmarkedId[]) {
  for (const shape of shapesOf(schema)) {
    for (const [key, field] of Object.entries(shape)) {
      const path = [...prefix, key];
      // An array of ids is walked as its first element (`uids.0`): every element passes the same schema.
      const element = arrayElement(field);
      const kind = idKind(element ?? field);
      const at = element ? [...path, '0'] : path;
      if (kind !== null) {
        if (!found.some((f) => f.where === where && f.path.join('.') === at.join('.'))) found.push({ where, path: at, ...kind });
        continue;
      }
      if (namedLikeAnId(key) && !NOT_ROW_ID_SCHEMAS.has(field)) {
        unmarked.push({ where, path, schemaType: defOf(field).type });
        continue;
      }
      walk(where, field, path, found, unmarked);
    }
  }
}

/** Every id field of an endpoint's request, and every field named like an id that is not one of the id schemas. */
export function requestIds(endpoint: Pick<Endpoint, 'params' | 'query' | 'body'>): { ids: RequestId[]; unmarked: UnmarkedId[] } {
  const ids: RequestId[] = [];
  const unmarked: UnmarkedId[] = [];
  for (const where of ['params', 'query', 'body'] as const) {
    const schema = endpoint[where];
    if (schema) walk(where, schema, [], ids, unmarked);
  }
  return { ids, unmarked };
}

// Values a string field of some request accepts (an asset, an address, a hash, a slug, a password, an instant…).
const ADDRESS = `0x${'ab'.repeat(20)}`;
const STRING_CANDIDATES = [
  'usdt',
  '1',
  'Abc12345',
  ADDRESS,
  `0x${'ab'.repeat(32)}`,
  'en',
  '2036-01-01T00:00:00.000Z',
  '2036-01-02T00:00:00.000Z',
  '2036-01-01',
  '123456',
  'a',
];
const NUMBER_CANDIDATES = [1, 0, 2, 10, 100, 1000, 86_400_000];

/**
 * A value `schema` accepts, built from its own definition and checked with it, or undefined when none is found
 * (a cross-field rule the candidates miss). Optional fields are left out.
 */
export function sampleOf(schema: z.ZodMiniType): unknown {
  const accepts = (value: unknown) => schema.safeParse(value).success;
  const def = defOf(schema) as Def & { entries?: Record<string, unknown>; values?: unknown[]; checks?: unknown[] };
  const pick = (candidates: unknown[]) => candidates.find(accepts);
  switch (def.type) {
    case 'object': {
      // First every field's first accepted value; then successive fields take successive ones (opens_at < closes_at).
      for (const spread of [false, true]) {
        const value: Record<string, unknown> = {};
        let index = 0;
        for (const [key, field] of Object.entries(def.shape!)) {
          if (field.safeParse(undefined).success) continue;
          const accepted = defOf(field).type === 'string' ? STRING_CANDIDATES.filter((c) => field.safeParse(c).success) : [];
          value[key] = spread && accepted.length > 1 ? accepted[index++ % accepted.length] : sampleOf(field);
        }
        if (accepts(value)) return value;
      }
      return undefined;
    }
    case 'string':
      return pick(STRING_CANDIDATES);
    case 'number':
    case 'int':
      return pick(NUMBER_CANDIDATES);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'nullable':
      return sampleOf(def.innerType!) ?? null;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return sampleOf(def.innerType!);
    case 'pipe': {
      const inner = sampleOf(def.in!);
      return accepts(inner) ? inner : pick(STRING_CANDIDATES);
    }
    case 'union':
      return def.options!.map(sampleOf).find((v) => v !== undefined && accepts(v));
    case 'array': {
      const element = sampleOf(def.element!);
      return pick([[element], [], [element, element]]);
    }
    case 'intersection': {
      const value = { ...(sampleOf(def.left!) as object), ...(sampleOf(def.right!) as object) };
      return accepts(value) ? value : undefined;
    }
    default:
      return undefined;
  }
}

/** `value` with the field at `path` set to `field` (a copy; arrays and objects along the way are copied). */
export function withField(value: unknown, path: string[], field: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = { ...((value as Record<string, unknown>) ?? {}) };
  let node: Record<string, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = field;
      return;
    }
    const next = node[key];
    node[key] = Array.isArray(next) ? [...next] : { ...((next as Record<string, unknown>) ?? {}) };
    if (Array.isArray(next) || /^\d+$/.test(path[i + 1]!)) node[key] = Array.isArray(next) ? [...next] : [];
    node = node[key] as Record<string, unknown>;
  });
  return root;
}
