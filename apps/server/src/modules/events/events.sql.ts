/**
 * The outbox's set-based writer as an SQL expression, for a repository whose single statement records one event
 * per row it changes (the pledge settlement, decision 094): the events exist exactly when the rows do.
 */
export { recordEventsCall } from './events.repository.js';
