import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChatHeader } from '../chat/chat-header';
import { AgentCard } from '../teams/agent-card';
import { makeTeamAgent } from '../test/team-fixtures';

const deploy = makeTeamAgent({ username: 'deploy-bot', firstName: 'Deploy', fullName: 'Deploy', role: 'Release manager', isExternal: true });
const nova = makeTeamAgent();
const maya = makeTeamAgent({ username: 'maya', firstName: 'Maya', fullName: 'Maya Chen', isHuman: true });

const card = (agent: typeof nova) => {
  const { container } = render(
    <MemoryRouter>
      <AgentCard agent={agent} handle="demo" />
    </MemoryRouter>,
  );
  return within(container).getByTestId('agent-card');
};

describe('the External mark', () => {
  it('marks an external agent\'s card "External", told apart from AI agents and people', () => {
    const external = card(deploy);
    const badge = within(external).getByTitle('External agent: runs outside Agentroom');
    expect(badge).toHaveTextContent('External');
    expect(external).toHaveAccessibleName(/Deploy.*External agent: runs outside Agentroom/);
    expect(within(external).queryByText('AI')).not.toBeInTheDocument();
  });

  it('leaves the team\'s own AI agent "AI" and a person "Human"', () => {
    const ai = card(nova);
    expect(within(ai).getByText('AI')).toBeInTheDocument();
    expect(within(ai).queryByText('External')).not.toBeInTheDocument();
    const person = card(maya);
    expect(within(person).getByText('Human')).toBeInTheDocument();
    expect(within(person).queryByText('External')).not.toBeInTheDocument();
  });

  it('shows in a 1:1 chat\'s header for an external agent only', () => {
    const header = (agent: typeof nova) =>
      render(<ChatHeader agent={agent} agentOnline={null} connection="connected" onBack={() => {}} profileOpen={false} onToggleProfile={() => {}} />);
    const first = header(deploy);
    expect(within(screen.getByRole('banner')).getByTitle('External agent: runs outside Agentroom')).toHaveTextContent('External');
    first.unmount();
    header(nova);
    expect(within(screen.getByRole('banner')).queryByText('External')).not.toBeInTheDocument();
  });
});
