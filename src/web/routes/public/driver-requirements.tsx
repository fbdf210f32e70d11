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
          and a copy of your authorisation certificate, with its expiry date, before you quote.
        </p>
      </Section>
      <Section title="Insurance">
        <p>
          You must hold current insurance for carrying passengers in every vehicle you use for trips booked
          through the marketplace: upload your certificates of currency for CTP and public liability
          insurance, with their expiry date, in your driver profile.
        </p>
      </Section>
      <Section title="A safe, registered vehicle">
        <Bullets
          items={[
            'Registered in NSW and safety-checked as the point-to-point rules require for its use.',
            'Kept clean and in good repair, with working seatbelts for every passenger you quote for.',
            'Described accurately in your profile: make, model, year, colour, registration, seats and luggage space, with a photo. Riders check these at pickup.',
            'With its latest safety inspection report uploaded: you can quote with a vehicle only while its inspection is current.',
          ]}
        />
      </Section>
      <Section title="Drivers">
        <p>
          Everyone who drives for your business must hold a current driver licence and meet the NSW
          requirements for driving passenger services, including the checks your authorisation demands.
        </p>
      </Section>
      <Section title="How we verify your business">
        <Bullets
          items={[
            'Fill in your business profile: trading name, ABN, BSP number, business phone, your base and how far you travel for pickups.',
            'Add your vehicles and upload your authorisation certificate, insurance certificate and a safety inspection for each vehicle. Documents are seen only by you and our admin team.',
            'Submit for review. We check everything, usually within one business day, and tell you by e-mail. If something needs fixing we say what.',
            'Once verified, your quotes show a Verified badge with the date. We remind you 30 and 7 days before a document expires; if one expires, your open quotes are withdrawn until a new one is approved.',
          ]}
        />
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
