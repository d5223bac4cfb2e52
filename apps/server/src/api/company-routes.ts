/**
 * The company's buyers through the API (docs/companies.md): the caller's company with its
 * members, and, for its admins, inviting, changing and removing members. Everything acts on the
 * company of the Bearer token's user: there is no company id in any path, so nobody can name
 * another company; a member id outside the caller's company answers 404, a buyer or viewer
 * asking to manage members 403. The bodies are the company page's forms' schemas.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInviteSchema, companyMemberChangeSchema, companyMemberIdParamsSchema, companyResponseSchema, errorResponseSchema } from '@shop/contract';
import { NotFound, type Companies } from '@shop/core';
import { requireUserId } from '../http/authentication.ts';

export interface CompanyRoutesOptions {
  companies: Companies;
}

const memberSchema = companyResponseSchema.shape.members.element;
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const admins = "Needs the Bearer token of an admin of the company (403 for its buyers and viewers; 404 for a customer of no company).";
const limits = 'order_limit and monthly_limit are pounds ex VAT (goods and delivery before VAT), monthly by London calendar month; null or absent is no limit.';

export const companyRoutes: FastifyPluginAsync<CompanyRoutesOptions> = async (app, { companies }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/company',
    {
      schema: {
        tags: ['companies'],
        summary: "The signed-in user's company, their role and its members",
        description: 'Every member may read it. A customer of no company gets 404.',
        security: [{ bearer: [] }],
        response: { 200: companyResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const company = await companies.companyOf(requireUserId(request));
      if (!company) throw new NotFound('You are not a member of a company.');
      return company;
    },
  );

  api.get(
    '/company/buyers',
    {
      schema: {
        tags: ['companies'],
        summary: "The company's members (buyers, viewers and admins)",
        description: 'Every member may read it. A customer of no company gets 404.',
        security: [{ bearer: [] }],
        response: { 200: z.array(memberSchema), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const company = await companies.companyOf(requireUserId(request));
      if (!company) throw new NotFound('You are not a member of a company.');
      return company.members;
    },
  );

  api.post(
    '/company/buyers',
    {
      schema: {
        tags: ['companies'],
        summary: 'Invite a buyer by e-mail',
        description:
          `${admins} Makes an account for the e-mail address in the role given and e-mails it a link to choose a password (valid 7 days). ` +
          `An address that already has an account is a 409. ${limits}`,
        security: [{ bearer: [] }],
        body: companyInviteSchema,
        response: { 201: memberSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = await companies.invite(requireUserId(request), request.body);
      return reply.code(201).send(member);
    },
  );

  api.put(
    '/company/buyers/:userId',
    {
      schema: {
        tags: ['companies'],
        summary: "Change a member's role and spending limits",
        description: `${admins} A company keeps at least one admin (400 otherwise). ${limits}`,
        security: [{ bearer: [] }],
        params: companyMemberIdParamsSchema,
        body: companyMemberChangeSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    (request) => companies.changeMember(requireUserId(request), request.params.userId, request.body),
  );

  api.delete(
    '/company/buyers/:userId',
    {
      schema: {
        tags: ['companies'],
        summary: 'Remove a member from the company',
        description: `${admins} Their sign-ins end at once; their account stays, with no company. The company's orders and addresses stay the company's. The last admin cannot be removed (400).`,
        security: [{ bearer: [] }],
        params: companyMemberIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await companies.removeMember(requireUserId(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
