/**
 * Agents and their tool lists. Every query takes the owner's id, so one user never reads or
 * changes another user's agent (the routes answer 404 for those).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AGENT_DEFAULTS } from '../../shared/defaults.js';
import type { AgentTool } from '../../shared/types/agent.js';
import { reexpireAgentCalls } from './callSweep.js';
import { countOf } from './countOf.js';
import { agentMcpToolLinks, inSavedOrder, jsToolRefs, ownedMcpToolIds, replaceAgentMcpTools } from './mcpToolLinks.js';
import { Precompiled } from './precompiled.js';
import type { AgentsTable, Database } from './schema.js';
import { deletedAny, updatedAny } from './writeResults.js';

export type AgentRecord = AgentsTable;

/** The settings columns a PATCH may change (phone_number and its account change through the associations). */
export type AgentColumns = Omit<
  AgentsTable,
  'id' | 'user_id' | 'phone_number' | 'phone_account_sid' | 'created_at' | 'updated_at'
>;

/** An agent row with its tools in their saved order. */
export interface AgentWithTools {
  row: AgentRecord;
  tools: AgentTool[];
}

/** Every column of a new agent but its name: the spec's defaults (part 1 §9). */
export const NEW_AGENT_COLUMNS: Omit<AgentColumns, 'name'> = {
  description: AGENT_DEFAULTS.description,
  instructions: AGENT_DEFAULTS.instructions,
  system_message: AGENT_DEFAULTS.systemMessage,
  voice: AGENT_DEFAULTS.voice,
  speak_first: AGENT_DEFAULTS.speakFirst ? 1 : 0,
  transcription: AGENT_DEFAULTS.transcription ? 1 : 0,
  transcription_model: AGENT_DEFAULTS.transcription_model,
  transcription_language: AGENT_DEFAULTS.transcription_language,
  transcription_prompt: AGENT_DEFAULTS.transcription_prompt,
  noise_reduction: AGENT_DEFAULTS.noise_reduction,
  input_audio_format: AGENT_DEFAULTS.input_audio_format,
  output_audio_format: AGENT_DEFAULTS.output_audio_format,
  temperature: AGENT_DEFAULTS.temperature,
  response_output_tokens_limit: AGENT_DEFAULTS.response_output_tokens_limit ? 1 : 0,
  max_response_output_tokens: AGENT_DEFAULTS.max_response_output_tokens,
  model: AGENT_DEFAULTS.model,
  turn_detection_type: AGENT_DEFAULTS.turn_detection_type,
  prefix_padding_ms: AGENT_DEFAULTS.prefix_padding_ms,
  silence_duration_ms: AGENT_DEFAULTS.silence_duration_ms,
  threshold: AGENT_DEFAULTS.threshold,
  eagerness: AGENT_DEFAULTS.eagerness,
  keep_history_days: AGENT_DEFAULTS.keep_history_days,
  record_calls: AGENT_DEFAULTS.record_calls ? 1 : 0,
  // Every built-in function off (agents/builtinFunctionSettings.ts reads the defaults in).
  builtin_functions: '{}',
  knowledge_bots: '[]',
};

/** The tool links of a user's agents, with each tool's name and description, in saved order. */
function agentToolLinks(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('agent_tools')
    .innerJoin('agents', 'agents.id', 'agent_tools.agent_id')
    .innerJoin('tools', 'tools.id', 'agent_tools.tool_id')
    .select([
      'agent_tools.agent_id as agentId',
      'tools.id as id',
      'tools.name as name',
      'tools.description as description',
      'agent_tools.position as position',
    ])
    .where('agents.user_id', '=', userId);
}

const TOOL_LINKS_OF_USER = new Precompiled(1, (db, userId: string) =>
  agentToolLinks(db, userId).orderBy('agent_tools.agent_id').orderBy('agent_tools.position'),
);
const TOOL_LINKS_OF_AGENT = new Precompiled(2, (db, userId: string, agentId: string) =>
  agentToolLinks(db, userId)
    .where('agents.id', '=', agentId)
    .orderBy('agent_tools.agent_id')
    .orderBy('agent_tools.position'),
);
const AGENTS_OF_USER = new Precompiled(1, (db, userId: string) =>
  db.selectFrom('agents').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc'),
);
const AGENT_OF_USER = new Precompiled(2, (db, id: string, userId: string) =>
  db.selectFrom('agents').selectAll().where('id', '=', id).where('user_id', '=', userId),
);

/** Tools of the given agents (all owned by `userId`), JavaScript and MCP, grouped by agent id, in saved order. */
async function toolsByAgent(db: Kysely<Database>, userId: string, agentId?: string): Promise<Map<string, AgentTool[]>> {
  const [js, mcp] = await Promise.all([
    agentId === undefined ? TOOL_LINKS_OF_USER.rows(db, userId) : TOOL_LINKS_OF_AGENT.rows(db, userId, agentId),
    agentMcpToolLinks(db, userId, agentId),
  ]);
  const rows = inSavedOrder(
    js,
    mcp.map(({ ownerId, ...tool }) => ({ agentId: ownerId, ...tool })),
  );
  const byAgent = new Map<string, AgentTool[]>();
  for (const { agentId: owner, position: _position, ...tool } of rows) {
    const list = byAgent.get(owner);
    if (list) list.push(tool);
    else byAgent.set(owner, [tool]);
  }
  return byAgent;
}

/** The user's agents, newest first. Two queries whatever the number of agents. */
export async function listAgents(db: Kysely<Database>, userId: string): Promise<AgentWithTools[]> {
  const rows = await AGENTS_OF_USER.rows(db, userId);
  if (rows.length === 0) return [];
  const tools = await toolsByAgent(db, userId);
  return rows.map((row) => ({ row, tools: tools.get(row.id) ?? [] }));
}

/** The agent row alone (no tools), if `userId` owns it. */
export async function findAgentRow(db: Kysely<Database>, userId: string, id: string): Promise<AgentRecord | undefined> {
  return AGENT_OF_USER.first(db, id, userId);
}

export async function findAgent(db: Kysely<Database>, userId: string, id: string): Promise<AgentWithTools | undefined> {
  const row = await findAgentRow(db, userId, id);
  if (!row) return undefined;
  return { row, tools: (await toolsByAgent(db, userId, id)).get(id) ?? [] };
}

/** A new agent with every spec default (part 1 §9) and no tools or number. */
export async function insertAgent(
  db: Kysely<Database>,
  userId: string,
  name: string,
  now: number,
): Promise<AgentWithTools> {
  const row: AgentRecord = {
    id: randomUUID(),
    user_id: userId,
    name,
    ...NEW_AGENT_COLUMNS,
    phone_number: null,
    phone_account_sid: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('agents').values(row).execute();
  return { row, tools: [] };
}

/** The subset of `toolIds` that `userId` owns: their JavaScript tools and the MCP tools their servers list. */
export async function findOwnedToolIds(db: Kysely<Database>, userId: string, toolIds: string[]): Promise<Set<string>> {
  const jsIds = jsToolRefs(toolIds).map((ref) => ref.tool_id);
  const owned = await ownedMcpToolIds(db, userId, toolIds);
  if (jsIds.length === 0) return owned;
  const rows = await db
    .selectFrom('tools')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', jsIds)
    .execute();
  for (const row of rows) owned.add(row.id);
  return owned;
}

/** A tool deleted between the ownership check and the insert fails the agent_tools foreign key. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * Applies column changes (a Keep history given re-expires the agent's ended calls) and, when
 * `toolIds` is given, replaces the tool list, in one transaction. Tool ids must already be checked as the owner's. False when no such agent.
 */
export async function updateAgent(
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: Partial<AgentColumns>,
  toolIds: string[] | undefined,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await updatedAny(
      trx
        .updateTable('agents')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId),
    );
    if (!updated) return false;
    // Ended calls follow a new Keep history at once (db/callSweep.ts); calls still open take it when they end.
    if (changes.keep_history_days !== undefined) await reexpireAgentCalls(trx, userId, id, changes.keep_history_days);
    if (toolIds) {
      await trx.deleteFrom('agent_tools').where('agent_id', '=', id).execute();
      const js = jsToolRefs(toolIds);
      if (js.length > 0)
        await trx
          .insertInto('agent_tools')
          .values(js.map((ref) => ({ agent_id: id, ...ref })))
          .execute();
      await replaceAgentMcpTools(trx, id, toolIds);
    }
    return true;
  });
}

/** Deletes the agent (its tool links and its number go with the row). False when no such agent. */
export async function deleteAgent(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  return deletedAny(db.deleteFrom('agents').where('id', '=', id).where('user_id', '=', userId));
}

/** How many agents the user has (the agents quota). */
export async function countAgents(db: Kysely<Database>, userId: string): Promise<number> {
  return countOf(db.selectFrom('agents').where('user_id', '=', userId));
}
