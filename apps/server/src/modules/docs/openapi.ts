/**
 * The OpenAPI 3.1 document, generated from the zod contracts (decision 081): every endpoint `@reef/contract` exports
 * becomes an operation whose parameters, body and answer are `z.toJSONSchema` of the endpoint's own schemas (input
 * side for what the client sends, output side for the envelope it gets back). Nothing here restates a field.
 */
import { z } from 'zod';
import * as contract from '@reef/contract';
import { envelope, refusalData, type Endpoint } from '@reef/contract';

type JsonSchema = Record<string, unknown>;

/** Routes outside the contract that the document also lists (the operations endpoints, the socket, these docs). */
export interface ExtraOperation {
  method: string;
  path: string;
  summary: string;
  /** The answer's JSON schema, built from a zod schema by the caller. */
  response?: { contentType: string; schema: JsonSchema };
  security?: 'bearer' | 'metricsToken';
}

/** Every endpoint the contract exports, once, with the name of the export that declares it (`transferApi.transfer`). */
export function contractEndpoints(): { name: string; endpoint: Endpoint | (Omit<Endpoint, 'response'> & { response?: undefined }) }[] {
  const seen = new Set<unknown>();
  const found: { name: string; endpoint: Endpoint }[] = [];
  for (const [group, exported] of Object.entries(contract)) {
    if (!exported || typeof exported !== 'object') continue;
    for (const [name, value] of Object.entries(exported as Record<string, unknown>)) {
      const candidate = value as Partial<Endpoint> | null;
      if (!candidate || typeof candidate !== 'object' || typeof candidate.method !== 'string' || typeof candidate.path !== 'string') continue;
      if (typeof candidate.auth !== 'string' || seen.has(candidate)) continue;
      seen.add(candidate);
      found.push({ name: `${group}.${name}`, endpoint: candidate as Endpoint });
    }
  }
  return found.sort((a, b) =>
    a.endpoint.path === b.endpoint.path ? a.endpoint.method.localeCompare(b.endpoint.method) : a.endpoint.path.localeCompare(b.endpoint.path),
  );
}

/** `/api/article/:id` → `/api/article/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function schemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.core.$ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const REFUSAL = {
  description: 'Refused: HTTP 200 with `status` 400 and the error `code` in `data` (the envelope), or 401/403/429 for sign-in, role and rate limits.',
};

/** `served` leaves out contract endpoints this server did not register (the test clock without CLOCK_ADJUSTABLE). */
export function buildOpenApi(options: { version: string; extra: readonly ExtraOperation[]; served?: (method: string, path: string) => boolean }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const add = (method: string, path: string, operation: JsonSchema) => {
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation;
  };
  for (const { name, endpoint } of contractEndpoints()) {
    if (options.served && !options.served(endpoint.method, endpoint.path)) continue;
    const security = endpoint.auth === 'none' ? [] : [{ bearer: [] }];
    const responses: Record<string, JsonSchema> = endpoint.response
      ? {
          200: {
            description: 'The envelope `{status, msg, data}`; `data` is the answer.',
            content: { 'application/json': { schema: schemaOf(envelope(endpoint.response), 'output') } },
          },
          default: { ...REFUSAL, content: { 'application/json': { schema: schemaOf(envelope(refusalData), 'output') } } },
        }
      : {
          200: { description: 'A stream of server-sent events (see the contract).', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          default: REFUSAL,
        };
    add(endpoint.method, endpoint.path, {
      operationId: name,
      summary: name,
      tags: [endpoint.path.split('/')[endpoint.auth === 'admin' ? 3 : 2] ?? 'api'],
      ...(endpoint.auth === 'admin' ? { description: 'Operators only (an administrator address).' } : {}),
      security,
      parameters: [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')],
      ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } } } } : {}),
      responses,
    });
  }
  for (const operation of options.extra) {
    add(operation.method, operation.path, {
      operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      summary: operation.summary,
      tags: ['operations'],
      security: operation.security ? [{ [operation.security]: [] }] : [],
      responses: {
        200: {
          description: operation.summary,
          ...(operation.response ? { content: { [operation.response.contentType]: { schema: operation.response.schema } } } : {}),
        },
      },
    });
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Reef API', version: options.version, description: 'Generated from the zod contracts in packages/contract.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/login answers.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN.' },
      },
    },
    paths,
  };
}
