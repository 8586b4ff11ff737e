import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** The columns every schema file shares: row times, and money in dollars with cents (whole cents in the ledger: ./homes-schema.ts). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
