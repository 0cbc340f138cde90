/**
 * Column builders every table repeats. Each call returns a new builder (Drizzle binds a builder to one
 * table), and each produces exactly the SQL the tables spelled out before, so no migration follows.
 */
import { bigserial, numeric, serial, timestamp } from 'drizzle-orm/pg-core';

/** A 64-bit identity for tables that grow with activity (entries, messages, requests). */
export const bigId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A 32-bit identity for tables an operator or a user creates a few rows of (users, groups, lakes). */
export const serialId = () => serial('id').primaryKey();

/** Every time is stored with its zone: the server, the database and the client may disagree on theirs. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Amounts are exact decimals with 8 places (1 unit = 10^-8), read as strings and never as JS numbers. */
export const exactAmount = (name: string) => numeric(name, { precision: 38, scale: 8 });
