/** / : the home page, every section of SPEC §2.4. A pure render of shared data and settings. */
import { BadgeCheck, CalendarClock, Car, Handshake, MapPinned, Star, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PRICE_PER_KM_AUD } from '../../shared/constants.ts';
import { HOW_IT_WORKS_STEPS, LAUNCH_AREAS } from '../../shared/public-content.ts';
import { config } from '../app/config.ts';
import { LaunchNotice } from '../features/auth/components/LaunchNotice.tsx';
import { CtaLink, usePublicPageMeta } from '../features/public/PublicPage.tsx';
import { StepPicture } from '../features/public/StepPicture.tsx';
import { SAMPLE_TRIPS } from '../features/public/sample-trips.ts';

const FEATURES = [
  {
    icon: BadgeCheck,
    title: 'Checked operators only',
    text: 'Before a business can quote, our team checks its NSW point-to-point authorisation, its insurance certificates and a current safety inspection for each vehicle. When one expires, it stops quoting until it is renewed.',
  },
  {
    icon: Wallet,
    title: 'The quote is the maximum',
    text: 'The fare you book is the most you can be asked to pay. No surge pricing and no booking fee.',
  },
  {
    icon: Handshake,
    title: 'Pay your driver directly',
    text: 'We never take your money. You and the driver settle the agreed fare between you.',
  },
  {
    icon: CalendarClock,
    title: 'Planned ahead',
    text: 'Pre-booked rides for airport flights, ferries, weddings, nights out and early starts.',
  },
  {
    icon: Car,
    title: 'Know your vehicle',
    text: 'After booking you see the company and the vehicle make, model, colour and registration.',
  },
  {
    icon: Star,
    title: 'Ratings both ways',
    text: 'Riders rate drivers and drivers rate riders after every trip, so good service stands out.',
  },
] as const;

const h2 = 'text-2xl font-bold text-slate-900 sm:text-3xl';
const FIELD = 'h-11 rounded-md border border-slate-400 bg-white px-3 text-base font-normal text-slate-900';

export default function HomePage() {
  const meta = usePublicPageMeta('/');
  return (
    <div className="flex flex-col gap-14">
      {/* Hero */}
      <section
        aria-labelledby="hero-heading"
        className="grid items-center gap-8 overflow-hidden rounded-3xl bg-brand-900 px-6 py-10 text-white shadow-raised sm:px-12 sm:py-14 lg:grid-cols-[1.1fr_1fr]"
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-sun-200">
            <MapPinned className="h-4 w-4" aria-hidden="true" />
            Port Stephens, NSW
          </p>
          <h1 id="hero-heading" className="mt-4 max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
            {meta.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            Tell us where and when you are going. Registered Port Stephens shuttle businesses quote for your
            trip, you choose the one that suits you, and you pay your driver directly.
          </p>
          <p className="mt-8 flex flex-wrap gap-3">
            <CtaLink to="/signup" variant="inverse">
              Book a Ride
            </CtaLink>
            <a
              href="#how-it-works"
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-white/70 px-5 py-3 font-semibold text-white hover:bg-white/10"
            >
              See how it works
            </a>
          </p>
        </div>
        {/* Drawn for this product (public/illustrations/hero.svg): a shuttle on the coast road at dusk. */}
        <img
          src="/illustrations/hero.svg"
          alt=""
          width={560}
          height={400}
          className="h-auto w-full max-w-xl justify-self-center rounded-2xl"
        />
      </section>

      {/* Port Stephens launch notice */}
      <LaunchNotice />

      {/* Issue 31: seats on drivers' runs. A plain GET form: /runs opens with the places filled in. */}
      <section
        aria-labelledby="runs-heading"
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-card"
      >
        <h2 id="runs-heading" className={h2}>
          Seats on drivers' runs
        </h2>
        <p className="text-slate-700">
          Drivers sell the empty seats on trips they make anyway, such as the drive home after an airport
          drop-off. Find one going your way and book a seat at a fixed price.
        </p>
        <form action="/runs" method="get" className="grid grid-cols-1 gap-3 sm:grid-cols-4 sm:items-end">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            From
            <input name="from" maxLength={80} placeholder="Suburb or place" className={FIELD} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            To
            <input name="to" maxLength={80} placeholder="Suburb or place" className={FIELD} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Date
            <input name="date" type="date" className={FIELD} />
          </label>
          <button
            type="submit"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
          >
            Find seats
          </button>
        </form>
      </section>

      {/* Riders / drivers explainer */}
      <section aria-labelledby="who-heading" className="flex flex-col gap-6">
        <h2 id="who-heading" className={h2}>
          One marketplace, two sides of the trip
        </h2>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-card">
            <h3 className="text-xl font-semibold text-slate-900">For riders</h3>
            <p className="mt-3 text-slate-700">
              Visiting or living in Port Stephens and need a ride you can count on? Post your pickup,
              destination, date, time, passengers and luggage once, and compare quotes from local operators
              instead of ringing around. As a guide, fares are about ${PRICE_PER_KM_AUD.toFixed(2)} per
              kilometre, but each quote sets the price.
            </p>
            <p className="mt-4">
              <Link to="/faq" className="font-semibold text-brand-600 underline underline-offset-4">
                Questions from riders
              </Link>
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-card">
            <h3 className="text-xl font-semibold text-slate-900">For drivers</h3>
            <p className="mt-3 text-slate-700">
              Run a small shuttle or hire-vehicle business with NSW point-to-point authorisation? See trip
              requests in your area, quote the fare you want, and turn empty return trips into paid rides.
              Riders pay you directly.
            </p>
            <p className="mt-4">
              <Link
                to="/driver-requirements"
                className="font-semibold text-brand-600 underline underline-offset-4"
              >
                What drivers need to join
              </Link>
            </p>
          </div>
        </div>
      </section>

      {/* How it works: the in-page anchor target */}
      <section id="how-it-works" aria-labelledby="steps-heading" className="flex scroll-mt-24 flex-col gap-6">
        <h2 id="steps-heading" className={h2}>
          How it works
        </h2>
        <ol className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {HOW_IT_WORKS_STEPS.map((step, i) => (
            <li
              key={step.name}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-card"
            >
              <StepPicture step={step} n={i + 1} className="h-28" />
              <h3 className="text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.name}
              </h3>
              <p className="text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
        <p>
          <CtaLink to="/how-it-works" variant="secondary">
            Learn More About Our Process
          </CtaLink>
        </p>
      </section>

      {/* Six features */}
      <section aria-labelledby="features-heading" className="flex flex-col gap-6">
        <h2 id="features-heading" className={h2}>
          Why book with {config.brandName}
        </h2>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-6">
              <Icon className="h-7 w-7 text-brand-600" aria-hidden="true" />
              <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
              <p className="text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Call to action */}
      <section
        aria-labelledby="cta-heading"
        className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-10"
      >
        <div className="flex items-start gap-3">
          <MapPinned className="mt-1 h-7 w-7 shrink-0 text-brand-600" aria-hidden="true" />
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold text-slate-900">
              Heading to the airport or the bay?
            </h2>
            <p className="mt-2 max-w-2xl text-slate-700">
              We serve {LAUNCH_AREAS.slice(0, -1).join(', ')} and {LAUNCH_AREAS[LAUNCH_AREAS.length - 1]}.
              Post your trip and let local drivers quote.
            </p>
          </div>
        </div>
        <CtaLink to="/signup">Book Your First Ride</CtaLink>
      </section>

      {/* Three sample trips (SPEC §2.4's samples; issue 32: trips the service is built for, told as what
          happens, not as quotes from customers who do not exist). */}
      <section aria-labelledby="samples-heading" className="flex flex-col gap-6">
        <h2 id="samples-heading" className={h2}>
          Trips it is built for
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {SAMPLE_TRIPS.map((t) => (
            <li key={t.title}>
              <article
                aria-labelledby={`sample-${t.id}`}
                className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6"
              >
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t.who}</p>
                <h3 id={`sample-${t.id}`} className="text-lg font-bold text-slate-900">
                  {t.title}
                </h3>
                <p className="flex-1 text-slate-800">{t.text}</p>
              </article>
            </li>
          ))}
        </ul>
      </section>

      {/* Closing call to action */}
      <section
        aria-labelledby="closing-heading"
        className="flex flex-col items-center gap-4 rounded-2xl bg-brand-900 px-6 py-12 text-center text-white"
      >
        <h2 id="closing-heading" className="text-2xl font-bold sm:text-3xl">
          Your next shuttle is a few quotes away
        </h2>
        <p className="max-w-xl text-brand-50">
          Create a free account, post your trip and compare quotes from registered local operators.
        </p>
        <CtaLink to="/signup" variant="inverse">
          Get Started Today
        </CtaLink>
      </section>
    </div>
  );
}
