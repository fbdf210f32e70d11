/** /support: hours, reply aim, phone and e-mail from settings, and the contact form. */
import { REPLY_AIM_TEXT, SUPPORT_HOURS_TEXT } from '../../../shared/public-content.ts';
import { ContactForm } from '../../features/public/ContactForm.tsx';
import { ContactDetails } from '../../features/public/contact-details.tsx';
import { PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function SupportPage() {
  return (
    <PublicPage
      path="/support"
      intro={
        <p>
          We answer {SUPPORT_HOURS_TEXT}. {REPLY_AIM_TEXT} In an emergency, call 000.
        </p>
      }
    >
      <Section title="Contact details">
        <ContactDetails audience="riders" />
        <p>
          Many questions are answered in the <TextLink to="/faq">FAQ</TextLink>. Shuttle businesses can also
          use <TextLink to="/driver-support">driver support</TextLink>.
        </p>
      </Section>
      <Section title="Send us a message">
        <p>We send a copy to your e-mail address so you know it arrived.</p>
        <ContactForm />
      </Section>
    </PublicPage>
  );
}
