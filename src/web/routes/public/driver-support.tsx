/** /driver-support: help for shuttle businesses, with the driver-support form (to the drivers address). */
import { ContactDetails } from '../../features/public/contact-details.tsx';
import { DriverSupportForm } from '../../features/public/DriverSupportForm.tsx';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function DriverSupportPage() {
  return (
    <PublicPage
      path="/driver-support"
      intro={
        <p>
          Questions about signing up, quoting, bookings or your account? Our driver team reads every request.
          Choose an urgency so a problem with today's trip is seen first.
        </p>
      }
    >
      <Section title="Before you write">
        <Bullets
          items={[
            <>
              Joining: see the <TextLink to="/driver-requirements">driver requirements</TextLink> and the{' '}
              <TextLink to="/driver-agreement">Driver Agreement</TextLink>.
            </>,
            <>
              Common questions are answered in the <TextLink to="/driver-faq">FAQ</TextLink>.
            </>,
            'A problem with a booking: when signed in, the Log Issue button attaches your account to the report.',
          ]}
        />
      </Section>
      <Section title="Contact details">
        <ContactDetails audience="drivers" />
      </Section>
      <Section title="Send a support request">
        <DriverSupportForm />
      </Section>
    </PublicPage>
  );
}
