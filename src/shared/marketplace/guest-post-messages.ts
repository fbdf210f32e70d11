/** What a guest posting a trip reads (issue 31): the answer to the post, and the e-mail that confirms it. */
export const GUEST_POST_MESSAGES = {
  /** The same words whether or not the address already has an account (no account enumeration). */
  checkEmail:
    'Almost done: we have sent you an e-mail. Open its link to confirm your address, and your trip goes live for drivers at once.',
  signedIn: 'You are signed in: post your trip from the form as usual.',
  mailSubject: (brand: string) => `Confirm your e-mail to post your ${brand} trip`,
  mailHeading: 'Confirm your e-mail to post your trip',
  mailParagraph: (trip: string) =>
    `You asked drivers for quotes on ${trip}. Open the link below to confirm your e-mail address: your trip goes live for local drivers, and you are signed in on its page.`,
  mailLinkLabel: 'Confirm and post my trip',
  mailAfter:
    'The link works once, for 15 minutes. If it has expired, sign in with a new e-mail link: your trip is kept until its pickup time.',
  mailReason: (brand: string) =>
    `You got this e-mail because a trip was posted on ${brand} with this address.`,
} as const;
