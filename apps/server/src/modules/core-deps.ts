import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** What a module's service takes from the core plugin: the database and the clock (tests move it). */
export type CoreDeps = { db: Db; now: () => Date };

/** The core deps and the log, for a service that reports what it could not do. */
export type LoggedCoreDeps = CoreDeps & { log: FastifyBaseLogger };
