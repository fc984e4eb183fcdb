import { sql } from 'drizzle-orm';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { BENCH_ADMIN_EMAIL } from './setup';
import { nowMs, roundTo } from './stats';

/** The bench admin's chat partner in the demo seed (internal chat role). */
const CHAT_PARTNER_EMAIL = 'agent@motors.example.com';

export interface TChatSeedReport {
  threadId: number;
  messages: number;
  attachments: number;
  notifications: number;
  seconds: number;
}

/**
 * A long one-to-one internal chat between the bench admin and the demo agent, and a full notification centre
 * for the admin, set-based (one INSERT … SELECT generate_series per table) in one system-scope transaction:
 * - `messages` chat messages one second apart, alternating senders, ending now; every `attachmentEvery`-th
 *   carries an image (a media_objects row: the page presents signed URLs, no file is read);
 * - `notifications` inbound-message notifications one minute apart, ending now, two thirds of them read.
 * The thread's bump and last-message preview are set as the send path leaves them.
 */
export async function seedChatAndNotifications(opts: { db: TDatabase; messages: number; attachmentEvery: number; notifications: number }): Promise<TChatSeedReport> {
  const started = nowMs();
  const report = await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
    const admin = await findUserByEmail(tx, BENCH_ADMIN_EMAIL);
    const partner = await findUserByEmail(tx, CHAT_PARTNER_EMAIL);
    if (!admin?.companyId || !partner || partner.companyId !== admin.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} and ${CHAT_PARTNER_EMAIL} are missing from the seed`);
    const companyId = admin.companyId;
    const [low, high] = admin.id < partner.id ? [admin.id, partner.id] : [partner.id, admin.id];
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);

    const threads = await tx.execute(sql`
      insert into internal_chat_threads (company_id, owner_id, is_group, direct_user_low, direct_user_high, bumped_at, last_message_at)
      values (${companyId}, ${admin.id}, false, ${low}, ${high}, ${now.toISOString()}, ${now.toISOString()})
      returning id::int as id`);
    const threadId = (threads.rows[0] as { id: number }).id;
    await tx.execute(sql`
      insert into internal_chat_members (company_id, thread_id, user_id, read_at)
      values (${companyId}, ${threadId}, ${admin.id}, ${now.toISOString()}), (${companyId}, ${threadId}, ${partner.id}, null)`);
    // Message i is sent (messages − i) seconds before now; even i by the admin, odd by the partner.
    await tx.execute(sql`
      insert into internal_chat_messages (company_id, thread_id, user_id, content, sent_at)
      select ${companyId}, ${threadId}, case when i % 2 = 0 then ${admin.id}::bigint else ${partner.id}::bigint end,
             'Bench chat message ' || i || ': the customer asked about the brake pads again, can you call them back?',
             ${now.toISOString()}::timestamptz - make_interval(secs => ${opts.messages} - i)
      from generate_series(1, ${opts.messages}) as i`);
    const media = await tx.execute(sql`
      with attached as (
        select m.id as message_id, m.user_id
        from internal_chat_messages m
        where m.company_id = ${companyId} and m.thread_id = ${threadId} and m.id % ${opts.attachmentEvery} = 0
      ), inserted as (
        insert into media_objects (company_id, storage_key, mime_type, original_mime_type, original_file_name, size, entity_name, entity_id, entity_field, created_by)
        select ${companyId}, 'bench/chat-' || message_id || '.jpg', 'image/jpeg', 'image/jpeg', 'photo-' || message_id || '.jpg', 48213,
               'InternalChatMessage', message_id, 'attachments', user_id
        from attached
        returning id, entity_id
      )
      insert into internal_chat_message_attachments (company_id, message_id, media_id, position)
      select ${companyId}, entity_id, id, 0 from inserted
      returning media_id`);
    const [last] = (
      await tx.execute(sql`
        select id::int as id, user_id::int as "userId", content from internal_chat_messages
        where company_id = ${companyId} and thread_id = ${threadId} order by sent_at desc, id desc limit 1`)
    ).rows as { id: number; userId: number; content: string }[];
    await tx.execute(sql`
      update internal_chat_threads
      set last_message = ${JSON.stringify({ id: last!.id, content: last!.content, userId: last!.userId, hasAttachments: false, sentAt: now.toISOString() })}::jsonb
      where company_id = ${companyId} and id = ${threadId}`);

    await tx.execute(sql`
      insert into notifications (company_id, user_id, kind, title, body, data, read_at, created_at)
      select ${companyId}, ${admin.id}, 'inbound_message', 'New message from Bench Customer ' || i, 'Is my car ready for pick-up today?',
             jsonb_build_object('customerId', i, 'messageId', i, 'link', '/communication/' || i || '/messenger'), case when i % 3 = 0 then null else ${now.toISOString()}::timestamptz end,
             ${now.toISOString()}::timestamptz - make_interval(mins => ${opts.notifications} - i)
      from generate_series(1, ${opts.notifications}) as i`);
    return { threadId, attachments: media.rows.length };
  });
  // Fresh statistics, as after autovacuum (PGlite and PostgreSQL alike).
  await opts.db.exec('analyze internal_chat_messages; analyze internal_chat_message_attachments; analyze media_objects; analyze notifications');
  return { ...report, messages: opts.messages, notifications: opts.notifications, seconds: roundTo({ value: (nowMs() - started) / 1000, digits: 2 }) };
}
