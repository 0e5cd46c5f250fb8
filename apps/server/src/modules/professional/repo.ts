import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst, insertOne } from '../../db/queries.js';
import {
  type NewProfessionalProfileRow,
  type ProfessionalProfileRow,
  professionalProfiles,
} from '../../db/schema.js';

export async function insertProfessionalProfile(
  db: Executor,
  values: Omit<NewProfessionalProfileRow, 'createdAt'>,
): Promise<ProfessionalProfileRow> {
  return insertOne(db, professionalProfiles, values);
}

export async function findProfessionalProfile(
  db: Executor,
  userId: string,
): Promise<ProfessionalProfileRow | undefined> {
  return findFirst(db, professionalProfiles, eq(professionalProfiles.userId, userId));
}
