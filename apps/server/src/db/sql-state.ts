/**
 * The SQLSTATE of a failed query, on either driver: Drizzle wraps the driver's error (node-postgres'
 * DatabaseError or PGlite's) as `cause`; both carry the five-character `code`.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 3; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** numeric_value_out_of_range: a value past its numeric(p, s) column. */
export const NUMERIC_OUT_OF_RANGE = '22003';
