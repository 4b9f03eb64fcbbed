import { useParams } from 'react-router';
import { PlaceholderPage } from '../app/placeholder-page';

/** Placeholder for the team page's index (/t/:handle): the grid of agent cards goes here. */
export default function TeamPage() {
  const { handle } = useParams();
  return (
    <PlaceholderPage title={`Team ${handle ?? ''}`} pageTitle="Team">
      The team page is on its way.
    </PlaceholderPage>
  );
}
