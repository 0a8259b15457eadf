/**
 * Lookups the Twilio webhooks make on every call (issue 18):
 *
 * - `account_settings.twilio_account_sid_hash`: a keyed hash of the plain account SID
 *   (SecretBox.lookupHash), indexed, so an incoming call's account is found without decrypting
 *   every user's settings. The key lives outside the database, so this migration cannot compute
 *   it: rows saved before it are filled once at start-up (settings/accountSidHashes.ts).
 * - a unique index on `stream_tokens.call_sid`: one Media Stream token per call, so a replayed
 *   incoming-call webhook cannot mint another (voice/streamTokens.ts). A call that got several
 *   tokens before keeps its used one (the mark that it was answered), else the one that expires
 *   last; outbound tokens not yet bound (NULL) may be many.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_settings').addColumn('twilio_account_sid_hash', 'text').execute();
  await db.schema
    .createIndex('account_settings_sid_hash_idx')
    .on('account_settings')
    .column('twilio_account_sid_hash')
    .execute();

  await sql`
    delete from stream_tokens
    where call_sid is not null and exists (
      select 1 from stream_tokens as other
      where other.call_sid = stream_tokens.call_sid
        and ((other.used_at is not null and stream_tokens.used_at is null)
          or ((other.used_at is null) = (stream_tokens.used_at is null)
            and (other.expires_at > stream_tokens.expires_at
              or (other.expires_at = stream_tokens.expires_at and other.token_hash > stream_tokens.token_hash)))))
  `.execute(db);
  await db.schema.createIndex('stream_tokens_call_sid_uq').unique().on('stream_tokens').column('call_sid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stream_tokens_call_sid_uq').execute();
  await db.schema.dropIndex('account_settings_sid_hash_idx').execute();
  await db.schema.alterTable('account_settings').dropColumn('twilio_account_sid_hash').execute();
}
