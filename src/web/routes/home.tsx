/** / : the home page. Its full content (every section of SPEC §2.4) comes with the public site issue. */
import { Link } from 'react-router';
import { LaunchNotice } from '../features/auth/components/LaunchNotice.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function HomePage() {
  usePageMeta(
    'Pre-booked shuttle rides in Port Stephens',
    'Post your trip, compare quotes from registered local shuttle businesses, and book the one that suits you.',
  );
  return (
    <div className="flex flex-col gap-8">
      <section className="rounded-2xl bg-brand-ink px-6 py-12 text-white sm:px-12">
        <h1 className="max-w-2xl text-4xl font-bold leading-tight">
          Pre-booked shuttle rides, quoted by local drivers
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-blue-50">
          Tell us where and when you are going. Registered Port Stephens shuttle businesses quote for your
          trip, you choose the one that suits you, and you pay your driver directly.
        </p>
        <p className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/signup"
            className="rounded-md bg-white px-5 py-3 font-semibold text-brand-ink hover:bg-blue-50"
          >
            Book a Ride
          </Link>
          <Link
            to="/how-it-works"
            className="rounded-md border border-white px-5 py-3 font-semibold text-white hover:bg-white/10"
          >
            Learn More About Our Process
          </Link>
        </p>
      </section>
      <LaunchNotice />
    </div>
  );
}
