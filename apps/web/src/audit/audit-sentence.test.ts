import { afterEach, describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@agentroom/shared';
import { applyLanguage } from '../i18n';
import { auditSentence } from './audit-sentence';

const event = (action: TAuditEvent['action'], details: Record<string, unknown>): TAuditEvent => ({
  id: '0193a0c4-0000-7000-8000-000000000001',
  at: new Date().toISOString(),
  actor: { kind: 'person', agentId: '0193a0c4-0000-7000-8000-0000000000a1', name: 'Ada Lovelace' },
  teamId: '0193a0c4-0000-7000-8000-0000000000b1',
  action,
  target: { kind: 'agent', id: '0193a0c4-0000-7000-8000-0000000000c1', name: 'grace' },
  ip: null,
  details,
});

describe('an audit sentence names team roles in the reader’s language', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('in English, as the role is called in a sentence', () => {
    expect(auditSentence(event('member.added', { role: 'member' }))).toBe('added grace to the team as member');
    expect(auditSentence(event('member.role_changed', { from: 'member', to: 'owner' }))).toBe("changed grace's role from member to owner");
  });

  it('in German and in Arabic, with no English role word left', async () => {
    await applyLanguage('de');
    expect(auditSentence(event('member.role_changed', { from: 'member', to: 'admin' }))).toBe('hat die Rolle von grace von Mitglied zu Admin geändert');
    expect(auditSentence(event('invitation.accepted', { role: 'owner' }))).toContain('Inhaber');
    await applyLanguage('ar');
    expect(auditSentence(event('member.added', { role: 'member' }))).toBe('أضاف grace إلى الفريق بصفة عضو');
  });

  it('shows a role this web does not know as it was stored', () => {
    expect(auditSentence(event('member.added', { role: 'steward' }))).toBe('added grace to the team as steward');
  });
});
