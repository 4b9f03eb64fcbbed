import { CircleAlert, RefreshCw } from 'lucide-react';
import { NO_MODEL_NOTICE_CODE, NO_MODEL_SETUP_HINT, type TListMessage } from '@agentroom/shared';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { fullNameOf } from './agent-names';
import { MessageSeenBy, MessageTimeText } from './bubble-parts';
import { useConversationActions, useConversationInfo } from './conversation-context';
import { MessageMarkdown } from './message-markdown';
import { shownContent } from './shown-content';

/**
 * An AI agent could not answer: why, and 'Try again' when it may work next time. Every such notice
 * has its own (a room may hold several): trying again writes the answer into that notice's place.
 */
export function NoticeBubble({ message, own }: { message: TListMessage; own: boolean }) {
  const { t } = useT();
  const { showModelHint } = useConversationInfo();
  const { regenerate } = useConversationActions();
  return (
    <div className="flex gap-2.5 px-4 pt-3" data-testid="message" data-message-id={message.id}>
      <span className="w-8 shrink-0" />
      <div
        role="note"
        className="flex max-w-[85%] items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 space-y-2">
          <p className="text-xs font-medium">
            {t('{{name}} could not answer', { name: fullNameOf(message.sender) })}{' '}
            <span className="font-normal opacity-80">
              · <MessageTimeText timestamp={message.timestamp} />
            </span>
          </p>
          {message.notice?.code === NO_MODEL_NOTICE_CODE ? (
            // Said the same kind way for every such notice, older ones (which carried set-up details) too.
            <>
              <p className="text-sm leading-relaxed">{shownContent(message)}</p>
              {showModelHint && (
                <p data-testid="model-setup-hint" className="text-xs opacity-90">
                  {t(NO_MODEL_SETUP_HINT)}
                </p>
              )}
            </>
          ) : (
            <MessageMarkdown content={message.content} />
          )}
          {message.notice?.retryable && (
            <Button size="sm" variant="secondary" onClick={() => regenerate(message.id)}>
              <RefreshCw aria-hidden="true" className="size-3.5" />
              {t('Try again')}
            </Button>
          )}
          <MessageSeenBy message={message} own={own} />
        </div>
      </div>
    </div>
  );
}
