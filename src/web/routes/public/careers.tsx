/** /careers */
import { config } from '../../app/config.ts';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function CareersPage() {
  return (
    <PublicPage
      path="/careers"
      intro={
        <p>
          {config.brandName} is a small team launching in Port Stephens. We want local transport to be easier
          to book for riders and fairer for the small businesses that provide it.
        </p>
      }
    >
      <Section title="Open roles">
        <p>We have no open roles listed at the moment. When we do, they will appear on this page first.</p>
      </Section>
      <Section title="The kind of work we do">
        <Bullets
          items={[
            'Talking to shuttle operators across Port Stephens and the Hunter about what would help their business.',
            'Supporting riders and drivers by e-mail and phone during business hours.',
            'Building and running the web app: accessible, fast on a phone, and careful with personal data.',
          ]}
        />
      </Section>
      <Section title="Get in touch">
        <p>
          If you would like to help, send a short note about yourself and what you would like to work on to{' '}
          <TextLink to={`mailto:${config.supportEmail}`}>{config.supportEmail}</TextLink> with "Careers" in
          the subject.
        </p>
        <p>
          Run a shuttle business? You do not need a job with us to work with us:{' '}
          <TextLink to="/signup/driver">sign up as a driver</TextLink>.
        </p>
      </Section>
    </PublicPage>
  );
}
