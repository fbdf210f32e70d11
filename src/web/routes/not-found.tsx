/** The page for a path that is no page (the server answers it with 404). */
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta.ts';

export default function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you asked for does not exist.');
  return (
    <article className="py-12 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-700">The page you asked for does not exist or has moved.</p>
      <p className="mt-6">
        <Link to="/" className="font-semibold text-brand-600 underline underline-offset-4">
          Go to the home page
        </Link>
      </p>
    </article>
  );
}
