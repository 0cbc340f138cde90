import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** One round trip to the database: what `GET /readyz` asks of it (decision 079). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
