import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baselines of `npm run bench`: a minimal Fastify server with
 * - POST /insert: inserts a row as wide as a created signup into PostgreSQL with `pg`
 *   (a pool of 10, like the server's), answering 201 `{ id }`;
 * - GET /select/:id: reads one of those rows by its primary key with `pg`, answering it as JSON;
 * - GET /json: a plain JSON answer.
 * No validation, no plugins, no logging: what the hardware, Node, Fastify and PostgreSQL give.
 * Env: PORT, DATABASE_URL.
 */

const port = Number(process.env.PORT ?? 3190);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});

await pool.query(`
  create table if not exists bench_baseline (
    id uuid primary key default gen_random_uuid(),
    registration_key_hash text not null unique,
    last_completed_step smallint not null default 1,
    parent_first_name text not null,
    parent_last_name text not null,
    parent_email text,
    parent_phone_country_code text,
    parent_phone_number text,
    knows_co_parent_email boolean,
    parent_duplicate_confirmed boolean not null default false,
    locale text not null default 'en',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`);

type Body = {
  parent: {
    firstName: string;
    lastName: string;
    email: string;
    phoneCountryCode: string;
    phoneNumber: string;
  };
  knowsCoParentEmail: boolean;
};

const app = Fastify({ logger: false });

app.post('/insert', async (request, reply) => {
  const { parent, knowsCoParentEmail } = request.body as Body;
  const key = randomBytes(32).toString('base64url');
  const { rows } = await pool.query<{ id: string }>(
    `insert into bench_baseline (registration_key_hash, parent_first_name, parent_last_name,
       parent_email, parent_phone_country_code, parent_phone_number, knows_co_parent_email,
       expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + interval '72 hours') returning id`,
    [
      createHash('sha256').update(key).digest('hex'),
      parent.firstName,
      parent.lastName,
      parent.email,
      parent.phoneCountryCode,
      parent.phoneNumber,
      knowsCoParentEmail,
    ],
  );
  return reply.status(201).send({ id: rows[0]?.id, registrationKey: key });
});

app.get('/select/:id', async (request, reply) => {
  const { id } = request.params as { id: string };
  const { rows } = await pool.query('select * from bench_baseline where id = $1', [id]);
  if (!rows[0]) return reply.status(404).send({ error: 'not found' });
  return rows[0];
});

app.get('/json', async () => ({ ok: true, items: ['US', 'MX', 'GB'] }));
app.get('/healthz', async () => ({ status: 'ok' }));

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ host: '127.0.0.1', port });
console.log(`baseline listening on ${port}`);
