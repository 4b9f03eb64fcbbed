import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@agentroom/shared';
import { AuthContext } from '../auth/auth-context';
import { makeUser } from '../test/fixtures';
import { fakeAuth } from '../test/render';
import { AgentProfilePane } from './agent-profile-pane';
import { fullNameOf } from './agent-names';

const gone = { ...makeUser().agent, username: 'deleted-0123456789ab', firstName: '', middleName: '', lastName: '', fullName: ACCOUNT_TEXTS.deletedUser, role: '', isDeleted: true as const };

describe('someone who deleted their account', () => {
  it('is named "Deleted user", never by the freed username', () => {
    expect(fullNameOf(gone)).toBe('Deleted user');
    expect(fullNameOf({ ...gone, isDeleted: undefined })).toBe('@deleted-0123456789ab');
  });

  it('has no profile to open beside the conversation', () => {
    render(
      <AuthContext.Provider value={fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser() })}>
        <AgentProfilePane agent={gone} username={gone.username} agentOnline={false} messages={[]} />
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Deleted user' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_TEXTS.deletedAccountNote)).toBeInTheDocument();
    expect(screen.queryByText(/deleted-0123456789ab/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
