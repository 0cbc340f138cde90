/**
 * Direct and group messages that wait for the database are stored together (decision 068): one statement, so one
 * commit and one WAL flush, for every message that arrived while the previous batch was being stored. An idle
 * lane stores a message at once, alone. On PGlite, which runs one transaction at a time (its worker was the
 * limit: each message its own transaction and fsync), every conversation shares one lane; on PostgreSQL a lane is
 * one conversation, so ids keep following commit order within a conversation (chat.repository insertMessages).
 * A message is answered only once its statement committed. If a batch of several fails as a whole, each of its
 * messages is stored again alone, so one bad message fails only itself.
 */
import { LaneQueue } from '../../core/lane-queue.js';
import { runsOneTransactionAtATime, type Database } from '../../db/client.js';
import * as repo from './chat.repository.js';

interface Waiting {
  values: repo.MessageValues;
  resolve: (stored: repo.MessageWithSender | undefined) => void;
  reject: (error: unknown) => void;
}

export class MessageWriter extends LaneQueue<Waiting> {
  private readonly oneLane: boolean;

  constructor(private readonly db: Database) {
    super();
    this.oneLane = runsOneTransactionAtATime(db);
  }

  /** The stored message with its sender, or undefined when (sender, client_id) was stored before (a replay). */
  store(values: repo.MessageValues): Promise<repo.MessageWithSender | undefined> {
    return new Promise((resolve, reject) => this.enqueue(this.oneLane ? '' : String(values.conversationId), { values, resolve, reject }));
  }

  protected take(queue: Waiting[]): Waiting[] {
    return queue.splice(0, repo.MESSAGES_PER_STATEMENT);
  }

  protected async carry(batch: Waiting[]): Promise<Waiting[]> {
    try {
      const stored = await repo.insertMessages(
        this.db,
        batch.map((item) => item.values),
      );
      batch.forEach((item, i) => item.resolve(stored[i]));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const item of batch) await this.carry([item]);
    }
    return [];
  }
}
