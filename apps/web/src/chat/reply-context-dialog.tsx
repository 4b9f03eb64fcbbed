import { useQuery } from '@tanstack/react-query';
import { AGENT_TOOL_TEXTS as T, formatMessageTimestamp, type TReplyContextResponse } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import { errorMessage } from '../api/api-error';
import { useLanguage, useT } from '../i18n';
import { FileReadLine, ToolStepLine } from '../tools/tool-step-list';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { Spinner } from '../ui/spinner';
import { fullNameOf } from './agent-names';
import { fullTimeOf } from './bubble-parts';
import { useMessageSnippet } from './lazy-snippet';

const heading = 'mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

/**
 * "What Atlas read": the messages, files and tool results that went into one AI reply, as the server
 * recorded them (GET /chat/messages/:id/context). A modal: focus moves in, Escape closes it, focus
 * returns to the button.
 */
export function ReplyContextDialog({
  open,
  onOpenChange,
  messageId,
  agentName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  messageId: string;
  agentName: string;
}) {
  const { t, tf } = useT();
  const context = useQuery({
    queryKey: ['reply-context', messageId],
    queryFn: () => call(routes.getReplyContext, { params: { id: messageId } }),
    enabled: open,
    retry: false,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={tf(T.whatAgentRead, agentName)} description={t(T.contextDescription)} className="max-w-2xl">
      {context.isPending ? (
        <Spinner label={t(T.contextLoading)} className="size-5 text-indigo-600 dark:text-indigo-400" />
      ) : context.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-400">
          <span className="min-w-0 flex-1">{t(errorMessage(context.error, T.contextFailed))}</span>
          <Button size="sm" variant="secondary" onClick={() => void context.refetch()}>
            {t(T.tryAgain)}
          </Button>
        </div>
      ) : (
        <ContextLists context={context.data} agentName={agentName} />
      )}
    </Modal>
  );
}

function ContextLists({ context, agentName }: { context: TReplyContextResponse; agentName: string }) {
  const snippet = useMessageSnippet();
  const { t } = useT();
  const language = useLanguage();
  const { messages, files, steps } = context;
  if (messages.length === 0 && files.length === 0 && steps.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(T.contextNothing)}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      {messages.length > 0 && (
        <section className="min-w-0">
          <h3 className={heading}>{t(T.contextMessages)}</h3>
          <ul data-testid="context-messages" className="flex flex-col gap-2">
            {messages.map((message) => (
              <li key={message.id} className="min-w-0 rounded-lg bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800/60">
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                  <span className="font-medium text-zinc-800 dark:text-zinc-200">{fullNameOf(message.sender)}</span>
                  <time dateTime={message.timestamp} title={fullTimeOf(message.timestamp)} className="text-zinc-500 dark:text-zinc-400">
                    {formatMessageTimestamp(message.timestamp, undefined, { locale: language })}
                  </time>
                </p>
                <p className="mt-0.5 wrap-anywhere text-zinc-700 dark:text-zinc-300">{snippet(message.content)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {files.length > 0 && (
        <section className="min-w-0">
          <h3 className={heading}>{t(T.contextFiles)}</h3>
          <ul data-testid="context-files" className="flex flex-col gap-1">
            {files.map((file) => (
              <FileReadLine key={file.attachmentId} file={file} agentName={agentName} />
            ))}
          </ul>
        </section>
      )}
      {steps.length > 0 && (
        <section className="min-w-0">
          <h3 className={heading}>{t(T.contextSteps)}</h3>
          <ul data-testid="context-steps" className="flex flex-col gap-1.5">
            {steps.map((step) => (
              <ToolStepLine key={step.id} step={step} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
