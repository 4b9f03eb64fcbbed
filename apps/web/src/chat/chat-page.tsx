import { useParams } from 'react-router';
import { stripAt } from '@agentroom/shared';
import { PlaceholderPage } from '../app/placeholder-page';

/** Placeholder for the chat page (/p/:username and /t/:handle/p/:username). */
export default function ChatPage() {
  const { username = '', handle } = useParams();
  return (
    <PlaceholderPage title={`@${stripAt(username)}`} pageTitle="Profile">
      {handle ? `Chat in team ${handle} is on its way.` : 'Chat is on its way.'}
    </PlaceholderPage>
  );
}
