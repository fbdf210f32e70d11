/** /driver-agreement */
import { config } from '../../app/config.ts';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function DriverAgreementPage() {
  const brand = config.brandName;
  return (
    <PublicPage
      path="/driver-agreement"
      intro={
        <p>
          This agreement is between {brand} and each shuttle business (operator) that registers as a driver.
          It adds to the <TextLink to="/terms">Terms of Service</TextLink>.
        </p>
      }
    >
      <Section title="1. Your status">
        <p>
          You are an independent business, not our employee or agent. You decide which trips to quote for and
          at what fare, and you are responsible for the rides you provide.
        </p>
      </Section>
      <Section title="2. What you confirm">
        <Bullets
          items={[
            'You hold current NSW point-to-point authorisation, and the BSP number you gave us is yours.',
            'You hold insurance for carrying passengers in the vehicles you use.',
            'Your vehicles are registered, safe and described accurately in your profile.',
            'Everyone who drives for you is licensed and meets the NSW requirements.',
            'You will tell us promptly if any of this changes.',
          ]}
        />
      </Section>
      <Section title="3. Quotes and bookings">
        <Bullets
          items={[
            'A quote is an offer. When a rider books it, you must carry out the trip as quoted.',
            'The quoted fare is the maximum payable. You may charge less, never more.',
            'If you cannot make a booked trip, cancel as early as you can and tell the rider.',
            'Use the vehicle shown on the booking, or tell the rider before pickup if it changes.',
          ]}
        />
      </Section>
      <Section title="4. Payment">
        <p>The rider pays you directly. {brand} does not collect, hold or pass on fares.</p>
      </Section>
      <Section title="5. Conduct and ratings">
        <p>
          Treat riders with respect, drive safely and follow the road rules. Rate riders honestly after each
          trip. We may suspend or remove an operator after safety complaints, fares above the quote, false
          details or repeated no-shows.
        </p>
      </Section>
      <Section title="6. Rider information">
        <p>
          Use riders' names and contact details only to arrange and carry out their trips, as set out in our{' '}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </p>
      </Section>
      <Section title="7. Ending the agreement">
        <p>
          You can stop quoting and close your account at any time; bookings you have already accepted must
          still be honoured or cancelled in good time. Questions:{' '}
          <TextLink to={`mailto:${config.driversEmail}`}>{config.driversEmail}</TextLink>.
        </p>
      </Section>
    </PublicPage>
  );
}
