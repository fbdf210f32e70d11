/** /compliance */
import { config } from '../../app/config.ts';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function CompliancePage() {
  return (
    <PublicPage
      path="/compliance"
      intro={
        <p>
          Passenger transport booked in advance in NSW is regulated as point-to-point transport. This page
          explains how {config.brandName} and the operators on it fit those rules.
        </p>
      }
    >
      <Section title="The operators">
        <Bullets
          items={[
            'Every business that quotes must be authorised by the NSW Point to Point Transport Commission. We ask for its BSP authorisation number at sign-up.',
            'Operators are responsible for their own obligations: vehicle safety and registration, insurance, driver checks and licences, and safety management.',
            'Operators must charge no more than the fare in the booked quote.',
          ]}
        />
      </Section>
      <Section title="The marketplace">
        <Bullets
          items={[
            'We show riders the company and vehicle details (make, model, colour and registration) after booking, so they can check them at pickup.',
            'We keep a record of each booking, its fare and its status, and the ratings given after the trip.',
            'We act on reports: the Log Issue button and our support team take complaints about safety, fares or conduct.',
            'We do not handle fares. Payment is made between rider and operator.',
          ]}
        />
      </Section>
      <Section title="Privacy and accessibility">
        <p>
          We handle personal information as described in our <TextLink to="/privacy">Privacy Policy</TextLink>
          , and the site is built to be usable with a keyboard and a screen reader, with adjustable text size
          and contrast.
        </p>
      </Section>
      <Section title="Concerns">
        <p>
          To raise a compliance concern about an operator or about us, write to{' '}
          <TextLink to={`mailto:${config.supportEmail}`}>{config.supportEmail}</TextLink>. You can also
          contact the NSW Point to Point Transport Commission directly.
        </p>
      </Section>
    </PublicPage>
  );
}
