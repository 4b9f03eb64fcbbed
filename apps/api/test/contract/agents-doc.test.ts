import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENTS_DOC_PATH, renderAgentsDoc } from '../../scripts/agents-doc';

describe('docs/agents.md', () => {
  it('says what the contract says: its generated sections are what `pnpm docs:agents` writes now', () => {
    const committed = readFileSync(AGENTS_DOC_PATH, 'utf8');
    // A difference means the contract moved and the page did not: run `pnpm docs:agents` and commit the page.
    expect(renderAgentsDoc(committed)).toBe(committed);
  });

  it('lists every route an agent token may call, and only those', () => {
    const page = readFileSync(AGENTS_DOC_PATH, 'utf8');
    expect(page).toContain('| POST | `/api/v1/agent/replies` |');
    expect(page).toContain('| POST | `/api/v1/chat/conversations/:id/messages` |');
    expect(page).not.toContain('`/api/v1/teams/:handle/external-agents`');
  });

  it('refuses a page whose markers are gone, rather than dropping a section', () => {
    expect(() => renderAgentsDoc('# Agents\n')).toThrow(/generated:/);
  });
});
