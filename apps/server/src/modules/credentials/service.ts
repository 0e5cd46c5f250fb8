import {
  ACCOUNT_HOME_PATH,
  accountPasswordProblems,
  type Locale,
  type LoginResponse,
  normalizePassword,
  type SetCredentialsRequest,
  type SetCredentialsResponse,
  translateMessage,
  type UsernameCheckResponse,
  usernameProblem,
} from '@coparent/domain';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { hashSecret, verifySecret } from '../../security/hash.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import {
  consumeUserCredentialsTokens,
  findCredentialsByUsername,
  findCredentialsToken,
  findUserById,
  findUsernameCheck,
  hasCredentials,
  insertCredentials,
  insertSession,
  updateUser,
  usernameKey,
  usernameTaken,
} from '../account/repo.js';
import { acceptInvitations } from '../accounts/families.js';
import { createCoveredSubscription } from '../accounts/provision.js';
import type { CoreDeps } from '../core-deps.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  createLoginLockout,
  type LoginLockoutSettings,
  type SharedCounters,
} from './login-lockout.js';

export type CredentialsServiceDeps = CoreDeps & {
  sessionTtlHours: number;
  /** Failed logins per username before it is locked for a while (login-lockout.ts). */
  loginLockout: LoginLockoutSettings;
  /** Redis, where every instance counts the failures together; in memory without. */
  sharedCounters?: SharedCounters | undefined;
  metrics: Pick<Metrics, 'rateLimitRefused'>;
};

export type CredentialsService = ReturnType<typeof createCredentialsService>;

type Ctx = { locale: Locale };

/** A session just opened: the token for the `cp_session` cookie and its lifetime. */
export type OpenedSession = { sessionToken: string; maxAgeSeconds: number };

/**
 * A hash of a random secret, verified when the username is unknown so that a login for an
 * unknown username takes as long as one with a wrong password.
 */
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashSecret(generateToken());
  return dummyHash;
}

/**
 * Credentials use cases: the username check and the setting of username and password (both with
 * the single-use credentials token of the payment answer), and the login that opens a session.
 */
export function createCredentialsService({
  db,
  now,
  sessionTtlHours,
  loginLockout,
  sharedCounters,
  metrics,
}: CredentialsServiceDeps) {
  const lockout = createLoginLockout('login', loginLockout, now, sharedCounters);

  /**
   * The user of a valid (unused, unexpired) credentials token whose account has no credentials
   * yet, else 401: a token's job ends when the username and password exist.
   */
  async function tokenUser(token: string | undefined): Promise<string> {
    if (!token) throw new AppError('CREDENTIALS_TOKEN_INVALID');
    const row = await findCredentialsToken(db, hashToken(token));
    if (!row || row.consumedAt !== null || row.expiresAt.getTime() <= now().getTime()) {
      throw new AppError('CREDENTIALS_TOKEN_INVALID');
    }
    if (await hasCredentials(db, row.userId)) throw new AppError('CREDENTIALS_TOKEN_INVALID');
    return row.userId;
  }

  /** GET /v2/credentials/username: does it meet the rules, and is it free? */
  async function checkUsername(
    token: string | undefined,
    username: string,
  ): Promise<UsernameCheckResponse> {
    // tokenUser's checks and the username's, read in one round trip (the check runs per keystroke).
    if (!token) throw new AppError('CREDENTIALS_TOKEN_INVALID');
    const row = await findUsernameCheck(db, hashToken(token), username);
    if (!row || row.consumedAt !== null || row.expiresAt.getTime() <= now().getTime()) {
      throw new AppError('CREDENTIALS_TOKEN_INVALID');
    }
    if (row.hasCredentials) throw new AppError('CREDENTIALS_TOKEN_INVALID');
    const meetsRequirements = usernameProblem(username) === null;
    const available = meetsRequirements && !row.usernameTaken;
    return { available, meetsRequirements };
  }

  function fieldError(field: string, key: Parameters<typeof translateMessage>[0], locale: Locale) {
    return new FieldValidationError([
      { field, text: translateMessage(key, locale), type: 'ERROR' },
    ]);
  }

  /**
   * POST /v2/credentials: sets the username and password once. The password follows the spec's
   * rules and ours (not common, not containing the username, the email's local part or the
   * product's name); it is stored as the argon2id hash of its NFKC form. The token is consumed in
   * the same transaction; a used, expired or unknown token is 401.
   */
  async function setCredentials(
    token: string | undefined,
    input: SetCredentialsRequest,
    { locale }: Ctx,
  ): Promise<{ body: SetCredentialsResponse; session: OpenedSession | null }> {
    const userId = await tokenUser(token);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('CREDENTIALS_TOKEN_INVALID');
    const [problem] = accountPasswordProblems(input.password, {
      username: input.username,
      email: user.email,
    });
    if (problem) throw fieldError('password', problem, locale);
    if (await usernameTaken(db, input.username)) {
      throw fieldError('username', 'validUsernameUnavailable_error', locale);
    }
    const passwordHash = await hashSecret(normalizePassword(input.password));
    try {
      await db.transaction(async (tx) => {
        const instant = now();
        const row = await findCredentialsToken(tx, hashToken(token ?? ''), { forUpdate: true });
        if (!row || row.consumedAt !== null || row.expiresAt.getTime() <= instant.getTime()) {
          throw new AppError('CREDENTIALS_TOKEN_INVALID');
        }
        if (await hasCredentials(tx, userId)) throw new AppError('CREDENTIALS_TOKEN_INVALID');
        await insertCredentials(tx, { userId, username: input.username, passwordHash }, instant);
        // Every token of the user dies: the tab's and the receipt email's link alike.
        await consumeUserCredentialsTokens(tx, userId, instant);
        // An invited co-parent's account is active once it has credentials; the invite is used.
        if (user.status === 'INVITED') {
          await updateUser(tx, userId, { status: 'ACTIVE' });
          await acceptInvitations(tx, userId, instant);
          // A professional's family pays nothing: the practice covers the parent from today.
          if (user.createdByProfessionalId) {
            await createCoveredSubscription(tx, {
              userId,
              professionalId: user.createdByProfessionalId,
              now: instant,
            });
          }
        }
      });
    } catch (error) {
      // Two people choosing one username at the same moment: the unique index decides.
      if (isUniqueViolation(error)) {
        throw fieldError('username', 'validUsernameUnavailable_error', locale);
      }
      throw error;
    }
    // The invited co-parent is signed in at once (their account home next), as by the login.
    const session = user.status === 'INVITED' ? await openSession(userId) : null;
    return { body: { userId, username: input.username }, session };
  }

  /** A new session of the user: the cookie's token (only its hash is stored) and lifetime. */
  async function openSession(userId: string): Promise<OpenedSession> {
    const sessionToken = generateToken();
    const instant = now();
    const maxAgeSeconds = sessionTtlHours * 3600;
    await insertSession(
      db,
      {
        userId,
        tokenHash: hashToken(sessionToken),
        expiresAt: new Date(instant.getTime() + maxAgeSeconds * 1000),
      },
      instant,
    );
    return { sessionToken, maxAgeSeconds };
  }

  /**
   * POST /v2/login: a session for a username and password (case-insensitive username), or 401
   * LOGIN_FAILED. Answers the session token for the cookie, and the spec's login answer. A
   * username with too many recent failures is 429 RATE_LIMITED (even with the right password)
   * until its lock ends; unknown usernames are counted alike, so the answer reveals nothing.
   */
  async function login(input: {
    username: string;
    password: string;
  }): Promise<OpenedSession & { body: LoginResponse }> {
    const key = usernameKey(input.username);
    const retryAfterSeconds = await lockout.lockedForSeconds(key);
    if (retryAfterSeconds > 0) {
      metrics.rateLimitRefused('login_lockout');
      throw new AppError('RATE_LIMITED', { extras: { retryAfterSeconds } });
    }
    const credentials = await findCredentialsByUsername(db, input.username);
    const password = normalizePassword(input.password);
    if (!credentials) {
      await verifySecret(await timingDummy(), password);
      await lockout.recordFailure(key);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await verifySecret(credentials.passwordHash, password))) {
      await lockout.recordFailure(key);
      throw new AppError('LOGIN_FAILED');
    }
    await lockout.recordSuccess(key);
    const session = await openSession(credentials.userId);
    return {
      ...session,
      body: {
        url: ACCOUNT_HOME_PATH,
        redirectUrl: ACCOUNT_HOME_PATH,
        auth: true,
        userId: credentials.userId,
      },
    };
  }

  return { checkUsername, setCredentials, login };
}
