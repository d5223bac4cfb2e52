/**
 * A thin bar at the top while a page navigation, a form submission (fetcher) or a direct API
 * request is pending (SPEC 4: no
 * debounce, no minimum duration, opacity 0.7).
 */
import { useSyncExternalStore } from 'react';
import { useFetchers, useNavigation } from 'react-router';
import { pendingRequests, subscribePending } from '~/lib/api-client';

export function LoadingBar() {
  const pending = useSyncExternalStore(subscribePending, pendingRequests, () => 0);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = pending > 0 || navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      data-testid="loading-bar"
      data-busy={busy ? 'true' : 'false'}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden ${busy ? 'block' : 'hidden'}`}
      style={{ opacity: 0.7 }}
    >
      <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-accent-400" />
      <style>{`@keyframes loading{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}`}</style>
    </div>
  );
}
