import pg from 'pg';

/**
 * The statements behind bench/review.ts's measurements, written out as the server sends them
 * (src/server/messages/conversation.ts, src/server/admin/applications-repo.ts, src/server/jobs/runner.ts),
 * for EXPLAIN (ANALYZE, BUFFERS) when a goal is missed. Keep them in step with those files.
 */

/** 'Waiting for us' page 1 and its total, capped like the lists' (COUNT_CAP + 1 rows read at most). */
export const WAITING_PAGE_SQL = `SELECT id, submitted_at, first_name, last_name, email, property_value, status, assignee, waiting_since
  FROM applications WHERE waiting_since IS NOT NULL ORDER BY waiting_since ASC, id ASC LIMIT 25`;
export const WAITING_COUNT_SQL = `SELECT count(*) FROM (SELECT 1 FROM applications WHERE waiting_since IS NOT NULL LIMIT 10001) capped`;

const STAFF_UNREAD_SQL = (ids: string) => `
  SELECT c.application_id AS id, n.unread FROM application_conversations c
  CROSS JOIN LATERAL (
    SELECT count(*) AS unread FROM (
      SELECT 1 FROM application_messages m
      WHERE m.application_id = c.application_id AND m.created_at > coalesce(c.staff_read_at, '-infinity'::timestamptz)
        AND m.sender_side = 'applicant' AND m.deleted_at IS NULL
      LIMIT 100) capped) n
  WHERE c.application_id IN (${ids})`;

export interface Explained {
  conversation: string;
  unread: string;
  waiting: string;
  claim: string;
}

async function explain(client: pg.Client, text: string, params: unknown[] = []): Promise<string> {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
  return `${text.trim()}\n${rows.map((r) => `  ${r['QUERY PLAN'] as string}`).join('\n')}`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each measurement's statements; `buyerId` is a measured buyer, `kinds` the registered job kinds. */
export async function explainReview(databaseUrl: string, buyerId: string, kinds: string[]): Promise<Explained> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const active = `SELECT * FROM applications WHERE user_id = $1 AND status <> 'declined'`;
    const { rows } = await client.query<{ id: string }>(active, [buyerId]);
    const applicationId = rows[0]?.id;
    const conversation = [
      await explain(client, active, [buyerId]),
      await explain(
        client,
        `SELECT m.id, m.application_id, m.sender_id, m.sender_side, m.body, m.created_at, m.deleted_at, u.name
         FROM application_messages m LEFT JOIN "user" u ON u.id = m.sender_id
         WHERE m.application_id = $1 AND true ORDER BY m.created_at DESC, m.id DESC LIMIT 51`,
        [applicationId],
      ),
      await explain(
        client,
        `SELECT count(*) AS unread FROM (SELECT 1 FROM application_messages WHERE application_id = $1
           AND created_at > coalesce((SELECT applicant_read_at FROM application_conversations WHERE application_id = $1), '-infinity'::timestamptz)
           AND sender_side = 'staff' AND deleted_at IS NULL LIMIT 100) unread`,
        [applicationId],
      ),
    ].join('\n\n');

    const pageIds = `SELECT id FROM applications WHERE status <> 'draft' ORDER BY submitted_at DESC NULLS LAST, id DESC LIMIT 25`;
    const ids = (await client.query<{ id: string }>(pageIds)).rows.map((r) => `'${r.id}'::uuid`).join(', ');
    const unread = [await explain(client, pageIds), await explain(client, STAFF_UNREAD_SQL(ids))].join('\n\n');

    const waitingIds = (await client.query<{ id: string }>(WAITING_PAGE_SQL)).rows.map((r) => `'${r.id}'::uuid`).join(', ');
    const waiting = [
      await explain(client, WAITING_PAGE_SQL),
      await explain(client, WAITING_COUNT_SQL),
      await explain(client, STAFF_UNREAD_SQL(waitingIds)),
    ].join('\n\n');

    // The claim is an UPDATE: explained (and so run) inside a transaction rolled back.
    await client.query('BEGIN');
    let claim: string;
    try {
      claim = await explain(
        client,
        `WITH due(id) AS MATERIALIZED (
           SELECT id FROM jobs WHERE state IN ('queued', 'running') AND run_at <= now() AND (state = 'queued' OR locked_until < now())
             AND kind = ANY($1) ORDER BY run_at LIMIT 10 FOR UPDATE SKIP LOCKED)
         UPDATE jobs SET state = 'running', attempts = jobs.attempts + 1, locked_by = 'explain', locked_until = now() + make_interval(secs => 60), updated_at = now()
         FROM due WHERE jobs.id = due.id RETURNING jobs.id`,
        [kinds],
      );
    } finally {
      await client.query('ROLLBACK');
    }
    return { conversation, unread, waiting, claim };
  } finally {
    await client.end();
  }
}
