import type { BenchReport, VariantResult } from './report';
import type { DeliveryResult } from './scenarios/delivery';

interface StepLike {
  offeredRate: number;
  lost: number;
  httpErrors?: number;
  errors?: number;
  unanswered?: number;
  duplicates?: number;
}

/** Lost, failed or doubled deliveries of a ramp's steps, one line each. */
function stepProblems(where: string, steps: StepLike[] | undefined): string[] {
  return (steps ?? []).flatMap((step) => {
    const what = [
      step.lost > 0 && `${step.lost} lost`,
      (step.httpErrors ?? 0) > 0 && `${step.httpErrors} HTTP errors`,
      (step.errors ?? 0) > 0 && `${step.errors} refused`,
      (step.unanswered ?? 0) > 0 && `${step.unanswered} unanswered`,
      (step.duplicates ?? 0) > 0 && `${step.duplicates} delivered twice`,
    ].filter(Boolean);
    return what.length > 0 ? [`${where} at ${step.offeredRate}/s: ${what.join(', ')}`] : [];
  });
}

/** Every delivery step of a variant (relays' and API's, rounds and fixed rates), with where it ran. */
function deliveryProblems(at: (what: string) => string, d?: DeliveryResult): string[] {
  if (!d) return [];
  return [
    ...d.sends.flatMap((s) =>
      [...s.scouts, ...s.rounds.flatMap((r) => [r.relay, r.api])].flatMap((ramp) =>
        stepProblems(at(`delivery ${s.send} ${ramp.target}${ramp.round ? ` round ${ramp.round}` : ' scout'}`), ramp.steps),
      ),
    ),
    ...d.fixed.flatMap((f) => stepProblems(at(`delivery ${f.send} fixed rate`), [f.step])),
  ];
}

/** Failed requests or wrong answers of one variant's scenarios. */
function variantProblems(v: VariantResult): string[] {
  const at = (what: string) => `${v.name} ${what}`;
  const failures = (what: string, count: number | undefined) => (count ? [at(`${what}: ${count} failed requests`)] : []);
  return [
    ...Object.entries(v.errors).map(([key, error]) => at(`${key} did not finish: ${error.split('\n')[0]}`)),
    ...deliveryProblems(at, v.delivery),
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
    ...stepProblems('bare relay (room)', report.roomRelay?.steps),
  ];
}
