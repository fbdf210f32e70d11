/** /about */
import { LAUNCH_AREAS } from '../../../shared/public-content.ts';
import { config } from '../../app/config.ts';
import { Bullets, CtaLink, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function AboutPage() {
  return (
    <PublicPage
      path="/about"
      intro={
        <p>
          {config.brandName} is a marketplace for pre-booked shuttle rides. Riders post a trip; small,
          registered shuttle businesses quote for it; the rider books the quote that suits them and pays the
          driver directly.
        </p>
      }
    >
      <Section title="Why we started in Port Stephens">
        <p>
          Port Stephens is spread out. Getting from {LAUNCH_AREAS[0]} or {LAUNCH_AREAS[1]} to Newcastle
          Airport, or from Medowie to a night out in {LAUNCH_AREAS[0]}, often means a long wait or ringing
          several operators. At the same time, local shuttle businesses drive home empty after a drop-off.
        </p>
        <p>
          Our first stage serves Port Stephens visitors and residents, and a network of small local businesses
          making transport easier and cheaper: {LAUNCH_AREAS.join(', ')}.
        </p>
      </Section>
      <Section title="What we believe">
        <Bullets
          items={[
            'Riders should know the price before the trip. The fare you book is the most you pay.',
            'Small operators should keep what they earn. We do not take payment or a cut of the fare.',
            'Trust goes both ways. Riders rate drivers and drivers rate riders after every trip.',
            'Only businesses registered with the NSW Point to Point Transport Commission may quote.',
          ]}
        />
      </Section>
      <Section title="What we are not">
        <p>
          We are not a transport operator and we do not employ drivers. Every trip is provided by an
          independent shuttle business, which is responsible for the vehicle, the driver and the ride. See our{' '}
          <TextLink to="/terms">Terms of Service</TextLink> and <TextLink to="/safety">Safety</TextLink> pages
          for what that means for you.
        </p>
      </Section>
      <Section title="Get in touch">
        <p>
          Questions, ideas or a business that wants to join? Visit <TextLink to="/support">Support</TextLink>{' '}
          or write to <TextLink to={`mailto:${config.supportEmail}`}>{config.supportEmail}</TextLink>.
        </p>
        <p>
          <CtaLink to="/signup">Get Started</CtaLink>
        </p>
      </Section>
    </PublicPage>
  );
}
