import type { BenchUser } from '../support/api-client';
import type { VariantContext } from '../support/variant';

/**
 * The people of the read scenarios, taken from the end of the user list before the last four
 * (history's pair, inbox's and search's single readers): 8 inbox people, 8 searchers, 4 background
 * senders and the person who asks the AI agent. run.ts signs up this many more users.
 */
export const READS_PEOPLE = 21;

const block = (ctx: VariantContext, from: number, count: number): BenchUser[] => {
  const end = ctx.users.length - 4 - from;
  const people = ctx.users.slice(end - count, end);
  if (people.length < count) throw new Error(`the read scenarios need ${READS_PEOPLE} more users`);
  return people;
};

export const inboxPeople = (ctx: VariantContext) => block(ctx, 0, 8);
export const searchPeople = (ctx: VariantContext) => block(ctx, 8, 8);
export const backgroundSenders = (ctx: VariantContext) => block(ctx, 16, 4);
export const toolPerson = (ctx: VariantContext) => block(ctx, 20, 1)[0]!;
