import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerExecutor, preparedStatement } from '../../db/prepared-statement.js';
import { findFirst, upsert } from '../../db/queries.js';
import {
  catalogPackages,
  type NewSignupRow,
  type SignupBillingRow,
  type SignupChildRow,
  type SignupRow,
  signupBilling,
  signupChildren,
  signupOrders,
  signups,
  users,
} from '../../db/schema.js';

export type SignupChild = Pick<SignupChildRow, 'firstName' | 'lastName' | 'email'>;

/** The columns a created signup sets (the rest keep their defaults until later saves). */
const CREATED_SIGNUP_COLUMNS = [
  'registrationKeyHash',
  'lastCompletedStep',
  'parentFirstName',
  'parentLastName',
  'parentEmail',
  'parentPhoneCountryCode',
  'parentPhoneNumber',
  'knowsCoParentEmail',
  'parentDuplicateConfirmed',
  'segmentAnonymousId',
  'locale',
  'createdAt',
  'updatedAt',
  'expiresAt',
] as const satisfies readonly (keyof NewSignupRow)[];

export type CreatedSignupValues = Required<
  Pick<NewSignupRow, (typeof CREATED_SIGNUP_COLUMNS)[number]>
>;

const signupColumns = getTableColumns(signups);
const insertSignupUnlessEmailTakenStatement = preparedStatement<{ id: string }>(
  'signup_insert_unless_email_taken',
  sql`
    insert into ${signups} (${sql.join(
      CREATED_SIGNUP_COLUMNS.map((key) => sql.identifier(signupColumns[key].name)),
      sql`, `,
    )})
    select ${sql.join(
      // Each value goes through its column's encoder (a Date to a timestamp), as `insert` does.
      CREATED_SIGNUP_COLUMNS.map((key) => sql.param(sql.placeholder(key), signupColumns[key])),
      sql`, `,
    )}
    where not exists (
      select 1 from ${users} where ${users.emailNormalized} = ${sql.placeholder('emailNormalized')}
    )
    returning ${sql.identifier(signupColumns.id.name)}`,
);

/**
 * Inserts the signup unless a user already has the email (compared as `users.email_normalized`),
 * in one prepared statement: the duplicate check and the insert cost one round trip, and
 * PostgreSQL plans them once per connection (the create is the funnel's hottest write).
 * Undefined when the email is taken.
 */
export async function insertSignupUnlessEmailTaken(
  db: Executor,
  values: CreatedSignupValues,
  emailNormalized: string,
): Promise<{ id: string } | undefined> {
  const [row] = await insertSignupUnlessEmailTakenStatement(db, { ...values, emailNormalized });
  return row;
}

/** The new signup's id: the row is wide, and reading it all back cost the hot create call. */
export async function insertSignup(db: Executor, values: NewSignupRow): Promise<{ id: string }> {
  const [row] = await db.insert(signups).values(values).returning({ id: signups.id });
  if (!row) throw new Error('insert into signups returned no row');
  return row;
}

// Every call of the funnel reads its signup first: these are prepared once (db/prepared-statement).
const selectSignupById = (db: Executor) =>
  db
    .select()
    .from(signups)
    .where(eq(signups.id, sql.placeholder('id')))
    .limit(1);

const signupByIdQuery = preparedPerExecutor((db) => selectSignupById(db).prepare('signup_by_id'));

const signupByIdForUpdateQuery = preparedPerExecutor((db) =>
  selectSignupById(db).for('update').prepare('signup_by_id_for_update'),
);

export async function findSignupById(db: Executor, id: string): Promise<SignupRow | undefined> {
  const [row] = await signupByIdQuery(db).execute({ id });
  return row;
}

/** Locks the signup row for the rest of the transaction (concurrent saves apply one by one). */
export async function findSignupByIdForUpdate(
  db: Executor,
  id: string,
): Promise<SignupRow | undefined> {
  const [row] = await signupByIdForUpdateQuery(db).execute({ id });
  return row;
}

export async function updateSignup(
  db: Executor,
  id: string,
  values: Partial<Omit<NewSignupRow, 'id' | 'registrationKeyHash' | 'createdAt'>>,
): Promise<void> {
  await db.update(signups).set(values).where(eq(signups.id, id));
}

export async function findChildren(db: Executor, signupId: string): Promise<SignupChild[]> {
  return db
    .select({
      firstName: signupChildren.firstName,
      lastName: signupChildren.lastName,
      email: signupChildren.email,
    })
    .from(signupChildren)
    .where(eq(signupChildren.signupId, signupId))
    .orderBy(asc(signupChildren.position));
}

/** What the FAMILY section saves on the signup row. */
const FAMILY_SECTION_COLUMNS = [
  'coParentFirstName',
  'coParentLastName',
  'coParentEmail',
  'coParentPhoneCountryCode',
  'coParentPhoneNumber',
  'coParentDuplicateConfirmed',
  'coParentAlsoText',
  'lastCompletedStep',
  'locale',
  'updatedAt',
  'expiresAt',
] as const satisfies readonly (keyof NewSignupRow)[];

export type FamilySectionValues = Required<
  Pick<NewSignupRow, (typeof FAMILY_SECTION_COLUMNS)[number]>
>;

const saveFamilySectionStatement = preparedStatement<{ saved: number }>(
  'signup_save_family_section',
  sql`
    with updated as (
      update ${signups} set ${sql.join(
        FAMILY_SECTION_COLUMNS.map(
          (key) =>
            sql`${sql.identifier(signupColumns[key].name)} = ${sql.param(
              sql.placeholder(key),
              signupColumns[key],
            )}`,
        ),
        sql`, `,
      )}
      where ${signups.id} = ${sql.placeholder('id')}
        -- The row version the save was checked against, if any (xmin changes with every update).
        and (${sql.placeholder('version')}::text is null or xmin::text = ${sql.placeholder('version')})
      returning ${signups.id}
    ), removed as (
      delete from ${signupChildren}
      where ${signupChildren.signupId} in (select updated.id from updated)
      returning 1
    )
    insert into ${signupChildren} (${sql.join(
      [
        signupChildren.signupId,
        signupChildren.position,
        signupChildren.firstName,
        signupChildren.lastName,
        signupChildren.email,
      ].map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    select updated.id, child.position, child.first_name, child.last_name, child.email
    from updated,
      jsonb_to_recordset(${sql.placeholder('children')}::jsonb)
        as child(position integer, first_name text, last_name text, email text)
    -- Reading "removed" makes the delete run before the insert (the same positions come back).
    where (select count(*) from removed) >= 0
    returning 1 as saved`,
);

/**
 * The FAMILY section's writes in one prepared statement (one round trip instead of three): the
 * signup row's co-parent columns, and its children replaced by `children` in their order. With a
 * `version` (`findSignupForFamilySave`), only while the row is still that version: false, and
 * nothing written, when it changed since.
 */
export async function saveFamilySection(
  db: Executor,
  id: string,
  values: FamilySectionValues,
  children: readonly SignupChild[],
  version: string | null,
): Promise<boolean> {
  const rows = await saveFamilySectionStatement(db, {
    ...values,
    id,
    version,
    children: JSON.stringify(
      children.map((child, position) => ({
        position,
        first_name: child.firstName,
        last_name: child.lastName,
        email: child.email,
      })),
    ),
  });
  return rows.length > 0;
}

const signupForFamilySaveQuery = preparedPerExecutor((db) =>
  db
    .select({
      signup: signups,
      version: sql<string>`xmin::text`,
      coParentEmailTaken: sql<boolean>`exists (
        select 1 from users u where u.email_normalized = ${sql.placeholder('coParentEmailKey')}
      )`,
    })
    .from(signups)
    .where(eq(signups.id, sql.placeholder('id')))
    .limit(1)
    .prepare('signup_for_family_save'),
);

/**
 * The FAMILY save's read, in one round trip: the signup, its row version (for a save without a
 * lock, `saveFamilySection`), and whether a user has `coParentEmailKey` (an `emailKey`).
 */
export async function findSignupForFamilySave(
  db: Executor,
  id: string,
  coParentEmailKey: string,
): Promise<{ row: SignupRow; version: string; coParentEmailTaken: boolean } | undefined> {
  const [found] = await signupForFamilySaveQuery(db).execute({ id, coParentEmailKey });
  if (!found) return undefined;
  return {
    row: found.signup,
    version: found.version,
    coParentEmailTaken: found.coParentEmailTaken,
  };
}

// ── The package choice and referrer of a signup (signup_orders) ─────────────────────────────────

export type SignupOrder = {
  packageId: number | null;
  productId: string | null;
  services: string[];
  complete: boolean;
  freeOptionsTreatment: boolean;
  referrerKey: string | null;
  /** Whether the ordered package is build-your-own (null without a package). */
  buildYourOwn: boolean | null;
};

/** A signup's order as the calls read it (its package's build-your-own flag joined in). */
const orderColumns = {
  packageId: signupOrders.packageId,
  productId: signupOrders.productId,
  services: signupOrders.services,
  complete: signupOrders.complete,
  freeOptionsTreatment: signupOrders.freeOptionsTreatment,
  referrerKey: signupOrders.referrerKey,
  buildYourOwn: catalogPackages.buildYourOwn,
};

const signupOrderQuery = preparedPerExecutor((db) =>
  db
    .select(orderColumns)
    .from(signupOrders)
    .leftJoin(catalogPackages, eq(catalogPackages.id, signupOrders.packageId))
    .where(eq(signupOrders.signupId, sql.placeholder('signupId')))
    .limit(1)
    .prepare('signup_order_by_signup'),
);

export async function findSignupOrder(
  db: Executor,
  signupId: string,
): Promise<SignupOrder | undefined> {
  const [row] = await signupOrderQuery(db).execute({ signupId });
  return row;
}

/**
 * What the calls that price a signup's order read of the signup: its access (key, expiry, paid)
 * and its market and experiment context. Not the whole row: each column is a field pg describes,
 * parses and Drizzle maps on every call (the row has forty).
 */
const pricedSignupColumns = {
  id: signups.id,
  registrationKeyHash: signups.registrationKeyHash,
  expiresAt: signups.expiresAt,
  completedAt: signups.completedAt,
  parentPhoneCountryCode: signups.parentPhoneCountryCode,
  parentPhoneNumber: signups.parentPhoneNumber,
  parentEmail: signups.parentEmail,
  segmentAnonymousId: signups.segmentAnonymousId,
};

export type PricedSignupRow = Pick<SignupRow, keyof typeof pricedSignupColumns>;

const signupWithOrderQuery = preparedPerExecutor((db) =>
  db
    .select({
      signup: pricedSignupColumns,
      // Not null exactly when the signup has an order row (its primary key).
      orderSignupId: signupOrders.signupId,
      ...orderColumns,
      billingCountry: signupBilling.country,
    })
    .from(signups)
    .leftJoin(signupOrders, eq(signupOrders.signupId, signups.id))
    .leftJoin(catalogPackages, eq(catalogPackages.id, signupOrders.packageId))
    .leftJoin(signupBilling, eq(signupBilling.signupId, signups.id))
    .where(eq(signups.id, sql.placeholder('id')))
    .limit(1)
    .prepare('signup_with_order_by_id'),
);

/**
 * The signup (the columns pricing reads), its order and its billing country in one round trip:
 * the calls on a signup that price its order (pricing) start with this.
 */
export async function findSignupWithOrder(
  db: Executor,
  id: string,
): Promise<
  | { row: PricedSignupRow; order: SignupOrder | undefined; billingCountry: string | undefined }
  | undefined
> {
  const [found] = await signupWithOrderQuery(db).execute({ id });
  if (!found) return undefined;
  const { signup, orderSignupId, services, complete, freeOptionsTreatment } = found;
  const billingCountry = found.billingCountry ?? undefined;
  // The last three are NOT NULL columns: null only when the join found no order row.
  if (orderSignupId === null || services === null || complete === null) {
    return { row: signup, order: undefined, billingCountry };
  }
  if (freeOptionsTreatment === null) return { row: signup, order: undefined, billingCountry };
  const { packageId, productId, referrerKey, buildYourOwn } = found;
  return {
    row: signup,
    billingCountry,
    order: {
      packageId,
      productId,
      services,
      complete,
      freeOptionsTreatment,
      referrerKey,
      buildYourOwn,
    },
  };
}

export type SignupOrderChoice = Pick<
  SignupOrder,
  'packageId' | 'productId' | 'services' | 'complete' | 'freeOptionsTreatment'
>;

/** Saves the package choice (keeps the referrer). */
export async function saveSignupOrder(
  db: Executor,
  signupId: string,
  choice: SignupOrderChoice,
  now: Date,
): Promise<void> {
  const values = { ...choice, updatedAt: now };
  await upsert(db, signupOrders, signupOrders.signupId, { signupId, ...values }, values);
}

/** Attaches a referrer (its discount) to the signup (keeps the package choice). */
export async function saveSignupReferrer(
  db: Executor,
  signupId: string,
  referrerKey: string,
  now: Date,
): Promise<void> {
  const values = { referrerKey, updatedAt: now };
  await upsert(db, signupOrders, signupOrders.signupId, { signupId, ...values }, values);
}

// ── The payment page's billing (signup_billing) ─────────────────────────────────────────────────

export type SignupBilling = Omit<SignupBillingRow, 'signupId' | 'updatedAt'>;

/** The saved billing address's country, if any (the flags' context reads only that). */
export async function findSignupBillingCountry(
  db: Executor,
  signupId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ country: signupBilling.country })
    .from(signupBilling)
    .where(eq(signupBilling.signupId, signupId))
    .limit(1);
  return row?.country;
}

export async function findSignupBilling(
  db: Executor,
  signupId: string,
): Promise<SignupBilling | undefined> {
  const row = await findFirst(db, signupBilling, eq(signupBilling.signupId, signupId));
  if (!row) return undefined;
  const { signupId: _id, updatedAt: _at, ...billing } = row;
  return billing;
}

/** Saves the billing; the referral is kept when `billing` does not carry one. */
export async function saveSignupBilling(
  db: Executor,
  signupId: string,
  billing: Omit<SignupBilling, 'referralSelection' | 'referralOther'> & {
    referral?: { selection: string; other: string | null } | undefined;
  },
  now: Date,
): Promise<void> {
  const { referral, ...address } = billing;
  const values = {
    ...address,
    ...(referral ? { referralSelection: referral.selection, referralOther: referral.other } : {}),
    updatedAt: now,
  };
  await upsert(db, signupBilling, signupBilling.signupId, { signupId, ...values }, values);
}
