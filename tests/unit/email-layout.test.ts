/** The branded e-mail layout: everything escaped, only safe links, the same content as plain text. */
import { describe, expect, it } from 'vitest';
import { EMAIL_MARK_CID, type EmailContent, renderEmail } from '../../src/server/services/email-layout.ts';

const content = (over: Partial<EmailContent> = {}): EmailContent => ({
  brandName: 'Shuttle <Co> & "Sons"',
  title: 'Booking confirmed',
  preheader: 'Your shuttle is booked',
  heading: 'Your booking is <confirmed>',
  paragraphs: ["Cara's trip & more <script>alert(1)</script>"],
  sections: [
    {
      title: 'Your driver',
      rows: [
        { label: 'Phone', value: { text: '0498 765 432', href: 'tel:+61498765432' } },
        { label: 'Pickup', value: ['35 Stockton St', 'Nelson Bay NSW 2315'] },
        { label: 'Site', value: { text: 'click <me>', href: 'javascript:alert(1)' } },
      ],
    },
  ],
  button: { text: 'View the booking', href: 'https://app.example/booking/1?a=1&b=2' },
  after: ['Small print.'],
  footer: {
    supportEmail: 'help@example.com',
    supportPhone: '(02) 4981 0000',
    reason: 'You got this because <reasons>.',
    settingsUrl: 'https://app.example/settings',
  },
  ...over,
});

describe('renderEmail', () => {
  const { html, text } = renderEmail(content());

  it('escapes every piece of content in the HTML', () => {
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<confirmed>');
    expect(html).toContain('Shuttle &lt;Co&gt; &amp; &quot;Sons&quot;');
    expect(html).toContain('Cara&#39;s trip &amp; more &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://app.example/booking/1?a=1&amp;b=2"');
  });

  it('links only http(s), mailto: and tel:', () => {
    expect(html).not.toContain('javascript:');
    expect(html).toContain('click &lt;me&gt;');
    expect(html).toContain('<a href="tel:+61498765432"');
    expect(html).toContain('href="mailto:help@example.com"');
    expect(html).toContain('href="tel:+61249810000"');
    expect(html).toContain('href="https://app.example/settings"');
  });

  it('is an e-mail client layout: tables, inline styles, 600 px at most, nothing loaded from elsewhere', () => {
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<style|<link|<script|@import|url\(/i);
    // One image, the brand mark, carried inside the message (cid:), never fetched from a server.
    expect([...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1])).toEqual([`cid:${EMAIL_MARK_CID}`]);
  });

  it('says the same in plain text, links written out', () => {
    expect(text).toBe(
      [
        'Shuttle <Co> & "Sons"',
        '',
        'Your booking is <confirmed>',
        '',
        "Cara's trip & more <script>alert(1)</script>",
        '',
        'YOUR DRIVER',
        'Phone: 0498 765 432',
        'Pickup: 35 Stockton St',
        '  Nelson Bay NSW 2315',
        'Site: click <me>',
        '',
        'View the booking: https://app.example/booking/1?a=1&b=2',
        '',
        'Small print.',
        '',
        '--',
        'Questions? E-mail help@example.com or call (02) 4981 0000 (Monday to Friday, 8 am to 8 pm).',
        'You got this because <reasons>.',
        'Choose which e-mails you get: https://app.example/settings',
        'Shuttle <Co> & "Sons" · Port Stephens, New South Wales',
        '',
      ].join('\n'),
    );
  });

  it('leaves out what is not given', () => {
    const bare = renderEmail(
      content({
        sections: [],
        button: undefined,
        after: [],
        preheader: undefined,
        footer: { ...content().footer, settingsUrl: undefined },
      }),
    );
    expect(bare.text).not.toContain('Choose which e-mails');
    expect(bare.html).not.toContain('settings');
    expect(bare.html).not.toContain('display:none');
  });
});
