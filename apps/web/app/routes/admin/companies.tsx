/**
 * Companies ('customers:view'): every trade company with its admins and members, searchable by
 * the company's name or a member's name or e-mail (a plain GET form). Each opens its page.
 */
import { Form, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { Cell, FilterButtons, FilterInput, ListHead, ListTable } from '~/components/admin/admin-kit';
import type { Route } from './+types/companies';

export const meta: Route.MetaFunction = () => [{ title: 'Companies - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'customers:view');
  const search = new URL(request.url).searchParams.get('q')?.slice(0, 100) ?? '';
  return { search, companies: await context.services.companies.search(search) };
}

export default function CompaniesPage({ loaderData }: Route.ComponentProps) {
  const { search, companies } = loaderData;
  return (
    <div className="space-y-6">
      <ListHead
        title="Companies"
        intro="A trade account belongs to a company; its members order for it as admin, buyer or viewer (docs/companies.md). Opening a trade account for a customer makes them a company of one."
      >
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <FilterInput label="Company, name or e-mail" name="q" defaultValue={search} />
          <FilterButtons clear={search ? '/admin/companies' : null} label="Search" />
        </Form>
      </ListHead>
      <ListTable
        id="companies-heading"
        title="Companies"
        testId="companies"
        columns={['Company', 'Admins', { label: 'Members', right: true }, 'Trade account']}
        items={companies}
        empty={search ? 'No company matches.' : 'No companies yet.'}
        emptyAs="text"
        row={(company) => (
          <tr key={company.companyId}>
            <Cell>
              <Link to={`/admin/companies/${company.companyId}`} className="font-medium text-brand-700 hover:underline">
                {company.name}
              </Link>
            </Cell>
            <Cell>{company.admins}</Cell>
            <Cell right>{company.members}</Cell>
            <Cell>{company.tradeAccount ? 'Open' : 'None'}</Cell>
          </tr>
        )}
      />
    </div>
  );
}
