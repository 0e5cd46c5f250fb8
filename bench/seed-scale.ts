import { pathToFileURL } from 'node:url';
import pg from 'pg';

/**
 * Seeds a migrated bench database with a production-sized backlog (the scale run), set-based
 * with generate_series so a million rows take seconds, not minutes:
 * - `users` parents with credentials (username `scale_user_<n>`), so the duplicate-email check and
 *   the username check search a full index;
 * - `signups` at steps 1–2, a quarter with a child, expiring from 30 days ago to 3 days ahead
 *   (an unpurged backlog of expired rows, the worst case for anything that scans).
 * Then ANALYZE, as autovacuum would soon after a bulk load.
 *
 * Standalone: `npx tsx bench/seed-scale.ts <database url> [signups] [users]`.
 */
export async function seedScale(
  url: string,
  counts: { signups: number; users: number },
): Promise<{ seconds: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    await client.query(
      `insert into users (kind, email, email_normalized, first_name, last_name, status, locale, created_at)
       select 'PARENT', 'scale.user' || g || '@example.com', 'scale.user' || g || '@example.com',
              'Scale', 'User ' || g, 'ACTIVE', case when g % 3 = 0 then 'es-MX' else 'en' end,
              now() - (g % 1000) * interval '1 hour'
       from generate_series(1, $1::int) g`,
      [counts.users],
    );
    await client.query(
      `insert into user_credentials (user_id, username, username_key, password_hash)
       select id, 'scale_user_' || substr(email, 11, position('@' in email) - 11),
              'scale_user_' || substr(email, 11, position('@' in email) - 11),
              '$argon2id$v=19$m=19456,t=2,p=1$c2NhbGVzYWx0$c2NhbGVoYXNo'
       from users where email like 'scale.user%'`,
    );
    await client.query(
      `insert into signups (registration_key_hash, last_completed_step, parent_first_name,
         parent_last_name, parent_email, parent_phone_country_code, parent_phone_number,
         knows_co_parent_email, co_parent_first_name, co_parent_last_name, co_parent_email, locale,
         created_at, updated_at, expires_at)
       select md5('k' || g) || md5('h' || g), 1 + (g % 2), 'Scale', 'Signup ' || g,
              'scale.signup' || g || '@example.com', 'US_CANADA', '212555' || lpad((g % 10000)::text, 4, '0'),
              true,
              case when g % 2 = 0 then 'Co' end, case when g % 2 = 0 then 'Parent ' || g end,
              case when g % 2 = 0 then 'scale.coparent' || g || '@example.com' end,
              case when g % 3 = 0 then 'es-MX' else 'en' end,
              t, t, t + interval '72 hours'
       from generate_series(1, $1::int) g,
            lateral (select now() - ((g % 792) * interval '1 hour') as t) at`,
      [counts.signups],
    );
    await client.query(
      `insert into signup_children (signup_id, position, first_name, last_name)
       select id, 0, 'Child', parent_last_name from signups
       where parent_email like 'scale.signup%' and last_completed_step = 2 and random() < 0.5`,
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return { seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, signups, users] = process.argv.slice(2);
  if (!url) {
    console.error('usage: tsx bench/seed-scale.ts <database url> [signups] [users]');
    process.exit(2);
  }
  const result = await seedScale(url, {
    signups: Number(signups ?? 1_000_000),
    users: Number(users ?? 100_000),
  });
  console.log(`seeded in ${result.seconds.toFixed(1)} s`);
}
