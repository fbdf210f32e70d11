/** /driver-requirements */
import { Bullets, CtaLink, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function DriverRequirementsPage() {
  return (
    <PublicPage
      path="/driver-requirements"
      intro={
        <p>
          The marketplace is open to small shuttle and hire-vehicle businesses that already operate legally in
          NSW. Before you quote for trips you need the following.
        </p>
      }
    >
      <Section title="NSW point-to-point authorisation">
        <p>
          Your business must be authorised by the NSW Point to Point Transport Commission to provide booked
          passenger services. We ask for your BSP (booking service provider) authorisation number at sign-up,
          together with your company name.
        </p>
      </Section>
      <Section title="Insurance">
        <p>
          You must hold current insurance for carrying passengers in every vehicle you use for trips booked
          through the marketplace. You can record the provider, policy number and expiry date in your driver
          profile.
        </p>
      </Section>
      <Section title="A safe, registered vehicle">
        <Bullets
          items={[
            'Registered in NSW and safety-checked as the point-to-point rules require for its use.',
            'Kept clean and in good repair, with working seatbelts for every passenger you quote for.',
            'Described accurately in your profile: make, model, year, colour, registration and seats. Riders check these at pickup.',
          ]}
        />
      </Section>
      <Section title="Drivers">
        <p>
          Everyone who drives for your business must hold a current driver licence and meet the NSW
          requirements for driving passenger services, including the checks your authorisation demands.
        </p>
      </Section>
      <Section title="How you work on the marketplace">
        <p>
          You agree to the <TextLink to="/driver-agreement">Driver Agreement</TextLink>: honour the bookings
          you accept, never charge more than the quoted fare, and treat riders with respect.
        </p>
        <p>
          <CtaLink to="/signup/driver">Sign up as a driver</CtaLink>
        </p>
      </Section>
    </PublicPage>
  );
}
