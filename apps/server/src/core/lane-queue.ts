/**
 * Work that queues on the same rows goes in batches (decisions 047, 061, 068). Each lane (a lake, a card
 * session, a conversation) has a queue in this process: an item that finds its lane idle starts a batch at once
 * (alone: no added wait when idle); items arriving meanwhile wait for it and then go together in the next one.
 * Lanes run side by side. What a batch is (a transaction, one statement) is the subclass's business.
 */
export abstract class LaneQueue<W> {
  private readonly queues = new Map<string, W[]>();

  /** Queues an item on its lane, starting the lane if it was idle. */
  protected enqueue(lane: string, item: W): void {
    const queue = this.queues.get(lane);
    if (queue) {
      queue.push(item);
      return;
    }
    this.queues.set(lane, [item]);
    void this.drain(lane);
  }

  /** Removes the next batch from the front of the queue (never empty while the queue is not). */
  protected abstract take(queue: W[]): W[];

  /** Carries out one batch and answers its items; returns the items to run again, first in the next batch. Never throws. */
  protected abstract carry(batch: W[]): Promise<W[]>;

  /** Runs the lane's queue batch after batch until it is empty; the lane is busy while its queue exists. */
  private async drain(lane: string): Promise<void> {
    const queue = this.queues.get(lane)!;
    while (queue.length) {
      const again = await this.carry(this.take(queue));
      queue.unshift(...again);
    }
    this.queues.delete(lane);
  }
}
