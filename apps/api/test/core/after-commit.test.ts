import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../src/core/domain-events';
import { createEventBus } from '../../src/core/event-bus';
import { inTransaction } from '../../src/core/transaction';
import { openDatabase, type Database } from '../../src/db/client';
import { emailOutbox as outbox } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Publishing is ambient: a domain function calls `events.publish` the same way inside or outside a
 * transaction, and the transaction decides when subscribers hear it. Checked on the real database,
 * with a row written beside each event to prove what a subscriber could read when it heard it.
 */
describe('events published inside a transaction', () => {
  let testDb: TestDatabase;
  let database: Database;
  const heard: string[] = [];
  const bus = createEventBus<DomainEvents>(() => undefined);
  bus.subscribe('mail.queued', () => void heard.push('mail.queued'));
  bus.subscribe('session.changed', ({ accountId }) => void heard.push(accountId));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir, poolSize: 2, pgliteDump: testDb.pgliteDump });
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  const writeMail = (tx: Pick<Database['db'], 'insert'>, to: string) =>
    tx.insert(outbox).values({ to, subject: 's', text: 't', html: 't' }).returning({ id: outbox.id });

  it('reach subscribers only after the commit, and a subscriber then reads the row', async () => {
    heard.length = 0;
    const seenRows: number[] = [];
    const unsubscribe = bus.subscribe('session.changed', async ({ accountId }) => {
      seenRows.push((await database.db.select().from(outbox).where(eq(outbox.to, accountId))).length);
    });
    await inTransaction(database.db, async (tx) => {
      await writeMail(tx, 'a@example.com');
      bus.publish('session.changed', { accountId: 'a@example.com' });
      bus.publish('mail.queued', {});
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['a@example.com', 'mail.queued']);
    await expect.poll(() => seenRows).toEqual([1]);
    unsubscribe();
  });

  it('are dropped when the transaction rolls back', async () => {
    heard.length = 0;
    await expect(
      inTransaction(database.db, async (tx) => {
        await writeMail(tx, 'b@example.com');
        bus.publish('session.changed', { accountId: 'b@example.com' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toEqual([]);
    expect(await database.db.select().from(outbox).where(eq(outbox.to, 'b@example.com'))).toEqual([]);
  });

  it('go out at once outside a transaction', () => {
    heard.length = 0;
    bus.publish('session.changed', { accountId: 'now' });
    expect(heard).toEqual(['now']);
  });

  it('of a nested transaction (a savepoint) wait for the outer commit', async () => {
    heard.length = 0;
    await inTransaction(database.db, async (outer) => {
      await inTransaction(outer, async (inner) => {
        await writeMail(inner, 'c@example.com');
        bus.publish('session.changed', { accountId: 'inner' });
      });
      expect(heard).toEqual([]);
      bus.publish('session.changed', { accountId: 'outer' });
    });
    expect(heard).toEqual(['inner', 'outer']);
  });

  it('of a savepoint that rolls back are dropped while the outer transaction commits', async () => {
    heard.length = 0;
    await inTransaction(database.db, async (outer) => {
      await inTransaction(outer, async () => {
        bus.publish('session.changed', { accountId: 'undone' });
        throw new Error('undo');
      }).catch(() => undefined);
      bus.publish('session.changed', { accountId: 'kept' });
    });
    expect(heard).toEqual(['kept']);
  });

  it('from work that outlives its transaction go out when published, not never', async () => {
    heard.length = 0;
    let late!: Promise<void>;
    await inTransaction(database.db, async () => {
      late = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => bus.publish('session.changed', { accountId: 'late' }));
    });
    await late;
    expect(heard).toEqual(['late']);
  });
});
