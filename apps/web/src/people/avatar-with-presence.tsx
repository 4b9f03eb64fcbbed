import { AgentAvatar } from './agent-avatar';
import { PresenceDot } from './presence-dot';

/** Avatar with its presence dot: the dot is live because the realtime presence cache patches the team's agents. */
export function AvatarWithPresence({
  src,
  name,
  isOnline,
  size = 'size-6',
  doNotDisturb = false,
}: {
  src: string;
  name: string;
  isOnline: boolean | null;
  size?: string;
  /** The person has do not disturb on (TAgent.doNotDisturb). */
  doNotDisturb?: boolean;
}) {
  return (
    <span className="relative shrink-0">
      <span aria-hidden="true">
        <AgentAvatar src={src} name={name} className={size} />
      </span>
      <PresenceDot isOnline={isOnline} doNotDisturb={doNotDisturb} className="absolute -end-0.5 -bottom-0.5 size-2.5" />
    </span>
  );
}
