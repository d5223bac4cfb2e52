import { data, type MetaFunction } from 'react-router';
import { NotFoundPage } from '~/components/not-found-page';
import { pageMeta } from '~/components/page-meta';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Page not found', 'The page you were looking for is not here. Browse our packaging range instead.'),
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
