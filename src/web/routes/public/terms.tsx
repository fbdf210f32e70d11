/** /terms: plain-English terms of a marketplace that connects riders with independent operators. */
import { config } from '../../app/config.ts';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function TermsPage() {
  const brand = config.brandName;
  return (
    <PublicPage
      path="/terms"
      intro={
        <p>
          These terms apply when you use {brand}. They are written to be read. By creating an account or using
          the site you agree to them.
        </p>
      }
    >
      <Section title="1. What we do">
        <p>
          {brand} is a marketplace. We connect riders who want a pre-booked shuttle ride with independent
          shuttle businesses (operators) that quote for it. We are not a transport operator: we do not own
          vehicles, employ drivers or provide rides. The operator you book provides the ride and is
          responsible for it.
        </p>
      </Section>
      <Section title="2. Fares and payment">
        <Bullets
          items={[
            'Each operator sets its own fare in its quote.',
            'The fare in the quote you book is the maximum payable for that trip. The operator may charge less, never more.',
            'You pay the operator directly, in the way you agree with them. We do not take, hold or refund payments, and we do not charge riders a booking fee.',
          ]}
        />
      </Section>
      <Section title="3. Your account">
        <Bullets
          items={[
            'Give accurate details, keep your password to yourself, and tell us if you think someone else has used your account.',
            'We may suspend or close an account that breaks these terms, gives false details, or puts others at risk.',
          ]}
        />
      </Section>
      <Section title="4. Booking, changes and cancellations">
        <p>
          A booking is an agreement between you and the operator. Turn up on time at the agreed pickup point.
          If your plans change, cancel as early as you can and tell the operator. Operators who accept a
          booking must honour it or cancel in good time.
        </p>
      </Section>
      <Section title="5. Ratings and conduct">
        <p>
          After a trip, riders and drivers rate each other. Ratings must be honest and about the trip. Treat
          each other with respect: abuse, discrimination, or damage to a vehicle are not accepted and can lead
          to an account being closed.
        </p>
      </Section>
      <Section title="6. Operators">
        <p>
          Operators must hold NSW point-to-point authorisation, insurance and safe, registered vehicles, and
          also agree to the <TextLink to="/driver-agreement">Driver Agreement</TextLink>.
        </p>
      </Section>
      <Section title="7. Our responsibility">
        <p>
          We work to keep the marketplace reliable and to admit only registered operators, but we do not
          control how an operator carries out a ride. To the extent the law allows, we are not liable for the
          ride itself. Nothing in these terms takes away your rights under the Australian Consumer Law.
        </p>
      </Section>
      <Section title="8. Privacy, changes and contact">
        <p>
          How we handle your information is set out in our <TextLink to="/privacy">Privacy Policy</TextLink>.
          We may update these terms and will show the changes on this page. These terms are governed by the
          laws of New South Wales. Questions:{' '}
          <TextLink to={`mailto:${config.supportEmail}`}>{config.supportEmail}</TextLink>.
        </p>
      </Section>
    </PublicPage>
  );
}
