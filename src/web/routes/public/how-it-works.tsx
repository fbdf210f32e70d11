/** /how-it-works: the three steps (HOW_IT_WORKS_STEPS) in detail, for riders and for drivers. */
import { HOW_IT_WORKS_STEPS, PRICE_TEXT } from '../../../shared/public-content.ts';
import { Bullets, CtaLink, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';
import { StepPicture } from '../../features/public/StepPicture.tsx';

export default function HowItWorksPage() {
  return (
    <PublicPage
      path="/how-it-works"
      intro={
        <p>Booking a shuttle takes three steps. Posting a trip is free and you only commit when you book.</p>
      }
    >
      <Section title="For riders">
        <ol className="flex flex-col gap-4">
          {HOW_IT_WORKS_STEPS.map((step, i) => (
            <li
              key={step.name}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-card sm:flex-row sm:items-center"
            >
              <StepPicture step={step} n={i + 1} className="h-24 sm:self-auto" />
              <div>
                <h3 className="text-lg font-semibold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.name}
                </h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="What a fare costs">
        <p>
          Each business sets the fare in its quote. As a guide, fares are {PRICE_TEXT}. The fare in the quote
          you book is the maximum payable: the driver may charge less, never more. You pay the driver
          directly; we take no payment and charge no booking fee.
        </p>
      </Section>
      <Section title="After you book">
        <Bullets
          items={[
            'Your booking shows the company and the vehicle make, model, colour and registration. Check them at pickup.',
            'You and the driver can contact each other by e-mail or phone to confirm the pickup point.',
            'After the trip, rate your driver. Your driver rates you too.',
            'If something goes wrong, use the Log Issue button or contact support.',
          ]}
        />
      </Section>
      <Section title="For drivers">
        <Bullets
          items={[
            <>
              Sign up as a driver with your NSW point-to-point authorisation (BSP) number. See the{' '}
              <TextLink to="/driver-requirements">driver requirements</TextLink>.
            </>,
            'Browse available rides and quote for the trips that fit your schedule, including your return legs.',
            'When a rider books your quote, carry out the trip for no more than the quoted fare.',
            'Get paid by the rider directly, then rate the rider.',
          ]}
        />
      </Section>
      <p className="flex flex-wrap gap-3">
        <CtaLink to="/signup">Book a Ride</CtaLink>
        <CtaLink to="/signup/driver" variant="secondary">
          Join as a driver
        </CtaLink>
      </p>
    </PublicPage>
  );
}
