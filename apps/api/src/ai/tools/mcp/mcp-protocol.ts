import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** How much of a server's listing is kept: enough for any real server, bounded for a lying one. */
const MCP_LISTING_LIMITS = { tools: 200, pages: 20, nameMax: 128, descriptionMax: 1000, schemaMaxChars: 20_000 } as const;

/** A tool as stored after a listing. */
export interface ListedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A page of tools/list, read loosely: one odd tool must not hide the others (each is checked on its own). */
const ZLooseToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** A tool name as MCP allows it; anything else (spaces, control characters) is skipped. */
const TOOL_NAME = /^[A-Za-z0-9_.\-/]+$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One listed tool, or null when it has no usable name. A schema that is not an object's (or is huge) becomes `{ type: 'object' }`. */
function normalizeListedTool(raw: unknown): ListedTool | null {
  if (!isPlainObject(raw)) return null;
  const { name, description, inputSchema } = raw;
  if (typeof name !== 'string' || name.length > MCP_LISTING_LIMITS.nameMax || !TOOL_NAME.test(name)) return null;
  const schemaFits =
    isPlainObject(inputSchema) &&
    (inputSchema.type === undefined || inputSchema.type === 'object') &&
    JSON.stringify(inputSchema).length <= MCP_LISTING_LIMITS.schemaMaxChars;
  return {
    name,
    description: typeof description === 'string' ? description.replaceAll('\0', '').slice(0, MCP_LISTING_LIMITS.descriptionMax) : '',
    inputSchema: schemaFits ? { ...inputSchema, type: 'object' } : { type: 'object' },
  };
}

/** Every tool the server lists, following `nextCursor` (bounded), first of each name kept. */
export async function listServerTools(client: Client, options: RequestOptions): Promise<ListedTool[]> {
  const tools = new Map<string, ListedTool>();
  let cursor: string | undefined;
  for (let page = 0; page < MCP_LISTING_LIMITS.pages; page += 1) {
    const result = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ZLooseToolsPage, options);
    for (const raw of result.tools) {
      const tool = normalizeListedTool(raw);
      if (tool && !tools.has(tool.name) && tools.size < MCP_LISTING_LIMITS.tools) tools.set(tool.name, tool);
    }
    cursor = result.nextCursor;
    if (!cursor || tools.size >= MCP_LISTING_LIMITS.tools) break;
  }
  return [...tools.values()];
}

/** A tool result as text for the model: text parts joined, other content named briefly. */
function resultText(result: CallToolResult): string {
  const parts = result.content.map((part) => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'image':
        return '[image]';
      case 'audio':
        return '[audio]';
      case 'resource_link':
        return `[link: ${part.uri}]`;
      case 'resource':
        return 'text' in part.resource && typeof part.resource.text === 'string' ? part.resource.text : `[file: ${part.resource.uri}]`;
      default:
        return '[content]';
    }
  });
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

/** Calls one tool; the SDK checks the answer is a tool result (a malformed one throws). */
export async function callServerTool(client: Client, name: string, args: Record<string, unknown>, options: RequestOptions) {
  const result = (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
  return { text: resultText(result), isError: result.isError === true };
}
