/** Test helper: parses a whole `text/event-stream` body into the chat stream's events. */
import { createParser } from 'eventsource-parser';
import { aiApi, type StreamEvent } from '@reef/contract';

export function parseEvents(body: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createParser({
    onEvent: (e) => {
      const parsed = aiApi.parseStreamEvent(e.event, e.data);
      if (!parsed) throw new Error(`event breaks the contract: ${e.event} ${e.data}`);
      events.push(parsed);
    },
  });
  parser.feed(body);
  return events;
}

export function answerText(events: StreamEvent[]): string {
  return events.map((e) => (e.event === 'delta' ? e.data.text : '')).join('');
}
