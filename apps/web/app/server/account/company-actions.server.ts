/**
 * The company page's changes (routes/account-company.tsx), one per `intent`, each a plain POST
 * that works without JavaScript, parsed by the contract's schema the JSON API uses too
 * (companies.ts) and made by one call into core, which checks the caller is the company's admin:
 *  - 'invite': a new member by e-mail, with a role and limits;
 *  - 'change:<userId>': a member's role and limits;
 *  - 'remove:<userId>': a member leaves the company (signed out everywhere).
 */
import { data, type AppLoadContext } from 'react-router';
import { companyInviteSchema, companyMemberChangeSchema } from '@shop/contract';
import { companyAccessMessages } from '@shop/core';
import { failure, failureFrom, parseForm, refusedForm } from '~/server/forms.server';

export interface CompanyActionSuccess {
  ok: true;
  intent: string;
  message: string;
}

const MEMBER_INTENT = /^(change|remove):(\d{1,9})$/;

export async function companyAction(userId: number, { services }: AppLoadContext, form: FormData) {
  const intent = String(form.get('intent') ?? '');
  const { companies } = services;
  if (intent === 'invite') {
    const parsed = parseForm(form, companyInviteSchema);
    if (!parsed.ok) return refusedForm(parsed, intent);
    try {
      const member = await companies.invite(userId, parsed.value);
      return data<CompanyActionSuccess>({ ok: true, intent, message: companyAccessMessages.invited(`${member.first_name} ${member.last_name}`, member.email) });
    } catch (error) {
      return failureFrom(error, intent, form);
    }
  }
  const member = MEMBER_INTENT.exec(intent);
  if (!member) return failure('invalid_request', 'Please choose an action on this page.');
  const memberId = Number(member[2]);
  try {
    if (member[1] === 'remove') {
      const view = await companies.companyOf(userId);
      const leaving = view?.members.find((m) => m.user_id === memberId);
      await companies.removeMember(userId, memberId);
      return data<CompanyActionSuccess>({ ok: true, intent, message: companyAccessMessages.removed(leaving ? `${leaving.first_name} ${leaving.last_name}` : 'The member') });
    }
    const parsed = parseForm(form, companyMemberChangeSchema);
    if (!parsed.ok) return refusedForm(parsed, intent);
    const changed = await companies.changeMember(userId, memberId, parsed.value);
    return data<CompanyActionSuccess>({ ok: true, intent, message: companyAccessMessages.changed(`${changed.first_name} ${changed.last_name}`) });
  } catch (error) {
    return failureFrom(error, intent, form);
  }
}
