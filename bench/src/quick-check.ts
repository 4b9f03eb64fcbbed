import type { BenchReport, VariantResult } from './report';

interface StepLike {
  offeredRate: number;
  lost: number;
  httpErrors?: number;
  duplicates?: number;
}

/** Lost, failed or doubled deliveries of a ramp's steps, one line each. */
function stepProblems(where: string, steps: StepLike[] | undefined): string[] {
  return (steps ?? []).flatMap((step) => {
    const what = [
      step.lost > 0 && `${step.lost} lost`,
      (step.httpErrors ?? 0) > 0 && `${step.httpErrors} HTTP errors`,
      (step.duplicates ?? 0) > 0 && `${step.duplicates} delivered twice`,
    ].filter(Boolean);
    return what.length > 0 ? [`${where} at ${step.offeredRate}/s: ${what.join(', ')}`] : [];
  });
}

/** Failed requests or wrong answers of one variant's scenarios. */
function variantProblems(v: VariantResult): string[] {
  const at = (what: string) => `${v.name} ${what}`;
  const failures = (what: string, count: number | undefined) => (count ? [at(`${what}: ${count} failed requests`)] : []);
  return [
    ...Object.entries(v.errors).map(([key, error]) => at(`${key} did not finish: ${error.split('\n')[0]}`)),
    ...stepProblems(at('delivery'), v.delivery?.ours.steps),
    ...stepProblems(at('delivery over the socket'), v.delivery?.socket?.steps),
    ...stepProblems(at('room fan-out'), v.roomFanout?.steps),
    ...(v.roomAi && v.roomAi.complete < v.roomAi.expected ? [at(`room AI streams: ${v.roomAi.expected - v.roomAi.complete} of ${v.roomAi.expected} replies incomplete`)] : []),
    ...(v.connections?.failed ? [at(`connections: ${v.connections.failed} failed (${v.connections.firstError ?? 'no message'})`)] : []),
    ...failures('login', (v.login?.errors ?? 0) + (v.login?.non2xx ?? 0)),
    ...failures('history', (v.history?.api.failures ?? 0) + (v.history?.apiConcurrent.failures ?? 0)),
    ...failures('inbox', v.inbox?.api.failures),
    ...(v.inbox && v.inbox.unreadTotal.api !== v.inbox.unreadTotal.expected ? [at(`inbox: unread counts add up to ${v.inbox.unreadTotal.api}, expected ${v.inbox.unreadTotal.expected}`)] : []),
    ...failures('search', (v.search?.api.failures ?? 0) + (v.search?.busy?.api.failures ?? 0)),
  ];
}

/**
 * Why a run fails (empty: it passes). Quick mode is CI's check that the harness and the server still
 * work end to end at low rates, so any message lost, request failed or scenario unfinished fails it;
 * latency is not judged (a shared machine's stall is not a bug). A full run ramps until a step fails
 * on purpose: only a scenario that did not finish fails it.
 */
export function runProblems(report: BenchReport): string[] {
  if (report.settings.mode !== 'quick') return report.variants.flatMap((v) => Object.keys(v.errors).map((key) => `${v.name} ${key} did not finish`));
  return [
    ...report.variants.flatMap(variantProblems),
    ...stepProblems('bare relay', report.relay?.steps),
    ...stepProblems('bare relay (room)', report.roomRelay?.steps),
  ];
}
