import type { TToolStep } from '@agentroom/shared';
import type { ToolCallRow } from '../../db/rows';
import type { ToolBox } from '../tools/tool-types';
import { prettyArguments } from './approval-card';

const DISPLAY_RESULT_MAX = 4000;

/** `text`, cut at `max` characters with a line saying so. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[result cut at ${max} characters]`;
}

/** A reply's recorded tool calls as people see them: "Searched messages for 'Q3'", its arguments and result (cut for display). */
export function presentSteps(tools: Pick<ToolBox, 'label'>, rows: ToolCallRow[]): TToolStep[] {
  return rows.map((row) => ({
    id: row.id,
    tool: row.toolTitle,
    label: tools.label(row.toolTitle, row.arguments ?? null),
    status: row.status,
    arguments: prettyArguments(row),
    ...(row.result !== null ? { result: capText(row.result, DISPLAY_RESULT_MAX) } : {}),
    isError: row.isError,
  }));
}
