import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';

/** Runs one migration file the way drizzle does: statement by statement. */
async function apply(db: PGlite, file: string) {
  const text = readFileSync(path.join(migrationsFolder(), file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  for (const file of ['0000_init.sql', '0001_attachment_conversation.sql', '0002_ai_replies.sql']) await apply(db, file);
});
afterAll(async () => {
  await db?.close();
});

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('migration 0003: AI agents belong to their team', () => {
  it('gives each existing AI agent the team it joined first, people none, and ends its memberships elsewhere', async () => {
    await db.exec(`
      insert into teams (id, name, handle) values ('${id(1)}', 'Home', 'home'), ('${id(2)}', 'Other', 'other');
      insert into agents (id, username, is_human) values
        ('${id(10)}', 'person', true), ('${id(11)}', 'bot', false), ('${id(12)}', 'stray', false);
      insert into team_members (id, team_id, agent_id, joined_at) values
        ('${id(20)}', '${id(1)}', '${id(10)}', '2025-01-01'),
        ('${id(21)}', '${id(2)}', '${id(10)}', '2025-01-02'),
        ('${id(22)}', '${id(1)}', '${id(11)}', '2025-01-01'),
        ('${id(23)}', '${id(2)}', '${id(11)}', '2025-02-01');
    `);
    await apply(db, '0003_ai_agents_belong_to_their_team.sql');

    const owners = await db.query<{ username: string; owner_team_id: string | null }>('select username, owner_team_id from agents order by username');
    expect(owners.rows).toEqual([
      { username: 'bot', owner_team_id: id(1) },
      { username: 'person', owner_team_id: null },
      { username: 'stray', owner_team_id: null },
    ]);
    const active = await db.query<{ id: string }>('select id from team_members where left_at is null order by id');
    // The person keeps both teams; the bot keeps its home team only (the other row stays as history).
    expect(active.rows.map((r) => r.id)).toEqual([id(20), id(21), id(22)]);
    await expect(db.exec(`update agents set owner_team_id = '${id(1)}' where id = '${id(10)}'`)).rejects.toThrow(/agents_owner_team_ai_only/);
  });
});
