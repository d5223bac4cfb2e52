/** The 'New' tag on products and categories marked is_new. */
export function NewBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold text-stone-900 shadow-sm ${className}`}>
      New
    </span>
  );
}
