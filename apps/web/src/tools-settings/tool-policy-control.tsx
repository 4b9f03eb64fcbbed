import { useId } from 'react';
import { TOOL_POLICIES, type TAgentTool, type TToolApprovers, type TToolPolicy } from '@agentroom/shared';
import { cn } from '../ui/cn';
import { t, useT } from '../i18n';

const policyLabels = (): Record<TToolPolicy, string> => ({ auto: t('Runs on its own'), approval: t('Needs approval'), off: t('Off') });

const approverLabels = (): Record<TToolApprovers, string> => ({
  requester_and_managers: t('The person who asked and room managers'),
  managers: t('Room managers only'),
  room_members: t('Anyone in the room'),
});

export interface ToolSetting {
  policy: TToolPolicy;
  approvers: TToolApprovers;
}

/**
 * One tool's policy as a segmented control (radios, so arrow keys move between the three) and, when it
 * needs approval, who approves.
 */
export function ToolPolicyControl({ tool, value, onChange }: { tool: TAgentTool; value: ToolSetting; onChange: (value: ToolSetting) => void }) {
  useT(); // re-renders the labels when the language changes
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <fieldset>
        <legend className="sr-only">{t('Policy of {{tool}}', { tool: tool.title })}</legend>
        <div className="inline-flex w-full rounded-lg border border-zinc-300 p-0.5 sm:w-auto dark:border-zinc-700">
          {TOOL_POLICIES.map((policy) => (
            <label
              key={policy}
              className={cn(
                'flex-1 cursor-pointer rounded-md px-2 py-1.5 text-center text-xs font-medium text-zinc-700 sm:flex-none sm:px-2.5 sm:whitespace-nowrap has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:text-zinc-300',
                value.policy === policy && (policy === 'off' ? 'bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-50' : 'bg-indigo-600 text-white dark:bg-indigo-500 dark:text-white'),
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={`${id}-policy`}
                value={policy}
                checked={value.policy === policy}
                onChange={() => onChange({ ...value, policy })}
              />
              {policyLabels()[policy]}
            </label>
          ))}
        </div>
      </fieldset>
      {value.policy === 'approval' && (
        <div className="flex w-full flex-col gap-1 sm:w-auto sm:flex-row sm:items-center sm:gap-2">
          <label htmlFor={`${id}-approvers`} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {t('Who approves')}
          </label>
          <select
            id={`${id}-approvers`}
            value={value.approvers}
            onChange={(e) => onChange({ ...value, approvers: e.target.value as TToolApprovers })}
            className="h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-xs text-zinc-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 sm:w-auto"
          >
            {Object.entries(approverLabels()).map(([approvers, label]) => (
              <option key={approvers} value={approvers}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
