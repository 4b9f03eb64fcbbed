/**
 * `pnpm example-agent`: runs the example agent against a server until Ctrl+C.
 *   AGENTROOM_AGENT_TOKEN=art_… [AGENTROOM_URL=http://localhost:3000] pnpm example-agent
 */
import { startExampleAgent } from './example-agent';

const url = process.env.AGENTROOM_URL ?? 'http://localhost:3000';
const token = process.env.AGENTROOM_AGENT_TOKEN;

if (!token?.startsWith('art_')) {
  console.error('Set AGENTROOM_AGENT_TOKEN to the agent token (art_…) made in Team settings → External agents → Add.');
  process.exit(1);
}

const agent = startExampleAgent({ url, token });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    agent.stop();
    process.exit(0);
  });
