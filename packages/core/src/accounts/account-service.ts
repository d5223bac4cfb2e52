/**
 * Accounts (SPEC 4, 5, 7; DESIGN section 4 "Identity"): sign-up, sign-in, the customer's own
 * details, logout, and the password reset by e-mailed link. Callers pass the user id the
 * server resolved from the Bearer token; ids in bodies or paths never grant access.
 */
import { and, isNull, sql } from 'drizzle-orm';
import { accountSettingsMessages, messages, type UserDto } from '@shop/contract';
import { columnsOf, queryPreparedRows, queryRows, users, type Database } from '@shop/db';
import { Conflict, Invalid, NotFound, Unauthorized } from '../errors.ts';
import { passwordResetJob } from '../email/email-jobs.ts';
import type { JobQueue, NewJob } from '../jobs/job-queue.ts';
import type { JobKind } from '../jobs/job-worker.ts';
import { hashPassword, spendVerificationTime, verifyPassword } from './password-hashing.ts';
import { RESET_TOKEN_TTL_MS, type TokenService } from './token-service.ts';

/** A forgotten-password request: the worker looks the address up and records the e-mail if it is a customer's. */
const PASSWORD_RESET_REQUEST_JOB = 'account.password-reset-request';

function passwordResetRequestJob(email: string): NewJob {
  return { kind: PASSWORD_RESET_REQUEST_JOB, payload: { email } };
}

export interface SignUpInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  phone: string;
  newsletter?: boolean;
}

export interface SignedIn {
  userId: number;
  token: string;
}

/** A user as the API shows them (SPEC 7's user with My account's details). */
export type UserDetails = UserDto;

const USER_DETAILS = columnsOf(users, ['userId', 'firstName', 'lastName', 'email', 'companyName', 'vatNumber', 'newsletter']);
const NEW_USER = columnsOf(users, ['userId']);
const PASSWORD = columnsOf(users, ['passwordHash']);

function userDetailsOf(row: object): UserDetails {
  const user = USER_DETAILS.read(row);
  return {
    user_id: user.userId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    company_name: user.companyName,
    vat_number: user.vatNumber,
    newsletter: user.newsletter,
  };
}

/** My account's company details, already validated and normalised by the contract (accountDetailsBodySchema). */
export interface AccountDetailsInput {
  company_name: string | null;
  vat_number: string | null;
  newsletter: boolean;
}

export interface AccountServiceOptions {
  /** The reset e-mail is a durable job, recorded with the token it carries. */
  jobs: JobQueue;
}

export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is not valid: it may have been used already or expired. Please ask for a new one.';

export class AccountService {
  constructor(
    private readonly db: Database,
    readonly tokens: TokenService,
    private readonly options: AccountServiceOptions,
  ) {}

  /** The signed-in user of an access token, or null (unknown, expired or revoked). */
  authenticate(token: string): Promise<number | null> {
    return this.tokens.userOfAccessToken(token);
  }

  /** Creates the account and signs it in. An e-mail address already registered (in any letter case) is a Conflict. */
  async signUp(input: SignUpInput): Promise<SignedIn> {
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`INSERT INTO users (first_name, last_name, email, password_hash, phone, newsletter)
            VALUES (${input.first_name.trim()}, ${input.last_name.trim()}, ${input.email.trim()},
                    ${passwordHash}, ${input.phone.trim()}, ${input.newsletter ?? false})
            ON CONFLICT ((lower(email))) DO NOTHING
            RETURNING ${NEW_USER.list}`,
      );
      if (!rows[0]) throw new Conflict(messages.signUpFailed);
      const { userId } = NEW_USER.read(rows[0]);
      return { userId, token: await this.tokens.issue(userId, 'access', tx) };
    });
  }

  /**
   * Signs in; a wrong e-mail or password is an Unauthorized carrying `{ userId: 0, token: '' }` (SPEC 4).
   * A customer disabled in the back office gets the same refusal (the password is still checked,
   * so the answer and its timing tell nothing).
   */
  async signIn(email: string, password: string): Promise<SignedIn> {
    const [user] = await this.db
      .select({ userId: users.userId, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`);
    if (!user) {
      await spendVerificationTime(password);
      throw loginFailed();
    }
    if (!(await verifyPassword(user.passwordHash, password)) || user.disabledAt !== null) throw loginFailed();
    return { userId: user.userId, token: await this.tokens.issue(user.userId, 'access') };
  }

  /** The caller's own details; someone else's answer 404 as if they did not exist. */
  async userDetails(callerUserId: number | null, userId: number): Promise<UserDetails> {
    if (callerUserId === null) throw new Unauthorized();
    if (callerUserId !== userId) throw new NotFound(`No user with id ${userId}`);
    const [user] = await queryPreparedRows<object>(this.db, sql`SELECT ${USER_DETAILS.list} FROM users WHERE user_id = ${userId}`);
    if (!user) throw new NotFound(`No user with id ${userId}`);
    return userDetailsOf(user);
  }

  /** My account: the company name and VAT number printed on invoices, and the newsletter choice. */
  async updateDetails(callerUserId: number | null, input: AccountDetailsInput): Promise<UserDetails> {
    if (callerUserId === null) throw new Unauthorized();
    const [user] = await queryRows<object>(
      this.db,
      sql`UPDATE users SET company_name = ${input.company_name}, vat_number = ${input.vat_number}, newsletter = ${input.newsletter}
          WHERE user_id = ${callerUserId}
          RETURNING ${USER_DETAILS.list}`,
    );
    if (!user) throw new Unauthorized();
    return userDetailsOf(user);
  }

  /**
   * My account: a new password, given the current one. Every token of the user ends (sign-ins on
   * other devices, reset links e-mailed earlier, and the one used for this call), and a fresh
   * access token is answered, so the caller stays signed in. A wrong current password is an
   * Invalid naming `current_password`, before anything changes.
   */
  async changePassword(callerUserId: number | null, input: { current_password: string; new_password: string }): Promise<SignedIn> {
    if (callerUserId === null) throw new Unauthorized();
    const [user] = await queryRows<Record<string, unknown>>(this.db, sql`SELECT ${PASSWORD.list} FROM users WHERE user_id = ${callerUserId}`);
    if (!user) throw new Unauthorized();
    if (!(await verifyPassword(PASSWORD.read(user).passwordHash, input.current_password))) throw new WrongCurrentPassword();
    const passwordHash = await hashPassword(input.new_password);
    const token = await this.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE user_id = ${callerUserId}`);
      await this.tokens.revokeAllOfUser(callerUserId, tx);
      return this.tokens.issue(callerUserId, 'access', tx);
    });
    return { userId: callerUserId, token };
  }

  logout(token: string): Promise<void> {
    return this.tokens.revoke(token);
  }

  /**
   * Asks for a single-use reset link valid for one hour, e-mailed to the address if it is a
   * customer's. Every address is answered alike, `{ userId: 0 }` after the same work (one job
   * recorded), so neither the answer nor its timing says who is a customer (DESIGN section 4,
   * a deviation from SPEC 7, which answers the user id): the job looks the address up.
   */
  async requestPasswordReset(email: string): Promise<{ userId: 0 }> {
    await this.options.jobs.record(passwordResetRequestJob(email.trim()));
    this.options.jobs.wakeWorkers();
    return { userId: 0 };
  }

  /** The job kinds of this service: the reset request's look-up (requestPasswordReset). */
  jobKinds(): Record<string, JobKind> {
    return {
      [PASSWORD_RESET_REQUEST_JOB]: {
        run: async (job) => {
          const email = typeof job.payload.email === 'string' ? job.payload.email : '';
          await this.issueResetLink(email);
        },
        // The address is not kept once the request is done with.
        finishedPayload: () => ({}),
      },
    };
  }

  /** Records the reset link's e-mail for the customer of `email`; a disabled or unknown address gets nothing. */
  private async issueResetLink(email: string): Promise<void> {
    const [user] = await this.db
      .select({ userId: users.userId })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.disabledAt)));
    // A disabled customer (back office) is treated as an unknown address: no link to sign in with.
    if (!user) return;
    const { userId } = user;
    // The token and the e-mail that carries it are committed together: no token without its e-mail.
    await this.db.transaction(async (tx) => {
      const token = await this.tokens.issue(userId, 'reset', tx);
      await this.options.jobs.record(passwordResetJob(userId, token, new Date(Date.now() + RESET_TOKEN_TTL_MS)), tx);
    });
    this.options.jobs.wakeWorkers();
  }

  /**
   * Sets a new password with a reset token of that user. The token is used up, and every
   * other token of the user (sign-ins on other devices, other reset links) is revoked.
   */
  async resetPassword(input: { userId: number; token: string; password: string }): Promise<{ userId: number }> {
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      if (!(await this.tokens.consumeResetToken(input.userId, input.token, tx))) {
        throw new Invalid(RESET_LINK_INVALID_MESSAGE, { fields: [{ field: 'token', message: RESET_LINK_INVALID_MESSAGE }] });
      }
      await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE user_id = ${input.userId}`);
      await this.tokens.revokeAllOfUser(input.userId, tx);
    });
    return { userId: input.userId };
  }
}

/**
 * The current password given to change it was wrong: a 400 on its field. Callers count it as a
 * refused password against the customer's e-mail, with sign-in's limits (a stolen sign-in must
 * not buy unlimited password guesses).
 */
export class WrongCurrentPassword extends Invalid {
  constructor() {
    super(accountSettingsMessages.currentPasswordWrong, {
      fields: [{ field: 'current_password', message: accountSettingsMessages.currentPasswordWrong }],
    });
  }
}

function loginFailed(): Unauthorized {
  return new Unauthorized(messages.loginFailed, { userId: 0, token: '' });
}
