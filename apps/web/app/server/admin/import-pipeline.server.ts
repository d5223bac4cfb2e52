/**
 * The back office's imports (the catalogue, a price list, a bank statement): one dry run, then
 * apply. Core does each import's work; this is the way a file travels between the two steps.
 *
 * - `check(file)`: core's dry run of the uploaded file, into its report (nothing is written),
 *   and the file packed for the page to carry: gzip then base64 (a catalogue CSV packs to about
 *   a tenth, and the page holds it twice, in the form and in its data), with a SHA-256 seal over
 *   the import it was checked for (its kind, and the record: which price list), its name, and
 *   core's digest of what the check planned against the data as it was then.
 * - `apply(carried)`: the seal is checked first, so what is applied is exactly the file checked
 *   on this page: a payload changed on the way, or carried from another import's page, is
 *   refused before core sees it. Core then plans again inside its transaction and refuses when
 *   the plan differs from the checked one (someone changed the data meanwhile).
 *
 * Nothing is kept on the server between the two steps, and both work without JavaScript. The
 * seal is a digest and not a signature: staff allowed to import can check any file they like,
 * so it guards against a file mixed up or damaged on the way, not against its own user.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { data } from 'react-router';
import { z } from 'zod';
import { DomainError } from '@shop/core';
import { adminFailureOf, textField } from './admin-forms.server';
import { FormRefusal, type AdminFailure } from './admin-page.server';

/** The checked file, as apply gets it back: its name and bytes, and core's digest of its plan ('' for an import without one). */
export interface CheckedFile {
  name: string;
  bytes: Uint8Array;
  planDigest: string;
}

/** What the page carries from the dry run to apply (hidden fields `payload` and `digest`). */
export interface CarriedImport {
  payload: string;
  digest: string;
}

/** The apply form's carried fields (a page adds its own: choices, options). */
export const carriedImportFields = { payload: textField(64 * 1024 * 1024), digest: textField(100) };

/** What core's dry run said of a file. */
export interface ImportCheck<Report> {
  report: Report;
  /** Core's digest of the plan, checked again when applying (catalogue, price list). */
  planDigest?: string;
  /** Whether the page carries the file on: to apply it, or to download the lists in full. */
  carry: boolean;
}

export interface ImportSpec<Report, Applied, Options> {
  /** Which import and of what record (`price-list 12`): a file checked for one is refused by every other. */
  kind: string;
  /** The largest file core imports (the carried file is never unpacked beyond it). */
  maxBytes: number;
  check(file: { name: string; bytes: Uint8Array }): Promise<ImportCheck<Report>>;
  apply(file: CheckedFile, options: Options): Promise<Applied>;
}

/** A dry run's answer: the report, and the carried file when there is something to do with it. */
export interface CheckedImport<Report> extends ImportCheck<Report> {
  fileName: string;
  payload: string | null;
  digest: string;
}

export const NOT_THE_CHECKED_FILE = 'This is not the file checked on this page (it was changed on the way, or checked for another import). Nothing was applied: choose the file and check it again.';

/** Longest file name carried (longer names are cut). */
const NAME_MAX = 200;

function sealOf(kind: string, payload: string): string {
  return createHash('sha256').update(JSON.stringify(['boxwell import', kind, payload])).digest('base64url');
}

function sealHolds(kind: string, { payload, digest }: CarriedImport): boolean {
  const expected = Buffer.from(sealOf(kind, payload));
  const given = Buffer.from(digest);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The file packed: gzip of a first line naming it (JSON), then its bytes; base64. */
function pack(file: CheckedFile): string {
  const head = Buffer.from(`${JSON.stringify({ name: file.name, planDigest: file.planDigest })}\n`);
  return gzipSync(Buffer.concat([head, file.bytes])).toString('base64');
}

const headSchema = z.object({ name: z.string().max(NAME_MAX), planDigest: z.string().max(200) });

function unpack(payload: string, maxBytes: number): CheckedFile | null {
  try {
    const frame = gunzipSync(Buffer.from(payload, 'base64'), { maxOutputLength: maxBytes + 2048 });
    const end = frame.indexOf(0x0a);
    const head = headSchema.safeParse(JSON.parse(frame.subarray(0, end).toString('utf8')));
    if (end < 0 || !head.success) return null;
    return { ...head.data, bytes: new Uint8Array(frame.subarray(end + 1)) };
  } catch {
    return null;
  }
}

/** One import's pipeline (see the module's comment). */
export function importPipeline<Report, Applied, Options = void>(spec: ImportSpec<Report, Applied, Options>) {
  /** The carried file, when its seal holds for this import; else null. */
  const open = (carried: CarriedImport): CheckedFile | null => (sealHolds(spec.kind, carried) ? unpack(carried.payload, spec.maxBytes) : null);
  return {
    async check(upload: File): Promise<CheckedImport<Report>> {
      const name = upload.name.slice(0, NAME_MAX);
      const bytes = new Uint8Array(await upload.arrayBuffer());
      const checked = await spec.check({ name, bytes });
      const payload = checked.carry ? pack({ name, bytes, planDigest: checked.planDigest ?? '' }) : null;
      return { ...checked, fileName: name, payload, digest: payload === null ? '' : sealOf(spec.kind, payload) };
    },
    open,
    async apply(carried: CarriedImport, options: Options): Promise<{ fileName: string; applied: Applied }> {
      const file = open(carried);
      if (!file) throw new FormRefusal(NOT_THE_CHECKED_FILE);
      return { fileName: file.name, applied: await spec.apply(file, options) };
    },
  };
}

/** A refused import with the report core refused it for (its errors), shown under the message. */
export type ImportRefusal<View> = AdminFailure & { report: View | null };

/**
 * Core's refusal of an apply (the file has errors, the data changed since the dry run) as the
 * form's answer, with the report it carries in the page's view; anything else is rethrown.
 */
export function importRefusal<Report, View>(error: unknown, intent: string, view: (report: Report) => View) {
  if (!(error instanceof DomainError)) throw error;
  const { message, fields, status } = adminFailureOf(error);
  const report = (error.details as { report?: Report }).report;
  return data<ImportRefusal<View>>({ ok: false, error: error.code, intent, message, fields, values: {}, report: report ? view(report) : null }, { status });
}
