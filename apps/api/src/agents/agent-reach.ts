import { REACH_ERRORS, type TReadOnlyReason } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import type { AgentRow } from '../db/rows';
import { forbidden } from '../core/app-error';
import { findReachFacts, type ReachFacts } from './reach-repo';

/**
 * The reach rule (decision 0022), the one place that says what a person may do with another agent:
 * GET /agents/:agent, POST /chat/open, starting a conversation, sending in a 1:1 (HTTP and socket),
 * typing there, presence on cards and presence events all ask here.
 */
export interface Reach {
  /** May see the card: in reach, or sharing a 1:1 already (it stays readable). Else: unknown, 404. */
  visible: boolean;
  /** Why the viewer may not start a conversation with or send to the agent; null: they may. */
  readOnly: TReadOnlyReason | null;
  /** May see whether the agent is online (cards and `presence:changed`). */
  seesPresence: boolean;
}

const SELF: Reach = { visible: true, readOnly: null, seesPresence: true };

/**
 * People: in reach while they share an active team (team not deleted, both memberships current);
 * a block either way ends messaging, and the blocked person sees no presence of the blocker. AI
 * agents: in reach of the active members of the team that owns them (decision 0006), else unknown.
 */
function decideReach(viewerId: string, agent: Pick<AgentRow, 'id' | 'isHuman'>, facts: ReachFacts | undefined): Reach {
  if (agent.id === viewerId) return SELF;
  const { sharesTeam, sharesOneToOne, blockedByViewer, blocksViewer } = facts ?? {
    sharesTeam: false,
    sharesOneToOne: false,
    blockedByViewer: false,
    blocksViewer: false,
  };
  if (!agent.isHuman) return { visible: sharesTeam, readOnly: sharesTeam ? null : 'out-of-reach', seesPresence: sharesTeam };
  const readOnly: TReadOnlyReason | null = blockedByViewer ? 'blocked' : blocksViewer ? 'blocked-you' : sharesTeam ? null : 'out-of-reach';
  return { visible: sharesTeam || sharesOneToOne, readOnly, seesPresence: sharesTeam && !blocksViewer };
}

/** The reach of the viewer to each agent, in one read. */
export async function reachOfMany(db: DbOrTx, viewerId: string, agents: readonly Pick<AgentRow, 'id' | 'isHuman'>[]): Promise<Map<string, Reach>> {
  const others = agents.filter((agent) => agent.id !== viewerId);
  const facts = await findReachFacts(db, viewerId, others.map((agent) => agent.id));
  return new Map(agents.map((agent) => [agent.id, decideReach(viewerId, agent, facts.get(agent.id))]));
}

export async function reachOf(db: DbOrTx, viewerId: string, agent: Pick<AgentRow, 'id' | 'isHuman'>): Promise<Reach> {
  return (await reachOfMany(db, viewerId, [agent])).get(agent.id)!;
}

const REFUSALS: Record<TReadOnlyReason, string> = {
  'out-of-reach': REACH_ERRORS.outOfReach,
  blocked: REACH_ERRORS.blocked,
  'blocked-you': REACH_ERRORS.blockedYou,
};

/** 403 with the reason in the envelope when the reach rule refuses a message (or a new conversation). */
export function assertMayMessage(reach: Reach): void {
  if (reach.readOnly) throw forbidden(REFUSALS[reach.readOnly]);
}
