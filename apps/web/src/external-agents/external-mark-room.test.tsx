import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationMembers } from '../chat/conversation-members';
import { Composer } from '../chat/composer';
import { loadMarkdownPipeline } from '../chat/markdown-loader';
import { MessageList } from '../chat/message-list';
import { FakeConversation } from '../test/fake-conversation';
import { makeAgent, makeRoomConversation, maya, me, nova, roomMessage } from '../test/room-fixtures';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));
beforeAll(() => loadMarkdownPipeline());

const deploy = { ...makeAgent('0193a0c4-0000-7000-8000-0000000000b9', 'deploy-bot', 'Deploy', false), isExternal: true as const };
const EXTERNAL = 'External agent: runs outside Agentroom';

describe('the External mark in a room', () => {
  it("marks an external agent's messages External, the team's AI agent AI, and a person neither", () => {
    const members = conversationMembers(makeRoomConversation([me.agent, maya, nova, deploy]), me.agentId)!;
    render(
      <FakeConversation
        values={{ selfId: me.agentId, members, messages: [roomMessage(maya, 'Ship it?'), roomMessage(deploy, 'Deployed v2.'), roomMessage(nova, 'Checked.')] }}
      >
        <MessageList />
      </FakeConversation>,
    );
    const [fromMaya, fromDeploy, fromNova] = screen.getAllByTestId('message');
    expect(within(fromDeploy!).getByTitle(EXTERNAL)).toHaveTextContent('External');
    expect(within(fromDeploy!).queryByTitle('AI agent')).not.toBeInTheDocument();
    expect(within(fromNova!).getByTitle('AI agent')).toBeInTheDocument();
    expect(within(fromNova!).queryByTitle(EXTERNAL)).not.toBeInTheDocument();
    expect(within(fromMaya!).queryByTitle(EXTERNAL)).not.toBeInTheDocument();
    expect(within(fromMaya!).queryByTitle('AI agent')).not.toBeInTheDocument();
  });

  it('marks an external agent External among the @mention suggestions', async () => {
    render(<Composer onSend={vi.fn(async () => {})} onTypingChange={vi.fn()} mentionCandidates={[maya, nova, deploy]} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '@');
    const options = within(screen.getByRole('listbox', { name: 'Mention someone' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Maya@maya', 'NovaAI(AI agent)@nova', `DeployExternal(${EXTERNAL})@deploy-bot`]);
  });
});
