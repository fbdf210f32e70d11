/** /safety: what drivers must hold, what riders should check, how to report a problem. */
import { REPLY_AIM_TEXT, SUPPORT_HOURS_TEXT } from '../../../shared/public-content.ts';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function SafetyPage() {
  return (
    <PublicPage
      path="/safety"
      intro={
        <p>
          Every trip on the marketplace is run by an independent shuttle business. Here is what we require of
          them, what you should check, and what to do if something is not right.
        </p>
      }
    >
      <Section title="What drivers must hold">
        <Bullets
          items={[
            'Authorisation from the NSW Point to Point Transport Commission. Drivers give their BSP (booking service provider) number when they sign up.',
            'Insurance that covers passenger transport for the vehicles they use.',
            'Safe, registered vehicles that are maintained and safety-checked as NSW rules require.',
            'Drivers who are licensed and authorised to carry passengers in NSW.',
          ]}
        />
        <p>
          The full list is on the <TextLink to="/driver-requirements">driver requirements</TextLink> page.
        </p>
      </Section>
      <Section title="What riders should check">
        <Bullets
          items={[
            'Before the trip, agree the fare. The fare in the quote you booked is the most you can be asked to pay.',
            'At pickup, check the company and the vehicle make, model, colour and registration shown on your booking. Do not get in if they do not match.',
            'Wear a seatbelt, and tell the driver when you book if you need a child seat or space for large luggage.',
            'Share your trip details with a friend or family member if you are travelling alone.',
          ]}
        />
      </Section>
      <Section title="How to report a problem">
        <p>
          <strong>In an emergency, call 000.</strong>
        </p>
        <p>
          For anything else, such as a driver who did not arrive, a different vehicle, a fare above the quote
          or unsafe driving: when you are signed in, use the <strong>Log Issue</strong> button on any page, or
          contact <TextLink to="/support">support</TextLink> ({SUPPORT_HOURS_TEXT}). {REPLY_AIM_TEXT}
        </p>
        <p>
          Ratings matter too. An honest rating after each trip helps other riders choose, and helps us spot
          problems early.
        </p>
      </Section>
    </PublicPage>
  );
}
