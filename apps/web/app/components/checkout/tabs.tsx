/**
 * Accessible tabs (WAI-ARIA tabs pattern): a tablist of buttons with roving tabindex; Left and
 * Right arrows move between tabs (wrapping), Home and End jump to the first and last; selection
 * follows focus. Only the selected panel's content is rendered. With `hrefOf` the tabs are links,
 * which also work without JavaScript (the page reads the selected tab from its URL).
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
  /** Each tab as a link (e.g. '?pay=bank'), so the tabs switch without JavaScript too. */
  hrefOf?(key: K): string;
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, hrefOf }: Props<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLElement>());

  const move = (event: KeyboardEvent<HTMLElement>, index: number) => {
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
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1" data-testid="payment-tabs">
        {tabs.map((tab, index) => {
          const active = tab.key === selected;
          const common = {
            ref: (el: HTMLElement | null) => {
              if (el) tabRefs.current.set(tab.key, el);
              else tabRefs.current.delete(tab.key);
            },
            role: 'tab',
            id: `${baseId}-tab-${tab.key}`,
            'aria-selected': active,
            'aria-controls': `${baseId}-panel-${tab.key}`,
            tabIndex: active ? 0 : -1,
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => move(event, index),
            'data-testid': `tab-${tab.key}`,
            className: `flex items-center justify-center gap-1.5 rounded-md px-2 py-2.5 text-sm font-semibold whitespace-nowrap sm:gap-2 sm:px-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              active ? 'bg-white text-brand-700 shadow-sm ring-1 ring-stone-200' : 'text-stone-600 hover:bg-white/60 hover:text-stone-900'
            }`,
          };
          return hrefOf ? (
            <a
              key={tab.key}
              {...common}
              href={hrefOf(tab.key)}
              onClick={(event) => {
                event.preventDefault();
                onSelect(tab.key);
              }}
            >
              {tab.icon}
              {tab.label}
            </a>
          ) : (
            <button key={tab.key} {...common} type="button" onClick={() => onSelect(tab.key)}>
              {tab.icon}
              {tab.label}
            </button>
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
            className="pt-5 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
            data-testid={`panel-${tab.key}`}
          >
            {active ? tab.panel : null}
          </div>
        );
      })}
    </div>
  );
}
