/** Product search: submits on Enter or the button, to /products?search= (SPEC 2). */
import { useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from './icons';

export function SearchBox() {
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action="/products"
      className="flex w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const query = String(new FormData(event.currentTarget).get('search') ?? '').trim();
        if (query) void navigate(`/products?search=${encodeURIComponent(query)}`);
      }}
    >
      <input
        type="search"
        name="search"
        aria-label="Search products"
        placeholder="Search boxes, tape, mailing bags or a size like 12x9x6"
        // Uncontrolled: words typed before the page hydrated stay. A new search in the address
        // shows its words (a new field).
        key={current}
        defaultValue={current}
        className="min-w-0 flex-1 rounded-l-md border border-r-0 border-stone-300 bg-white px-3 py-2 text-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <button type="submit" className="flex items-center gap-1 rounded-r-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700" aria-label="Search">
        <SearchIcon width={18} height={18} />
        <span className="hidden lg:inline">Search</span>
      </button>
    </form>
  );
}
