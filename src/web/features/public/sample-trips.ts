/**
 * The home page's three sample trips (SPEC §2.4's "three sample testimonials"). Issue 32: they were
 * invented testimonials labelled as not real; now they say what happens on trips the service is built for,
 * each step something the app does.
 */
export interface SampleTrip {
  id: string;
  who: string;
  title: string;
  text: string;
}

export const SAMPLE_TRIPS: SampleTrip[] = [
  {
    id: 'late-flight',
    who: 'For riders',
    title: 'A late flight into Newcastle Airport',
    text: 'Post the trip to Shoal Bay a week ahead with your flight number. Local operators quote, you compare their prices, ratings and vehicles, and once you book you see the company, the car and its number plate.',
  },
  {
    id: 'drive-back',
    who: 'For drivers',
    title: 'The drive home, paid',
    text: 'A shuttle business that drops a group at Nelson Bay quotes for trips heading back its way, or publishes its empty seats as a run, so the return leg earns a fare instead of running empty.',
  },
  {
    id: 'group',
    who: 'For groups',
    title: 'Six people and their luggage to a wedding',
    text: 'One request from Medowie to Anna Bay with the passengers, bags and a child seat. The fare you accept is the most you can be asked to pay, and you pay the driver directly.',
  },
];
