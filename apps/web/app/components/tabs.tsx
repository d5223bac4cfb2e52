/**
 * Tabs (WAI-ARIA tabs pattern): a tablist with roving tabindex; Left and Right move between tabs
 * (wrapping), Home and End jump to the first and last; selection follows focus. Each tab is a
 * link to the page with that tab chosen (`hrefOf`, e.g. '?pay=bank'), which the page reads from
 * its URL, so the tabs work without JavaScript; once hydrated a click selects it in place. Only
 * the selected panel's content is rendered.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  icon?: ReactNode;
  panel: ReactNode;
}

interface Props<K extends string> {
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  /** The page with that tab chosen. */
  hrefOf(key: K): string;
  /** 'segmented': buttons on a grey bar (payment); 'underlined': a line under the chosen tab (product information); 'chips': wrapping buttons, from large screens up (sizes). */
  look: 'segmented' | 'underlined' | 'chips';
  /** Classes of each panel. */
  panelClassName: string;
  testId?: string;
}

const LOOKS = {
  segmented: {
    list: 'grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1',
    tab: 'flex items-center justify-center gap-1.5 rounded-md px-2 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:gap-2 sm:px-3',
    active: 'bg-white text-brand-700 shadow-sm ring-1 ring-stone-200',
    inactive: 'text-stone-600 hover:bg-white/60 hover:text-stone-900',
  },
  underlined: {
    list: 'flex gap-1 border-b border-stone-200 px-2 sm:px-4',
    tab: '-mb-px border-b-2 px-3 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 sm:px-4 sm:text-base',
    active: 'border-brand-600 text-brand-700',
    inactive: 'border-transparent text-stone-600 hover:text-stone-900',
  },
  chips: {
    list: 'mt-2 hidden flex-wrap gap-2 lg:flex',
    tab: 'rounded-md border px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active: 'border-brand-600 bg-brand-600 text-white shadow-sm',
    inactive: 'border-stone-300 bg-white text-stone-700 hover:border-brand-500 hover:text-brand-700',
  },
};

export function Tabs<K extends string>({ label, tabs, selected, onSelect, hrefOf, look, panelClassName, testId }: Props<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLAnchorElement>());
  const styles = LOOKS[look];

  const move = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    tabRefs.current.get(key)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list} data-testid={testId}>
        {tabs.map((tab, index) => {
          const active = tab.key === selected;
          return (
            <a
              key={tab.key}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.key, el);
                else tabRefs.current.delete(tab.key);
              }}
              href={hrefOf(tab.key)}
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                onSelect(tab.key);
              }}
              onKeyDown={(event) => move(event, index)}
              data-testid={`tab-${tab.key}`}
              className={`${styles.tab} ${active ? styles.active : styles.inactive}`}
            >
              {tab.icon}
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const active = tab.key === selected;
        return (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${baseId}-panel-${tab.key}`}
            aria-labelledby={`${baseId}-tab-${tab.key}`}
            hidden={!active}
            tabIndex={0}
            className={`${panelClassName} focus-visible:outline-2 focus-visible:outline-brand-600`}
            data-testid={`panel-${tab.key}`}
          >
            {active ? tab.panel : null}
          </div>
        );
      })}
    </div>
  );
}
