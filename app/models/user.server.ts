/**
 * Users: registration, credential checks and profile writes (docs/product.md §2 Account page, §6).
 * Writes name only the columns a user may change: a posted role, status or id never reaches
 * the database, and every update is scoped to the logged-in user's own row.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { AccountInput, RegisterInput } from "~/lib/validation/account";
import { columnsOfPostal, type PostalAddress } from "~/lib/address";
import { kickOutbox, enqueueMail } from "~/services/mail-outbox.server";
import { emailChangedMail, passwordChangedMail } from "~/models/mail-templates.server";
import { decoyPasswordHash, hashPassword, verifyPassword } from "~/services/password.server";

export class EmailTakenError extends Error {
  constructor() {
    super("email already used");
    this.name = "EmailTakenError";
  }
}

export interface UserProfile {
  id: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  role: "user" | "admin";
  /** The news-by-e-mail opt-in. */
  marketingOptIn: boolean;
}

const profileColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  address: users.address,
  role: users.role,
  marketingOptIn: users.marketingOptIn,
};

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** Postgres unique violation (23505), also when wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && (current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function findUserByEmail(email: string, executor: Executor = getDb()) {
  const [user] = await executor.select(profileColumns).from(users).where(byEmail(email)).limit(1);
  return user ?? null;
}

/** The account's profile (the JSON API's `/users/me`). */
export async function getUserProfile(userId: string): Promise<UserProfile | null> {
  const [user] = await getDb().select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

export async function isEmailTaken(email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(byEmail(email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * The user whose e-mail (any letter case) and password match, or null. An unknown e-mail is
 * checked against a decoy hash, so both answers take the same time.
 */
export async function verifyLogin(email: string, password: string): Promise<UserProfile | null> {
  const [row] = await getDb()
    .select({ ...profileColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  if (!row) {
    await verifyPassword(await decoyPasswordHash(), password);
    return null;
  }
  if (!(await verifyPassword(row.passwordHash, password))) return null;
  const { passwordHash: _passwordHash, ...user } = row;
  return user;
}

/** Creates an account with role "user"; throws EmailTakenError when the address is in use. */
export async function registerUser(input: RegisterInput): Promise<UserProfile> {
  if (await isEmailTaken(input.email)) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await getDb()
      .insert(users)
      .values({
        email: input.email.trim().toLowerCase(),
        passwordHash,
        name: input.name,
        marketingOptIn: input.marketing ?? false,
      })
      .returning(profileColumns);
    return user;
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/**
 * "Informații cont": name, e-mail, phone and address of the user's own row. The caller checked
 * the current password when the e-mail changes; the old address is told, in the same transaction.
 */
export async function updateAccount(userId: string, input: AccountInput, previous?: { email: string; name: string }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (await isEmailTaken(email, userId)) throw new EmailTakenError();
  try {
    const values = { name: input.name, email, phone: input.phone ?? "", ...addressLineColumns(input.address ?? "") };
    if (previous && previous.email !== email) {
      await getDb().transaction(async (tx) => {
        await tx.update(users).set(values).where(eq(users.id, userId));
        await enqueueMail(tx, emailChangedMail({ to: previous.email, name: previous.name, newEmail: email }));
      });
    } else {
      await getDb().update(users).set(values).where(eq(users.id, userId));
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  if (previous && previous.email !== email) kickOutbox();
}

/** The news-by-e-mail opt-in, given or withdrawn by the user (GDPR art. 7(3): as easy as giving it). */
export async function setMarketingOptIn(userId: string, optIn: boolean): Promise<void> {
  await getDb().update(users).set({ marketingOptIn: optIn }).where(eq(users.id, userId));
}

/** The user's password is this one (for changes on /cont). */
export async function checkCurrentPassword(userId: string, password: string): Promise<boolean> {
  const [row] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) return false;
  return verifyPassword(row.passwordHash, password);
}

/**
 * A password change on /cont: new hash, every other session of the user ends (the current one
 * stays), and a notice goes to the account's address — one transaction.
 */
export async function changePassword(user: { id: string; email: string; name: string; sessionId: string }, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await getDb().transaction(async (tx) => {
    await setPasswordHash(user.id, passwordHash, tx);
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)));
    await enqueueMail(tx, passwordChangedMail({ to: user.email, name: user.name }));
  });
  kickOutbox();
}

/** "Adresa de facturare" in the cart: the address fields only (and the line composed from them). */
export async function updateBillingAddress(userId: string, address: PostalAddress): Promise<void> {
  await getDb().update(users).set(columnsOfPostal(address)).where(eq(users.id, userId));
}

/** The JSON API's checkout `address`: one line (see addressLineColumns). */
export async function updateBillingAddressLine(userId: string, line: string): Promise<void> {
  await getDb().update(users).set(addressLineColumns(line)).where(eq(users.id, userId));
}

/**
 * The columns written when the address comes as one line (the JSON API's `adresa`, the account
 * form): an unchanged line keeps the fields; a new line becomes the street, the other fields
 * are cleared (never guessed from the line). One statement, so it compares with the saved line.
 */
function addressLineColumns(line: string) {
  const same = sql`${users.address} = ${line}`;
  return {
    address: line,
    addressStreet: sql`case when ${same} then ${users.addressStreet} else ${line} end`,
    addressCity: sql`case when ${same} then ${users.addressCity} else '' end`,
    addressCounty: sql`case when ${same} then ${users.addressCounty} else '' end`,
    addressPostalCode: sql`case when ${same} then ${users.addressPostalCode} else '' end`,
    addressSector: sql`case when ${same} then ${users.addressSector} else null end`,
  };
}

/** Stores a new password hash (hash it before opening a transaction). */
export async function setPasswordHash(userId: string, passwordHash: string, executor: Executor = getDb()) {
  await executor.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
