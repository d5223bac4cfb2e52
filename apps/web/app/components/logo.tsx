import { Link } from 'react-router';

export function Logo({ name }: { name: string }) {
  return (
    <Link to="/landing" className="flex shrink-0 items-center gap-2">
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
        <rect width="64" height="64" rx="12" fill="#0f5c63" />
        <path d="M14 24l18-9 18 9v18l-18 9-18-9z" fill="#c89b6d" />
        <path d="M14 24l18 9 18-9M32 33v18" stroke="#8a6339" strokeWidth="3" fill="none" />
        <path d="M23 19.5l18 9" stroke="#f2a541" strokeWidth="4" />
      </svg>
      <span className="leading-tight">
        <span className="block text-lg font-bold tracking-tight text-brand-700">{name.split(' ')[0]}</span>
        <span className="block text-[11px] font-medium tracking-wider text-stone-500 uppercase">Packaging supplies</span>
      </span>
    </Link>
  );
}
