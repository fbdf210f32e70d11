/** /test-page: the open debug page of SPEC §2.3, with navigation links and location info. */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PUBLIC_ROUTES } from '../../shared/roles.ts';
import { Button } from '../components/ui/button.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

/** Throws while rendering, to exercise the error card (SPEC §2.7) from the debug page. */
function Crash(): never {
  throw new Error('Test render error from the debug page');
}

export default function TestPage() {
  usePageMeta('Test Page', 'Debug page with navigation links and location information.');
  const location = useLocation();
  const [crash, setCrash] = useState(false);
  return (
    <article>
      <h1 className="text-3xl font-bold">Test page</h1>
      <h2 className="mt-6 text-xl font-semibold">Location</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-sm">
        <dt>pathname</dt>
        <dd>{location.pathname}</dd>
        <dt>search</dt>
        <dd>{location.search || '(none)'}</dd>
        <dt>hash</dt>
        <dd>{location.hash || '(none)'}</dd>
        <dt>origin</dt>
        <dd>{window.location.origin}</dd>
      </dl>
      <h2 className="mt-6 text-xl font-semibold">Error handling</h2>
      <p className="mt-2">
        <Button variant="secondary" size="sm" onClick={() => setCrash(true)}>
          Trigger a render error
        </Button>
      </p>
      {crash && <Crash />}
      <h2 className="mt-6 text-xl font-semibold">Pages</h2>
      <ul className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-3">
        {[...PUBLIC_ROUTES, '/dashboard', '/admin-dashboard'].map((r) => (
          <li key={r}>
            <Link to={r} className="text-brand-600 underline underline-offset-4">
              {r}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
