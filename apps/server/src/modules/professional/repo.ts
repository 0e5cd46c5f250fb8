import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  type NewProfessionalProfileRow,
  type ProfessionalProfileRow,
  professionalProfiles,
} from '../../db/schema.js';

export async function insertProfessionalProfile(
  db: Executor,
  values: Omit<NewProfessionalProfileRow, 'createdAt'>,
): Promise<ProfessionalProfileRow> {
  const [row] = await db.insert(professionalProfiles).values(values).returning();
  if (!row) throw new Error('insert into professional_profiles returned no row');
  return row;
}

export async function findProfessionalProfile(
  db: Executor,
  userId: string,
): Promise<ProfessionalProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(professionalProfiles)
    .where(eq(professionalProfiles.userId, userId))
    .limit(1);
  return row;
}
