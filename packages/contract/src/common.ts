import * as z from 'zod/mini';
import { ASSET_KEYS } from './assets.js';
import { languageFromCode } from './languages.js';
import { AMOUNT_SCALE } from './constants.js';
import { MAX_REQUEST_INTEGER_DIGITS, normalizeAmount } from './money.js';

/** A positive exact decimal string: "1", "0.5", at most 8 places, below 10^18 (decision 036), never a JS number. */
export const positiveAmount = z.pipe(
  z
    .string()
    .check(z.maxLength(MAX_REQUEST_INTEGER_DIGITS + AMOUNT_SCALE + 1))
    .check(z.regex(new RegExp(`^\\d{1,${MAX_REQUEST_INTEGER_DIGITS}}(\\.\\d{1,${AMOUNT_SCALE}})?$`)))
    .check(z.refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' })),
  // Parsed to its one spelling ("2", "2.0", "02" → "2.00000000"), so an Idempotency-Key compares amounts, not text.
  z.transform(normalizeAmount),
);

/** A non-negative request amount ("0" allowed), 8 places at most, parsed to its 8-place spelling like `positiveAmount`. */
export const nonNegativeAmount = z.pipe(
  z
    .string()
    .check(z.maxLength(MAX_REQUEST_INTEGER_DIGITS + AMOUNT_SCALE + 1))
    .check(z.regex(new RegExp(`^\\d{1,${MAX_REQUEST_INTEGER_DIGITS}}(\\.\\d{1,${AMOUNT_SCALE}})?$`))),
  z.transform(normalizeAmount),
);

/** A non-zero signed exact decimal string, for operator adjustments; its size below 10^18 like every amount. */
export const signedAmount = z.pipe(
  z
    .string()
    .check(z.maxLength(MAX_REQUEST_INTEGER_DIGITS + AMOUNT_SCALE + 2))
    .check(z.regex(new RegExp(`^-?\\d{1,${MAX_REQUEST_INTEGER_DIGITS}}(\\.\\d{1,${AMOUNT_SCALE}})?$`)))
    .check(z.refine((v) => /[1-9]/.test(v), { message: 'must not be zero' })),
  z.transform(normalizeAmount),
);

/** An amount as the server answers it: exact decimal string, 8 places. */
export const amountString = z.string().check(z.regex(/^-?\d+\.\d{8}$/));

export const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
/** A wallet address a request names, in its one spelling (lower case): EIP-55 capitals carry no meaning here. */
export const walletAddress = z.pipe(
  address,
  z.transform((v) => v.toLowerCase()),
);
export const hexString = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
export const assetKey = z.enum(ASSET_KEYS);
export const isoTime = z.string();
/** An on-chain transaction hash: 0x and 64 hex digits, either case. */
export const txHash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/));

/**
 * Row ids (decision 095): one family for every id a request names, bounded by its column so that no valid request
 * can overflow one (a 500 before). A 32-bit `serial` key (users, card types, goods, groups, lakes…) stops at 2^31−1;
 * a `bigserial` key (entries, orders, messages…) at the largest integer a JS number holds exactly. In a JSON body an
 * id is a JSON integer and nothing else (no string, boolean or array); in a path or query it is decimal digits in
 * their one spelling (no sign, hex, exponent, white space or leading zero), which a typed client may pass as a number.
 */
export const SERIAL_ID_MAX = 2_147_483_647;
export const BIG_ID_MAX = Number.MAX_SAFE_INTEGER;

const bodyId = (max: number) => z.int().check(z.positive(), z.lte(max));
const textId = (max: number) =>
  z.union([
    bodyId(max),
    z.pipe(
      z.string().check(
        z.regex(/^[1-9][0-9]{0,15}$/),
        z.refine((v) => Number(v) <= max),
      ),
      z.transform(Number),
    ),
  ]);

/** A JSON body's id of a 32-bit `serial` row (a user's uid, a card type, a group…). */
export const serialId = bodyId(SERIAL_ID_MAX);
/** A JSON body's id of a 64-bit `bigserial` row (an order, a message, a card…). */
export const bigId = bodyId(BIG_ID_MAX);
/** A user's uid in a body or an answer (the users table has 32-bit keys). */
export const uid = serialId;
/** A path or query id of a 64-bit `bigserial` row. */
export const idParam = textId(BIG_ID_MAX);
/** A path or query id of a 32-bit `serial` row: larger ids cannot exist and would fail in the database. */
export const serialIdParam = textId(SERIAL_ID_MAX);
/** Path params `{ id }` for either kind of row id. */
export const idParams = z.object({ id: idParam });
export const serialIdParams = z.object({ id: serialIdParam });
/**
 * Characters no free text may hold (decision 036): C0 controls (tab and line feed are allowed in text of several
 * lines only), DEL, the C1 controls U+0080–U+009F, and lone UTF-16 surrogates. PostgreSQL cannot store U+0000 at
 * all (the request used to end in a 500), the other controls only serve to forge lines in logs or terminals, and a
 * lone surrogate is not Unicode text. Format characters (zero-width joiners in emoji, bidi marks) stay allowed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Cs}/u;

export interface FreeTextOptions {
  /** Fewest characters after trimming (1 by default; 0 for optional text such as a remark). */
  min?: number;
  /** Tab and line feed allowed (messages, announcements, notes, questions). */
  multiline?: boolean;
  /** Leading and trailing white space removed first (default); a chat message keeps its own. */
  trim?: boolean;
}

/** Every free-text field people type goes through this one schema: bounded, trimmed, no control characters. */
export function freeText(max: number, { min = 1, multiline = false, trim = true }: FreeTextOptions = {}) {
  const forbidden = multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  const base = trim ? z.string().check(z.trim()) : z.string();
  return base
    .check(z.minLength(min))
    .check(z.maxLength(max))
    .check(z.refine((v) => !forbidden.test(v), { message: 'must not contain control characters' }));
}

/** An operator's reason for refusing a request; it is shown to the user. */
export const rejectionBody = z.object({ reason: freeText(200) });

export const envelope = <T extends z.ZodMiniType>(data: T) => z.object({ status: z.int(), msg: z.string(), data });

export const refusalData = z.looseObject({ code: z.string() });

export const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(100_000)), 1),
  limit: z._default(z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(100)), 20),
});

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * Server-side sorting of a console list (decision 090): `sort` one of the columns the endpoint allows (anything else
 * is PARAMETER_ERROR), `order` asc or desc (desc when left out). Without `sort` the list keeps its own order (newest
 * first). Rows of the same value are ordered by id in the same direction, so pages neither repeat nor skip a row.
 */
export const sortQuery = <const C extends readonly [string, ...string[]]>(columns: C) => ({
  sort: z.optional(z.enum(columns)),
  order: z.optional(z.enum(SORT_ORDERS)),
});

/** One page of a list as every paged endpoint answers it; `total` counts all rows, not this page's. */
export const pagedList = <T extends z.ZodMiniType>(item: T) => z.object({ list: z.array(item), page: z.int(), limit: z.int(), total: z.int() });

/**
 * Who runs the platform (spec §6, issue 16): an administrator may do everything, an operator reviews and edits content
 * (no balance adjustment, no role change), an auditor reads everything and changes nothing, a service agent answers
 * the chat desk only. Kept in the database (`operator_roles`), seeded from ADMIN_ADDRESSES and SERVICE_ADDRESSES.
 */
export const OPERATOR_ROLES = ['administrator', 'operator', 'auditor', 'service_agent'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRole = z.enum(OPERATOR_ROLES);

/** The roles an admin route admits unless its declaration names its own: reads for the three console roles, changes for two. */
export const CONSOLE_READ_ROLES = ['administrator', 'operator', 'auditor'] as const satisfies readonly OperatorRole[];
export const CONSOLE_WRITE_ROLES = ['administrator', 'operator'] as const satisfies readonly OperatorRole[];

export interface Endpoint<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: 'none' | 'user' | 'admin';
  /**
   * Admin routes: who may call it; left out, `allowedRoles` reads the method (a GET is a read, anything else a change).
   * Money adjustments, role changes and the test clock say `['administrator']`, written out in each declaration so
   * the literal lives with it (a shared constant would sit in the mobile app's entry).
   */
  roles?: readonly OperatorRole[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

type Schemas = Pick<Endpoint, 'params' | 'query' | 'body' | 'response' | 'roles'>;

/** The operator roles an admin route admits (none for a route that is not an admin one). */
export function allowedRoles(e: Pick<Endpoint, 'auth' | 'method' | 'roles'>): readonly OperatorRole[] {
  if (e.auth !== 'admin') return [];
  return e.roles ?? (e.method === 'GET' ? CONSOLE_READ_ROLES : CONSOLE_WRITE_ROLES);
}
type Route<R extends string, A extends Endpoint['auth'], S extends Schemas> = R extends `${infer M extends Endpoint['method']} ${infer P}`
  ? { [K in 'method' | 'path' | 'auth' | keyof S]: K extends 'method' ? M : K extends 'path' ? P : K extends 'auth' ? A : K extends keyof S ? S[K] : never }
  : never;

/**
 * Declares an endpoint, either as one object or as `endpoint('GET /api/x', 'user', { response })` so it
 * reads like the request. Keeps the literal types, so an endpoint without `body` has no body type (not `unknown`).
 */
export function endpoint<const T extends Endpoint>(e: T): T;
export function endpoint<const R extends `${Endpoint['method']} /${string}`, const A extends Endpoint['auth'], const S extends Schemas>(
  route: R,
  auth: A,
  schemas: S,
): Route<R, A, S>;
// A declaration has no side effect: the web bundle keeps only the endpoints it calls (the admin routes, their role
// table and schemas stay out of the mobile app, decision 085).
/* @__NO_SIDE_EFFECTS__ */
export function endpoint(route: Endpoint | string, auth?: Endpoint['auth'], schemas?: Schemas): Endpoint {
  if (typeof route !== 'string') return route;
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as Endpoint['method'], path: route.slice(space + 1), auth: auth ?? 'none', ...schemas } as Endpoint;
}

/**
 * A language a request names (a path or a query value): one of the six codes or any spelling the spec uses for one
 * (en, cn, rus, zh_CN…; decision 077), read as the catalogue's code. Anything else is a parameter error.
 */
export const languageName = z.pipe(
  z.string().check(z.maxLength(16)),
  z.transform((raw, ctx) => {
    const code = languageFromCode(raw);
    if (code === null) {
      ctx.issues.push({ code: 'custom', message: 'one of the six languages', input: raw });
      return z.NEVER;
    }
    return code;
  }),
);
