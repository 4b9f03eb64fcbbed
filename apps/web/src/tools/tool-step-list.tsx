import { Ban, ChevronRight, CircleCheck, CircleX, FileText, Hourglass, Image as ImageIcon, LoaderCircle, TimerOff } from 'lucide-react';
import { AGENT_TOOL_TEXTS as T, type TFileRead, type TToolStep } from '@agentroom/shared';
import { t, tf, useT } from '../i18n';
import { cn } from '../ui/cn';
import { readableArguments, TextBox } from './text-box';

/**
 * What an AI reply did before (or while) it wrote: each tool step as one compact line, its arguments
 * and result behind a <details>, and the files it read. Shown above the reply's text, in the stored
 * reply and in the one streaming.
 */
export function ToolStepList({ steps = [], filesRead = [], agentName }: { steps?: readonly TToolStep[]; filesRead?: readonly TFileRead[]; agentName: string }) {
  const { t } = useT();
  if (steps.length === 0 && filesRead.length === 0) return null;
  return (
    <ul aria-label={t(T.stepsLabel)} data-testid="tool-steps" className="mb-1.5 flex w-full min-w-0 flex-col gap-1">
      {filesRead.map((file) => (
        <FileReadLine key={file.attachmentId} file={file} agentName={agentName} />
      ))}
      {steps.map((step) => (
        <ToolStepLine key={step.id} step={step} />
      ))}
    </ul>
  );
}

const line = 'flex min-w-0 items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-400';

export function FileReadLine({ file, agentName }: { file: TFileRead; agentName: string }) {
  const { t, tf } = useT();
  const Icon = file.kind === 'image' ? ImageIcon : FileText;
  const text = file.notice ? t(file.notice) : file.kind === 'image' ? tf(T.imageSeen, agentName, file.filename) : fileReadText(agentName, file.filename, file.pages);
  return (
    <li data-testid="file-read" className={cn(line, file.notice && 'text-amber-800 dark:text-amber-300')}>
      <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span className="min-w-0 wrap-anywhere">{text}</span>
    </li>
  );
}

/** "Atlas read report.pdf (3 pages)", in the language on screen. */
const fileReadText = (agent: string, filename: string, pages: number | undefined) =>
  pages === undefined ? tf(T.fileRead, agent, filename) : tf(T.fileRead, agent, filename, pages);

/** The icon of a step's status, with its words for a screen reader. */
function StepStatusIcon({ status }: { status: TToolStep['status'] }) {
  const icon = 'mt-px size-3.5 shrink-0';
  switch (status) {
    case 'done':
      return <CircleCheck aria-hidden="true" className={cn(icon, 'text-emerald-600 dark:text-emerald-400')} />;
    case 'error':
      return <CircleX aria-hidden="true" className={cn(icon, 'text-red-600 dark:text-red-400')} />;
    case 'denied':
      return <Ban aria-hidden="true" className={icon} />;
    case 'expired':
      return <TimerOff aria-hidden="true" className={icon} />;
    case 'pending_approval':
      return <Hourglass aria-hidden="true" className={cn(icon, 'text-amber-600 dark:text-amber-400')} />;
    default:
      // approved or running: under way.
      return <LoaderCircle aria-hidden="true" className={cn(icon, 'animate-spin text-indigo-600 dark:text-indigo-400')} />;
  }
}

/** What a step's status adds to its label, when it adds something. */
function statusNote(step: TToolStep): string | undefined {
  if (step.status === 'pending_approval') return t(T.stepWaiting);
  if (step.status === 'running' || step.status === 'approved') return t(T.stepRunning);
  if (step.status === 'denied') return t(T.stepDenied);
  if (step.status === 'expired') return t(T.stepExpired);
  return undefined;
}

export function ToolStepLine({ step }: { step: TToolStep }) {
  const { t, tf } = useT();
  const failed = step.isError || step.status === 'error';
  const note = statusNote(step);
  return (
    <li data-testid="tool-step" data-status={step.status} className="min-w-0">
      <details className="group/step min-w-0">
        <summary className={cn(line, 'cursor-pointer list-none rounded hover:text-zinc-900 dark:hover:text-zinc-100 [&::-webkit-details-marker]:hidden')}>
          <StepStatusIcon status={step.status} />
          <span className="min-w-0 wrap-anywhere">
            {step.label}
            {note && <span className="text-zinc-500 dark:text-zinc-500"> · {note}</span>}
          </span>
          {/* Points to the text's end while closed (mirrored right to left), down while open. */}
          <ChevronRight aria-hidden="true" className="mt-px size-3.5 shrink-0 transition-transform rtl:-scale-x-100 ltr:group-open/step:rotate-90 rtl:group-open/step:-rotate-90" />
        </summary>
        <div className="mt-1 ms-5 flex min-w-0 flex-col gap-1">
          <p className="text-[11px] font-medium text-zinc-500 dark:text-zinc-400">{t(T.stepArguments)}</p>
          <TextBox text={readableArguments(step.arguments)} label={t(T.stepArguments)} />
          {step.result !== undefined && !failed && (
            <>
              <p className="text-[11px] font-medium text-zinc-500 dark:text-zinc-400">{t(T.stepResult)}</p>
              <TextBox text={step.result} label={t(T.stepResult)} />
            </>
          )}
        </div>
      </details>
      {failed && (
        <p data-testid="tool-step-error" className="mt-0.5 ms-5 text-xs wrap-anywhere text-red-700 dark:text-red-400">
          {tf(T.stepFailed, step.result ?? '')}
        </p>
      )}
    </li>
  );
}

/** Under a reply that reached the step limit. */
export function StepLimitLine({ agentName, steps }: { agentName: string; steps: number }) {
  const { tf } = useT();
  return (
    <p data-testid="step-limit" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
      {tf(T.stepLimit, agentName, steps)}
    </p>
  );
}
