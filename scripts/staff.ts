/**
 * The back office's staff from the command line:
 *
 *   npm run staff -- add --email E --name N --role owner|manager|warehouse
 *   npm run staff -- list
 *   npm run staff -- disable --email E
 *   npm run staff -- enable --email E
 *   npm run staff -- link --email E        (a new set-password link: a lost link, a forgotten password)
 *
 * `add` and `link` print a single-use set-password link valid for one hour. The database is the
 * shop's own (the same configuration as `npm start`): DATABASE_URL => PostgreSQL, beside running
 * servers; else the embedded database in DATA_DIR, which one process holds at a time, so the
 * command refuses while the shop is running there (the back office's Staff page does the same
 * meanwhile, and e-mails the link too). It never creates a database: a DATA_DIR without the
 * shop's embedded database is refused, naming the folder, so a mistyped folder cannot show "No
 * staff yet" or add staff to a database the shop never reads.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { StaffService } from '@shop/core';
// The roles module alone (no database code): usage errors answer without loading the shop.
import { isStaffRole, STAFF_ROLES } from '../packages/core/src/staff/staff-roles.ts';
import { embeddedDatabaseDir, embeddedDatabaseHolder } from '../apps/server/src/embedded-database-lock.ts';

const USAGE = `Usage:
  npm run staff -- add --email E --name N --role ${STAFF_ROLES.join('|')}
  npm run staff -- list
  npm run staff -- disable --email E
  npm run staff -- enable --email E
  npm run staff -- link --email E`;

const EMBEDDED_DATABASE_IN_USE =
  'Stop the shop (npm start) first: the embedded database is open in one process at a time. While the shop runs, manage staff on the Staff page of the back office (/admin/staff). On PostgreSQL (DATABASE_URL) this command works beside running servers.';

/** Where the shop's embedded database is, when DATA_DIR holds one (PGlite writes PG_VERSION when it creates it). */
function embeddedDatabaseIn(dataDir: string): string | null {
  const dir = embeddedDatabaseDir(dataDir);
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

function noDatabaseIn(dataDir: string, setting: string | undefined): string {
  const how = setting === undefined ? 'DATA_DIR is not set, so the default ./data is used' : `DATA_DIR is ${setting}`;
  return (
    `No shop database in ${dataDir} (${how}). Set DATA_DIR to the folder the shop runs with ` +
    '(npm start creates its database there on its first start), or DATABASE_URL for PostgreSQL. Nothing was changed.'
  );
}

type Options = { email?: string; name?: string; role?: string; help?: boolean };

function usage(problem?: string): number {
  if (problem) console.error(`${problem}\n`);
  (problem ? console.error : console.log)(USAGE);
  return problem ? 2 : 0;
}

function timeOf(date: Date): string {
  return `${date.toISOString().slice(11, 16)} UTC`;
}

function notFound(email: string): number {
  console.error(`No staff member has the e-mail ${email}.`);
  return 1;
}

async function run(staff: StaffService, command: string, values: Options): Promise<number> {
  switch (command) {
    case 'add': {
      if (!values.email || !values.name || !values.role) return usage('add needs --email, --name and --role.');
      if (!isStaffRole(values.role)) return usage(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
      const added = await staff.add({ email: values.email, name: values.name, role: values.role });
      console.log(`Added ${added.staff.name} <${added.staff.email}> as ${added.staff.role}.`);
      console.log(`Send them this set-password link (works once, until ${timeOf(added.expiresAt)}):`);
      console.log(`  ${added.link}`);
      return 0;
    }
    case 'link': {
      if (!values.email) return usage('link needs --email.');
      const member = await staff.byEmail(values.email);
      if (!member) return notFound(values.email);
      const renewed = await staff.newSetPasswordLink(member.staffId);
      console.log(`Set-password link for ${member.name} <${member.email}> (works once, until ${timeOf(renewed.expiresAt)}; earlier links no longer work):`);
      console.log(`  ${renewed.link}`);
      return 0;
    }
    case 'list': {
      const members = await staff.list();
      if (members.length === 0) {
        console.log('No staff yet. Start the shop and open the setup link it prints, or: npm run staff -- add --email E --name N --role owner');
        return 0;
      }
      const rows = members.map((m) => [m.email, m.name, m.role, m.disabled ? 'disabled' : m.invited ? 'password not set' : 'active', m.totpEnabled ? 'two-step' : '']);
      const header = ['E-mail', 'Name', 'Role', 'Status', 'Sign-in'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
      return 0;
    }
    case 'disable': {
      if (!values.email) return usage('disable needs --email.');
      const member = await staff.byEmail(values.email);
      if (!member) return notFound(values.email);
      const disabled = await staff.disable(member.staffId);
      console.log(
        disabled
          ? `Disabled ${member.name} <${member.email}>: they cannot sign in, and their sessions have ended.`
          : `${member.name} <${member.email}> was already disabled.`,
      );
      return 0;
    }
    case 'enable': {
      if (!values.email) return usage('enable needs --email.');
      const member = await staff.byEmail(values.email);
      if (!member) return notFound(values.email);
      const enabled = await staff.enable(member.staffId);
      console.log(enabled ? `Enabled ${member.name} <${member.email}>: they can sign in again with their password.` : `${member.name} <${member.email}> was not disabled.`);
      return 0;
    }
    default:
      return usage(`Unknown command: ${command}`);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const [command] = parsed.positionals;
  if (parsed.values.help || !command) return usage(command || parsed.values.help ? undefined : 'Name a command.');
  if (!['add', 'list', 'disable', 'enable', 'link'].includes(command)) return usage(`Unknown command: ${command}`);

  if (command === 'add' && (!parsed.values.email || !parsed.values.name || !parsed.values.role)) return usage('add needs --email, --name and --role.');
  if (command === 'add' && !isStaffRole(parsed.values.role)) return usage(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  if ((command === 'disable' || command === 'enable' || command === 'link') && !parsed.values.email) return usage(`${command} needs --email.`);

  const { loadConfig } = await import('../apps/server/src/config.ts');
  const config = loadConfig();
  if (!config.databaseUrl && embeddedDatabaseHolder(config.dataDir) !== null) {
    console.error(EMBEDDED_DATABASE_IN_USE);
    return 1;
  }
  // Checked before PGlite opens the folder: opening creates an empty database where there is none.
  if (!config.databaseUrl && embeddedDatabaseIn(config.dataDir) === null) {
    console.error(noDatabaseIn(config.dataDir, process.env.DATA_DIR));
    return 1;
  }
  const [{ openDatabase }, { DomainError, StaffRepository, StaffService }] = await Promise.all([import('@shop/db'), import('@shop/core')]);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const staff = new StaffService(new StaffRepository(database.db), { publicBaseUrl: config.publicBaseUrl, shopName: config.shop.tradingName });
    return await run(staff, command, parsed.values);
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
