/**
 * Delivery Services & Costs (SPEC 1): the text is app/content/delivery-information.md, rendered on the server with the shop's
 * configuration; the route ships only the layout.
 */
import type { Route } from './+types/delivery-information';
import { StaticPage, staticPageMeta } from '~/components/static-page';
import { staticPageContent } from '~/content/static-content.server';

export async function loader({ context }: Route.LoaderArgs) {
  return staticPageContent('delivery-information', context.services.shop);
}

// The text depends only on the configuration: nothing done on the page changes it.
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => staticPageMeta(matches, loaderData, '/delivery-information');

export default function DeliveryInformationPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage content={loaderData} />;
}
