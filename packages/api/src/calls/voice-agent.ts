// The voice agent, one per tenant (spec 000 §3/§5, spec 001 §5; docs/architecture.md, REST details: GET without one
// is a 404, a second POST a 409, a PUT before one exists a 404, a PUT that changes the DDD a 400).
import { PG_UNIQUE_VIOLATION, pgErrorOf, schema, type TenantTx } from "@atende/db";
import {
  VOICE_AGENT_MESSAGES as M,
  type VoiceAgent,
  type VoiceAgentCreate,
  type VoiceAgentUpdate,
} from "@atende/shared/schemas/voice-agent";
import { toWireInstant } from "@atende/shared/time";
import { conflict, invalid, notFound } from "../errors";

const t = schema.voiceAgents;
type Row = typeof t.$inferSelect;

function toRecord(row: Row): VoiceAgent {
  return {
    id: row.id,
    tenantId: row.tenantId,
    agentType: row.agentType,
    voiceType: row.voiceType,
    voiceTone: row.voiceTone,
    name: row.name,
    welcomeMessage: row.welcomeMessage,
    ddd: row.ddd,
    forwardingPhone: row.forwardingPhone,
    forwardingWhatsapp: row.forwardingWhatsapp,
    recordingNotice: row.recordingNotice,
    createdAt: toWireInstant(row.createdAt),
  };
}

/** The tenant's agent, or undefined (for callers that treat "no agent" as a state, like the setup check). */
export async function findVoiceAgent(db: TenantTx): Promise<VoiceAgent | undefined> {
  const [row] = await db.select().from(t);
  return row ? toRecord(row) : undefined;
}

export async function getVoiceAgent(db: TenantTx): Promise<VoiceAgent> {
  const agent = await findVoiceAgent(db);
  if (!agent) notFound(M.notFound);
  return agent;
}

/** One per tenant: the unique constraint `voice_agents_one_per_tenant` decides, even between concurrent POSTs. */
export async function createVoiceAgent(db: TenantTx, input: VoiceAgentCreate): Promise<VoiceAgent> {
  try {
    const [row] = await db
      .insert(t)
      .values({ ...input, tenantId: db.tenantId })
      .returning();
    if (!row) throw new Error("voice agent insert returned nothing");
    return toRecord(row);
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === PG_UNIQUE_VIOLATION && pg.constraint === "voice_agents_one_per_tenant")
      conflict(M.alreadyExists);
    throw error;
  }
}

/** PUT: replaces the editable fields; the DDD is fixed at creation (spec 000 §4). */
export async function updateVoiceAgent(
  db: TenantTx,
  input: VoiceAgentUpdate,
  now: Date,
): Promise<VoiceAgent> {
  const [existing] = await db.select().from(t).for("update");
  if (!existing) notFound(M.notFound);
  const { ddd, ...fields } = input;
  if (ddd !== undefined && ddd !== existing.ddd) invalid("ddd", M.dddImmutable);
  const [row] = await db
    .update(t)
    .set({ ...fields, updatedAt: now })
    .returning();
  if (!row) throw new Error("voice agent update returned nothing");
  return toRecord(row);
}
