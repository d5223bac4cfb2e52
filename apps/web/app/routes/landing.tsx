export default function Page() {
  return <main id="main" className="mx-auto max-w-7xl px-4 py-8">landing</main>;
}
