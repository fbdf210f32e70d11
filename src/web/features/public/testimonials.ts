/**
 * The home page's three testimonials. They are examples written to show how the service works, not quotes
 * from real customers, and the page labels them so.
 */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const SAMPLE_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'Our flight landed at Newcastle Airport late on a Sunday. I posted the trip to Shoal Bay a week ahead, picked one of the quotes, and the driver was waiting with the car I had been told to look for.',
    name: 'Example rider',
    role: 'Visitor staying in Shoal Bay',
  },
  {
    quote:
      'I run a two-van shuttle out of Raymond Terrace. Quoting for trips heading back my way means the drive home from Nelson Bay is paid instead of empty.',
    name: 'Example driver',
    role: 'Small shuttle business, Raymond Terrace',
  },
  {
    quote:
      'Getting six of us and our luggage from Medowie to a wedding in Anna Bay was easy: one trip request, a few quotes, and we knew the fare before we left.',
    name: 'Example group booking',
    role: 'Local resident, Medowie',
  },
];
