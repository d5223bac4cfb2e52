import { redirect } from 'react-router';

// SPEC 2: the empty path redirects to the landing page.
export function loader() {
  return redirect('/landing', 301);
}
