/** The tabs under a product (SPEC 2 "a description tab"): its description, and delivery notes. */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface InfoTab {
  label: string;
  content: ReactNode;
}

export function ProductInfoTabs({ tabs }: { tabs: InfoTab[] }) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    setActive(target);
    buttons.current[target]?.focus();
  };

  return (
    <div className="card">
      <div role="tablist" aria-label="Product information" className="flex gap-1 border-b border-stone-200 px-2 sm:px-4">
        {tabs.map((tab, index) => {
          const selected = index === active;
          return (
            <button
              key={tab.label}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(index)}
              onKeyDown={(event) => onKey(event, index)}
              className={`-mb-px border-b-2 px-3 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 sm:px-4 sm:text-base ${
                selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-stone-600 hover:text-stone-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== active}
          tabIndex={0}
          className="prose-shop px-4 py-5 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
